import { describe, expect, it } from 'vitest';
import { MEDIA_TOKEN_IDLE_MS, MEDIA_TOKEN_MAX_AGE_MS, MEDIA_TOKENS_MAX, MediaTokens } from '../../../../electron/core/files/media-tokens.ts';
import { parseRange } from '../../../../electron/core/files/media-range.ts';

/** A lent file as media:open records it (its identity is only carried here). */
const lent = (path: string) => ({ path, dev: '2049', ino: String(path.length), size: 10, mtimeMs: 1 });

describe('MediaTokens', () => {
  it('issues a new unguessable token each time, for one path', () => {
    const tokens = new MediaTokens();
    const a = tokens.issue(lent('/v/a.mp4'));
    const b = tokens.issue(lent('/v/a.mp4'));
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens.resolve(a)).toEqual(lent('/v/a.mp4'));
    expect(tokens.resolve('/v/a.mp4')).toBeNull();
  });

  it('forgets a token when released, idle too long, or too old, and keeps a bounded number', () => {
    let now = 0;
    const tokens = new MediaTokens(() => now);
    const released = tokens.issue(lent('/v/a.mp4'));
    tokens.release(released);
    expect(tokens.resolve(released)).toBeNull();

    const idle = tokens.issue(lent('/v/b.mp4'));
    now += MEDIA_TOKEN_IDLE_MS + 1;
    expect(tokens.resolve(idle)).toBeNull();

    const busy = tokens.issue(lent('/v/c.mp4'));
    for (let t = 0; t < MEDIA_TOKEN_MAX_AGE_MS; t += MEDIA_TOKEN_IDLE_MS / 2) {
      now += MEDIA_TOKEN_IDLE_MS / 2;
      tokens.resolve(busy);
    }
    now += 1;
    expect(tokens.resolve(busy)).toBeNull();

    const many = Array.from({ length: MEDIA_TOKENS_MAX + 2 }, (_, i) => tokens.issue(lent(`/v/${i}.mp4`)));
    expect(tokens.size).toBe(MEDIA_TOKENS_MAX);
    expect(tokens.resolve(many[0]!)).toBeNull();
    expect(tokens.resolve(many.at(-1)!)).toEqual(lent(`/v/${MEDIA_TOKENS_MAX + 1}.mp4`));
  });
});

describe('parseRange', () => {
  it('reads the single byte ranges media elements send', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-5', 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=20-10', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });
});
