// Run 7, attacks: what an attacker (a page that got hold of the IPC, a hostile file system)
// or a mistake could do with the app's own methods, each tried for real and each required to
// be refused. The table concatenates each area's attacks (attack.ts has their shape). The run
// counts `attacks=N refused=N`; the suite fails when one was not refused or could not run.
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Attack } from './attack.ts';
import { ACCOUNT_ATTACKS } from './attacks-accounts.ts';
import { WATCH_ATTACKS } from './attacks-watch.ts';
import { summaryLine, tempDir, withinMs, type ReliabilityRun, type RunResult } from './common.ts';

export const ATTACKS: readonly Attack[] = [...ACCOUNT_ATTACKS, ...WATCH_ATTACKS];

/** One attack that has not ended by then counts as not refused (it may be hanging on what it attacks). */
const ATTACK_TIMEOUT_MS = 90_000;

export const attacksRun: ReliabilityRun = {
  name: 'attacks',
  proves: 'Every attack in the table (proxy password to a changed host, another account’s key, watch-folder escapes) is refused.',
  async execute(): Promise<RunResult> {
    const folder = tempDir('attacks');
    const problems: string[] = [];
    let refused = 0;
    try {
      for (const [index, attack] of ATTACKS.entries()) {
        const dir = join(folder.path, String(index));
        mkdirSync(dir);
        const outcome = await withinMs(attack.run({ tempDir: dir }), ATTACK_TIMEOUT_MS);
        if (outcome.timedOut) {
          problems.push(`attacks: “${attack.name}” did not end within ${ATTACK_TIMEOUT_MS / 1000} s`);
        } else if ('error' in outcome) {
          problems.push(`attacks: “${attack.name}” could not run: ${outcome.error instanceof Error ? outcome.error.message : String(outcome.error)}`);
        } else if (outcome.value.refused) {
          refused++;
          if (process.env.RELIABILITY_VERBOSE) process.stdout.write(`  refused: ${attack.name}: ${outcome.value.detail}\n`);
        } else {
          problems.push(`attacks: “${attack.name}” was NOT refused: ${outcome.value.detail}`);
        }
      }
    } finally {
      folder.remove();
    }
    return {
      summary: summaryLine('attacks', { attacks: ATTACKS.length, refused }),
      totals: { attacks: ATTACKS.length, refused },
      problems,
    };
  },
};
