// The Electron main process: lifecycle only. Before 'ready': the app:// scheme, the
// single-instance lock (a second launch hands its files over and quits), the sandbox for
// every renderer. After: the shell is built around the core (start.ts).
import { app, dialog, protocol } from 'electron';
import { existsSync } from 'node:fs';
import { registerAppScheme } from './protocol.ts';
import { OpenedFilesInbox, pathsFromArgv, pathsFromHandoff, type HandoffData } from './single-instance.ts';
import { startShell, type RunningShell } from './start.ts';
import { cliArguments } from './cli-mode.ts';

const cli = cliArguments(process.argv);
if (cli) {
  // The command line (vidlift-cli): the app's core without any window; see cli-mode.ts.
  void import('../cli/main.ts')
    .then(({ main }) => main(cli))
    .then(
      (code) => app.exit(code),
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : String(error));
        app.exit(1);
      },
    );
} else {
  startApp();
}

/** The desktop app: scheme and lock before 'ready', then the shell. */
function startApp(): void {
  registerAppScheme(protocol);

  const inbox = new OpenedFilesInbox();
  const argvOptions = (cwd: string) => ({ packaged: app.isPackaged, cwd, exists: existsSync });
  const launchPaths = pathsFromArgv(process.argv, argvOptions(process.cwd()));
  let shell: RunningShell | null = null;

  if (!app.requestSingleInstanceLock({ paths: launchPaths } satisfies HandoffData)) {
    // Another Vidlift runs: it received our files through 'second-instance'.
    app.quit();
  } else {
    inbox.add(launchPaths);
    app.on('second-instance', (_event, argv, workingDirectory, additionalData) => {
      inbox.add(pathsFromHandoff(additionalData) ?? pathsFromArgv(argv, argvOptions(workingDirectory)));
      shell?.showWindow();
    });
    // macOS: files dropped on the dock icon or opened with Vidlift from the Finder.
    app.on('open-file', (event, path) => {
      event.preventDefault();
      inbox.add([path]);
    });
    app.enableSandbox();
    app
      .whenReady()
      .then(async () => {
        shell = await startShell({ inbox, devServerUrl: app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL });
      })
      .catch((error: unknown) => {
        // Nothing else can report it: the core (and its log) may not exist yet. The person
        // gets the reason in words before the app goes (an error box works before any window).
        console.error('Vidlift could not start', error);
        dialog.showErrorBox('Vidlift could not start', `${error instanceof Error ? error.message : String(error)}\n\nCheck that your user folder is writable and has free space, then start Vidlift again.`);
        app.exit(1);
      });
  }
}
