// Runs one FolderWatcher in its own process (the limits test starts it inside a user namespace
// with a lowered inotify watch limit) and prints what it sees as JSON lines:
// {"mode"}, {"file"} per reported file, {"ready"} once the first scan is settled. A line
// "write <path>" on stdin creates a file there; "stop" stops.
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { FolderWatcher } from '../../../../electron/core/watch/folder-watcher.ts';
import { sayInEnglish } from '../../../../shared/i18n/say.ts';

const [folder = '', recursive = 'true'] = process.argv.slice(2);
const say = (line: object): void => void process.stdout.write(`${JSON.stringify(line)}\n`);
const watcher = new FolderWatcher({
  folder,
  recursive: recursive === 'true',
  settleMs: 100,
  presenceCheckMs: 200,
  scanMs: 200,
  isKnown: () => false,
  onFile: (file) => say({ file: file.path }),
  onMode: (mode) => say({ mode }),
  onError: (problem) => say({ error: sayInEnglish(problem) }),
});
await watcher.start();
say({ started: true });
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'stop') break;
  if (line.startsWith('write ')) writeFileSync(line.slice(6), 'a finished file');
}
await watcher.stop();
say({ stopped: true });
