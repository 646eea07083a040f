// Runs the BUILT out/main/index.js as `vidlift-cli` starts it (the app binary with
// `--ozone-platform=headless --cli <args>`), on the Electron double, and exits with the code
// the app exited with. What the double saw goes to stderr as one CLI-REPORT line.
//   node --import ./test/doubles/register-electron.ts test/boot/built-cli-child.ts <cli args...>
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { createElectronDouble } from '../doubles/electron.ts';
import { installElectronDouble } from '../doubles/register-electron.ts';
import { REPO_ROOT, waitFor } from './support.ts';

const double = installElectronDouble(createElectronDouble({ appPath: REPO_ROOT, userData: process.env.VIDLIFT_DATA_DIR ?? '/nonexistent' }));
process.argv = [process.execPath, REPO_ROOT, '--ozone-platform=headless', '--cli', ...process.argv.slice(2)];
await import(pathToFileURL(join(REPO_ROOT, 'out', 'main', 'index.js')).href);
await waitFor('the CLI to end the app', () => double.app.state === 'exited', { tries: 1200 });
const report = { calls: [...new Set(double.calls.map((c) => c.name))], windows: double.windows.length, unimplemented: double.unimplemented };
process.stderr.write(`CLI-REPORT ${JSON.stringify(report)}\n`);
process.exit(double.app.exitCode ?? 1);
