// `remote URL...`: remote imports, as the app's Remote imports screen adds them.
import type { Command } from '../command.ts';
import { CliError, EXIT } from '../context.ts';
import { m } from '../../../shared/i18n/index.ts';
import { counted, words } from '../locale.ts';
import { say } from '../../../shared/i18n/say.ts';

export const remote: Command = {
  summary: m.cli_remote_summary,
  usage: m.cli_remote_usage,
  details: m.cli_remote_details,
  options: {},
  async run({ positionals, out, open }) {
    if (positionals.length === 0) throw new CliError(words(m.cli_remote_no_addresses, {}), EXIT.usage, 'usage');
    const cli = await open();
    try {
      const result = await cli.call('remote:add', { urls: positionals });
      out.result(result, () => {
        out.say(m.cli_remote_accepted(counted(result.accepted)));
        for (const r of result.rejected) out.warn(`${r.url}: ${say(r.reason)}`);
      });
      return result.rejected.length > 0 ? EXIT.someFailed : EXIT.ok;
    } finally {
      await cli.close();
    }
  },
};
