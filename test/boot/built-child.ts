// Runs the BUILT out/main/index.js in a process of its own, as Electron would load it, on
// the Electron double (node --import ./test/doubles/register-electron.ts). It prints one
// JSON line of what the window got, then quits the app the way the menu does.
//   node --import ./test/doubles/register-electron.ts test/boot/built-child.ts '<json options>'
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { createElectronDouble } from '../doubles/electron.ts';
import { installElectronDouble } from '../doubles/register-electron.ts';
import { booted, REPO_ROOT, waitFor } from './support.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as { userData: string; safeStorageBackend?: string; preferredSystemLanguages?: string[] };
const double = installElectronDouble(createElectronDouble({ appPath: REPO_ROOT, ...options }));
// What Electron's argv looks like in the source tree: the executable, then the app folder.
process.argv = [process.execPath, REPO_ROOT];
await import(pathToFileURL(join(REPO_ROOT, 'out', 'main', 'index.js')).href);
double.ready();
const shell = await booted(double, options.userData);
const report: Record<string, unknown> = {
  order: double.calls.map((call) => call.name).filter((name) => ['protocol.registerSchemesAsPrivileged', 'app.requestSingleInstanceLock', 'app.enableSandbox', 'protocol.handle', 'new BrowserWindow'].includes(name)),
  loaded: { status: shell.window().webContents.loaded?.status, csp: shell.window().webContents.loaded?.headers.get('content-security-policy') },
  visible: shell.window().visible,
  accounts: await shell.call('accounts:list'),
  notices: await shell.call('app:notices'),
  uploads: await shell.call('uploads:list'),
  exits: double.callsTo('app.exit').map((call) => call.args[0]),
  menu: double.applicationMenu?.items.map((item) => item.label),
  tray: double.trays[0]?.tooltip,
};
await shell.quit();
await waitFor('the core to close', () => double.app.state === 'quit');
report.unimplemented = double.unimplemented;
console.log(`BOOT-REPORT ${JSON.stringify(report)}`);
process.exit(0);
