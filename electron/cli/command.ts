// The shape of one command: its words for --help, its options (node:util parseArgs), and
// what it runs. Commands open the core themselves (some need settings for this run only).
import type { ParseArgsConfig } from 'node:util';
import type { Cli, CliOptions } from './context.ts';
import type { Output } from './output.ts';
import type { Message } from './locale.ts';

type OptionSpec = NonNullable<ParseArgsConfig['options']>;

interface CommandInput {
  positionals: string[];
  values: Record<string, string | boolean | string[] | undefined>;
  out: Output;
  open: (options?: Omit<CliOptions, 'env'>) => Promise<Cli>;
  /** Aborted on Ctrl-C: stop waiting, leave the queue as it is (resumable). */
  signal: AbortSignal;
}

/**
 * A command's words are catalog messages (cli.json), read when they are shown: the locale is
 * the environment's, known only once main() has read it.
 */
export interface Command {
  summary: () => string;
  /** The usage line after `vidlift-cli ` (`[--json]` is added where the command takes it). */
  usage: () => string;
  /** Why --json means nothing for this command (it is refused); absent: it writes one JSON document. */
  noJson?: Message;
  /** The lines after the usage in --help (one message, a line each). */
  details: () => string;
  options: OptionSpec;
  /** The exit code. */
  run(input: CommandInput): Promise<number>;
}
