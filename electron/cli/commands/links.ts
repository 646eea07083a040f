// `links SUBCOMMAND …`: the life of a link on the command line, one row per subcommand (each
// in its own file); the group takes the first word, checks that only that subcommand's options
// were given, and runs it with the rest.
import type { Command } from '../command.ts';
import { CliError, EXIT } from '../context.ts';
import { linksCheck, linksFix } from './links-text.ts';

const SUBCOMMANDS: Readonly<Record<string, Command>> = { check: linksCheck, fix: linksFix };

const NAMES = Object.keys(SUBCOMMANDS);

export const links: Command = {
  summary: `Links of this service in a text: ${NAMES.join(', ')}`,
  usage: Object.values(SUBCOMMANDS)
    .map((sub) => sub.usage)
    .join('\n       vidlift-cli '),
  details: Object.entries(SUBCOMMANDS).flatMap(([name, sub]) => [`${name}: ${sub.summary}.${sub.noJson !== undefined ? ' (No --json: ' + sub.noJson + ')' : ''}`, ...sub.details.map((line) => `  ${line}`)]),
  options: Object.assign({}, ...Object.values(SUBCOMMANDS).map((sub) => sub.options)) as Command['options'],
  async run(input) {
    const [name, ...positionals] = input.positionals;
    const sub = name === undefined ? undefined : SUBCOMMANDS[name];
    if (!sub) throw new CliError(`links takes a subcommand: ${NAMES.join(', ')}.`, EXIT.usage, 'usage');
    const foreign = Object.keys(input.values).filter((option) => input.values[option] !== undefined && option in links.options && !(option in sub.options));
    if (foreign.length > 0) throw new CliError(`links ${name} takes no --${foreign.join(', --')}.`, EXIT.usage, 'usage');
    if (input.out.json && sub.noJson !== undefined) throw new CliError(`links ${name} takes no --json: ${sub.noJson}`, EXIT.usage, 'usage');
    return sub.run({ ...input, positionals });
  },
};
