// The packaged app's command line: `vidlift-cli` (resources/bin) starts the app binary with
// `--cli <command> ...`. The RunAsNode fuse is off (electron-builder.yml: a plain Node inside
// the signed app would run any script), so the CLI runs in the app's own main process: no
// window, no single-instance lock, no app:// scheme, and the same core, keytar and SQLite
// build as the app. On Linux the wrapper adds --ozone-platform=headless, so no display is
// needed.

/** The command line's own arguments when the app was started as the CLI, else null. */
export function cliArguments(argv: readonly string[]): string[] | null {
  const at = argv.indexOf('--cli');
  return at < 0 ? null : argv.slice(at + 1);
}
