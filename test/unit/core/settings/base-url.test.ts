import { describe, expect, it } from 'vitest';
import { normalizeBaseUrl } from '../../../../electron/core/accounts/base-url.ts';
import { accountFor } from '../../../../electron/core/secrets/secret-store.ts';

describe('normalizeBaseUrl', () => {
  it.each([
    ['https://api.example.com/', 'https://api.example.com'],
    ['  https://API.example.com:443/v  ', 'https://api.example.com/v'],
    ['http://127.0.0.1:8080//', 'http://127.0.0.1:8080'],
    ['https://h.example/prefix/', 'https://h.example/prefix'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeBaseUrl(input)).toBe(expected);
  });

  it.each(['', 'api.example.com', 'ftp://h.example', 'https://user:pw@h.example', 'https://h.example/?key=x', 'https://h.example/#x', 'https://h.example?'])(
    'refuses %j with a validation error',
    (input) => {
      expect(() => normalizeBaseUrl(input)).toThrow(expect.objectContaining({ code: 'validation' }));
    },
  );
});

describe('accountFor', () => {
  it('files keys by origin and path so several services keep their own', () => {
    expect(accountFor('https://a.example')).toBe('api-key:https://a.example');
    expect(accountFor('https://a.example/v/')).toBe('api-key:https://a.example/v');
    expect(accountFor('http://127.0.0.1:1234')).not.toBe(accountFor('http://127.0.0.1:1235'));
  });
});
