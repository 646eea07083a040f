// vidlift-cli: the headless command line on the desktop app's core (`npm run cli -- …` in
// the source tree; `vidlift-cli` in the packaged app). Exit codes: 0 ok, 1 some items
// failed or not found, 2 bad usage, 3 auth or configuration, 130 stopped with Ctrl-C.
import { parseArgs } from 'node:util';
import type { Command } from './command.ts';
import { CliError, EXIT, openCli } from './context.ts';
import { createOutput, ReaderGone } from './output.ts';
import { VERSION } from './version.ts';
import { upload } from './commands/upload.ts';
import { account, ls, search, sync } from './commands/library.ts';
import { exportLinks } from './commands/export.ts';
import { remote } from './commands/remote.ts';
import { watch } from './commands/watch.ts';
import { health } from './commands/health.ts';
import { links } from './commands/links.ts';
import { speakLocaleOf } from './locale.ts';
import { m } from '../../shared/i18n/index.ts';

const COMMANDS: Record<string, Command> = { upload, remote, ls, search, sync, export: exportLinks, watch, account, health, links };

const COMMON = { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' }, account: { type: 'string' } } as const;

function overview(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));
  return [
    m.cli_overview_usage(),
    '',
    m.cli_overview_commands(),
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary()}`),
    '',
    m.cli_overview_notes({ noJson: Object.keys(COMMANDS).filter((n) => COMMANDS[n]!.noJson !== undefined).join(', ') }),
  ].join('\n');
}

function commandHelp(command: Command): string {
  const usage = m.cli_help_usage({ usage: `vidlift-cli ${command.usage()}${command.noJson === undefined ? ' [--json]' : ''}` });
  return [usage, '', m.cli_help_summary({ summary: command.summary() }), ...command.details().split('\n').map((d) => `  ${d}`)].join('\n');
}

/** Why node:util's parseArgs refused the arguments, by its error code, in the command line's words. */
function argumentProblem(error: NodeJS.ErrnoException): string {
  // The option is named in quotes in Node's message ('--folder <value>'); its name is all that is read from it.
  const option = /'(-[^' ]+)/.exec(error.message)?.[1] ?? '';
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return m.cli_args_unknown_option({ option });
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return error.message.includes('argument missing') ? m.cli_args_needs_value({ option }) : m.cli_args_takes_no_value({ option });
  if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return m.cli_args_unexpected_positional();
  return error.message;
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [name, ...rest] = argv;
  await speakLocaleOf(env);
  // Answers before any command runs (a closed pipe ends them quietly too).
  const answer = createOutput(false);
  if (name === '--version' || name === 'version') {
    answer.say(`vidlift-cli ${VERSION}`);
    return EXIT.ok;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    answer.say(overview());
    return EXIT.ok;
  }
  // Usage asked for is an answer (stdout); usage shown because of a mistake is a complaint (stderr).
  if (name === undefined) {
    process.stderr.write(`${m.cli_name_a_command()}\n\n${overview()}\n`);
    return EXIT.usage;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`${m.cli_unknown_command({ name })}\n\n${overview()}\n`);
    return EXIT.usage;
  }
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: { ...COMMON, ...command.options }, allowPositionals: true, strict: true });
  } catch (error) {
    process.stderr.write(`${argumentProblem(error as NodeJS.ErrnoException)}\n\n${commandHelp(command)}\n`);
    return EXIT.usage;
  }
  if (parsed.values.help) {
    answer.say(commandHelp(command));
    return EXIT.ok;
  }
  if (parsed.values.json === true && command.noJson !== undefined) {
    process.stderr.write(`${m.cli_takes_no_json({ command: name, why: command.noJson({}) })}\n\n${commandHelp(command)}\n`);
    return EXIT.usage;
  }
  const out = createOutput(parsed.values.json === true);
  const stop = new AbortController();
  // The reader of stdout left (`| head`): the run stops, as a Unix tool does, and ends quietly.
  const readerGone = (): boolean => out.closed.reason instanceof ReaderGone;
  out.closed.addEventListener('abort', () => {
    if (readerGone()) stop.abort();
  });
  let interrupts = 0;
  const onInterrupt = (): void => {
    interrupts++;
    // A second Ctrl-C does not wait for the clean stop.
    if (interrupts > 1) process.exit(EXIT.interrupted);
    out.warn(m.cli_stopping());
    stop.abort();
  };
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onInterrupt);
  try {
    const code = await command.run({
      positionals: parsed.positionals,
      values: parsed.values as Record<string, string | boolean | undefined>,
      out,
      open: (options) => {
        const chosen = typeof parsed.values.account === 'string' ? parsed.values.account : env.VIDLIFT_ACCOUNT;
        return openCli({ ...options, env, ...(chosen ? { account: chosen } : {}) });
      },
      signal: stop.signal,
    });
    return readerGone() ? EXIT.ok : code;
  } catch (error) {
    if (readerGone()) return EXIT.ok;
    if (error instanceof CliError) {
      // Scripts read the code and the English message, the same under every LANG; the person reads stderr.
      if (out.json && !out.closed.aborted) process.stdout.write(`${JSON.stringify({ error: { code: error.code, message: error.message } })}\n`);
      process.stderr.write(`${error.words()}\n`);
      return error.exitCode;
    }
    process.stderr.write(`${m.cli_unexpected_problem({ detail: error instanceof Error ? error.message : String(error) })}\n`);
    return EXIT.someFailed;
  } finally {
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', onInterrupt);
  }
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2));
}
