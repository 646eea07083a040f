// `remote URL...`: remote imports, as the app's Remote imports screen adds them.
import type { Command } from '../command.ts';
import { CliError, EXIT } from '../context.ts';

export const remote: Command = {
  summary: 'Ask the service to fetch videos from web addresses',
  usage: 'remote URL...',
  details: ['Each address is checked first; the service fetches the accepted ones (offline, they wait).'],
  options: {},
  async run({ positionals, out, open }) {
    if (positionals.length === 0) throw new CliError('Give at least one address.', EXIT.usage, 'usage');
    const cli = await open();
    try {
      const result = await cli.call('remote:add', { urls: positionals });
      out.result(result, () => {
        out.say(`${result.accepted} accepted.`);
        for (const r of result.rejected) out.warn(`${r.url}: ${r.reason}`);
      });
      return result.rejected.length > 0 ? EXIT.someFailed : EXIT.ok;
    } finally {
      await cli.close();
    }
  },
};
