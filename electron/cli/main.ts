// vidlift-cli: the headless command line on the desktop app's core (`npm run cli -- …` in
// the source tree; `vidlift-cli` in the packaged app). Exit codes: 0 ok, 1 some items
// failed, 2 bad usage, 3 auth or configuration, 130 stopped with Ctrl-C.
import { parseArgs } from 'node:util';
import type { Command } from './command.ts';
import { CliError, EXIT, openCli } from './context.ts';
import { createOutput } from './output.ts';
import { upload } from './commands/upload.ts';
import { account, ls, search, sync } from './commands/library.ts';
import { exportLinks } from './commands/export.ts';
import { remote } from './commands/remote.ts';
import { watch } from './commands/watch.ts';

const COMMANDS: Record<string, Command> = { upload, remote, ls, search, sync, export: exportLinks, watch, account };

const COMMON = { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' }, account: { type: 'string' } } as const;

function overview(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));
  return [
    'Usage: vidlift-cli <command> [options]',
    '',
    'Commands:',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    '',
    'The account: VIDLIFT_BASE_URL and VIDLIFT_API_KEY, or one of the desktop app’s (its keychain entry):',
    'the one it shows, or --account NAME|ID (or VIDLIFT_ACCOUNT); `account --list` lists them.',
    'The key is never taken as an argument. VIDLIFT_DATA_DIR picks another data folder.',
    'Proxies: HTTPS_PROXY, HTTP_PROXY, ALL_PROXY, NO_PROXY.',
    'Every command takes --json (one JSON document on stdout) and --help.',
    'Exit codes: 0 ok, 1 some items failed, 2 bad usage, 3 account or configuration, 130 stopped.',
  ].join('\n');
}

function commandHelp(name: string, command: Command): string {
  return [`Usage: vidlift-cli ${command.usage}`, '', command.summary + '.', ...command.details.map((d) => `  ${d}`)].join('\n');
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${overview()}\n`);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`Unknown command “${name}”.\n\n${overview()}\n`);
    return EXIT.usage;
  }
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: { ...COMMON, ...command.options }, allowPositionals: true, strict: true });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${commandHelp(name, command)}\n`);
    return EXIT.usage;
  }
  if (parsed.values.help) {
    process.stdout.write(`${commandHelp(name, command)}\n`);
    return EXIT.ok;
  }
  const out = createOutput(parsed.values.json === true);
  const stop = new AbortController();
  let interrupts = 0;
  const onInterrupt = (): void => {
    interrupts++;
    // A second Ctrl-C does not wait for the clean stop.
    if (interrupts > 1) process.exit(EXIT.interrupted);
    out.warn('Stopping… (the queue keeps what is left; run the command again to continue)');
    stop.abort();
  };
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onInterrupt);
  try {
    return await command.run({
      positionals: parsed.positionals,
      values: parsed.values as Record<string, string | boolean | undefined>,
      out,
      open: (options) => {
        const chosen = typeof parsed.values.account === 'string' ? parsed.values.account : env.VIDLIFT_ACCOUNT;
        return openCli({ ...options, env, ...(chosen ? { account: chosen } : {}) });
      },
      signal: stop.signal,
    });
  } catch (error) {
    if (error instanceof CliError) {
      if (out.json) process.stdout.write(`${JSON.stringify({ error: { code: error.code, message: error.message } })}\n`);
      process.stderr.write(`${error.message}\n`);
      return error.exitCode;
    }
    process.stderr.write(`Unexpected problem: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.someFailed;
  } finally {
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', onInterrupt);
  }
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2));
}
