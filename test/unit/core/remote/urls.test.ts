import { describe, expect, it } from 'vitest';
import { checkUrls, urlProblem } from '../../../../electron/core/remote/urls.ts';
import { sayInEnglish } from '../../../../shared/i18n/say.ts';
import type { Said } from '../../../../shared/said.ts';

/** What a person reads of a reason, in English (an absent one reads as empty, and fails). */
function english(reason: Said | null | undefined): string {
  return reason ? sayInEnglish(reason) : '';
}

describe('checkUrls', () => {
  it('accepts http and https, normalized', () => {
    expect(checkUrls(['https://example.com/a.mp4', 'HTTP://Example.COM/b.mp4'])).toEqual({
      accepted: ['https://example.com/a.mp4', 'http://example.com/b.mp4'],
      rejected: [],
    });
  });

  it('rejects other schemes, credentials and garbage with a reason each', () => {
    const result = checkUrls(['ftp://example.com/a.mp4', 'javascript:alert(1)', 'not a url', 'https://user:pw@example.com/v.mp4', 'file:///etc/passwd']);
    expect(result.accepted).toEqual([]);
    expect(result.rejected.map((r) => r.url)).toEqual([
      'ftp://example.com/a.mp4',
      'javascript:alert(1)',
      'not a url',
      'https://user:pw@example.com/v.mp4',
      'file:///etc/passwd',
    ]);
    expect(english(result.rejected[0]?.reason)).toMatch(/ftp:/);
    expect(english(result.rejected[1]?.reason)).toMatch(/javascript:/);
    expect(english(result.rejected[2]?.reason)).toBe('not a web address');
    expect(english(result.rejected[3]?.reason)).toMatch(/user name or password/);
    for (const r of result.rejected) expect(english(r.reason).length).toBeGreaterThan(0);
  });

  it('collapses duplicates in one paste and skips blank lines', () => {
    const result = checkUrls(['https://a.example/x', '  ', 'https://a.example/x', ' https://A.example/x ', 'https://a.example/y']);
    expect(result).toEqual({ accepted: ['https://a.example/x', 'https://a.example/y'], rejected: [] });
  });

  it('refuses addresses longer than the contract allows', () => {
    expect(english(urlProblem(`https://a.example/${'x'.repeat(2100)}`))).toMatch(/longer than/);
  });
});
