// Issue 27 item 11: `npm run dist` refuses an update feed that is not https. The check is
// electron-builder's beforePack hook (resources/check-update-feed.cjs), named in
// electron-builder.yml, run on the feed electron-builder resolved for app-update.yml.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);

describe('the update feed check of npm run dist', () => {
  it('is electron-builder.yml\'s beforePack hook', () => {
    const yml = readFileSync(join(repo, 'electron-builder.yml'), 'utf8');
    expect(/^beforePack: *(\S+)$/m.exec(yml)?.[1]).toBe('./resources/check-update-feed.cjs');
    const hook = require(join(repo, 'resources/check-update-feed.cjs')) as { beforePack: unknown };
    expect(typeof hook.beforePack).toBe('function');
  });

  it('refuses any feed but https, in one sentence', () => {
    const { updateFeedProblem } = require(join(repo, 'resources/check-update-feed.cjs')) as { updateFeedProblem: (config: unknown) => string | null };
    for (const url of ['http://updates.example.com/vidlift/', 'ftp://updates.example.com/', 'file:///srv/updates', 'updates.example.com/vidlift', '', 'HTTP://x.test/']) {
      expect(updateFeedProblem({ provider: 'generic', url }), url).toBe(
        `The update address "${url}" is not an https:// address: set VIDLIFT_UPDATE_URL (or publish.url) to an https:// address and build again.`,
      );
    }
    expect(updateFeedProblem({ provider: 'generic', url: 'https://updates.example.com/vidlift/' })).toBeNull();
    expect(updateFeedProblem({ provider: 'github', owner: 'o', repo: 'r' })).toBeNull();
    expect(updateFeedProblem(null)).toBeNull();
  });
});
