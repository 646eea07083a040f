import { describe, expect, it } from 'vitest';
import { events, methods } from '../../../shared/contract.ts';
import { EVENT_NAMES, METHOD_NAMES, isEventName, isMethodName } from '../../../shared/contract-names.ts';

describe('the contract', () => {
  it('names every method and event exactly once, in noun:verb form', () => {
    expect([...METHOD_NAMES].sort()).toEqual(Object.keys(methods).sort());
    expect([...EVENT_NAMES].sort()).toEqual(Object.keys(events).sort());
    expect(new Set(METHOD_NAMES).size).toBe(METHOD_NAMES.length);
    for (const name of [...METHOD_NAMES, ...EVENT_NAMES]) expect(name).toMatch(/^[a-z]+:[a-zA-Z]+$/);
  });

  it('does not treat inherited object keys as names', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(isMethodName(name)).toBe(false);
      expect(isEventName(name)).toBe(false);
    }
  });

  it('refuses unknown keys in object inputs', () => {
    const result = methods['folders:create'].input.safeParse({ name: 'Trips', parent: 3 });
    expect(result.success).toBe(false);
  });

  it('strips unknown fields from outputs, so nothing unnamed reaches the renderer', () => {
    const id = 'A'.repeat(22);
    const parsed = methods['accounts:list'].output.parse({
      accounts: [{ id, name: 'video.example', baseUrl: 'https://video.example', last4: 'abcd', active: true, keyRefused: false, uploads: { active: 0, waiting: 0 }, key: 'ABCDEFGHIJKLabcd' }],
      activeId: id,
      storage: { available: true, backend: 'keychain', problem: null },
      baseUrl: 'https://video.example',
      key: 'ABCDEFGHIJKLabcd',
    });
    expect(parsed).not.toHaveProperty('key');
    expect(parsed.accounts[0]).not.toHaveProperty('key');
  });
});

describe('text inputs refuse NUL', () => {
  // A NUL reached SQLite as `internal`, or a search that matched everything (issue 18, item 10).
  const cases: [string, unknown][] = [
    ['videos:search', { query: 'a\0', limit: 10 }],
    ['videos:list', { folderId: 0, offset: 0, limit: 10, search: '\0' }],
    ['folders:create', { name: 'Trips\0' }],
    ['folders:rename', { id: 3, name: '\0x' }],
    ['accounts:add', { baseUrl: 'http://127.0.0.1:1/', key: 'k\0' }],
    ['media:open', { path: '/tmp/a\0b' }],
    ['remote:add', { urls: ['https://example.com/\0'] }],
  ];
  for (const [name, input] of cases) {
    it(`${name} refuses it with a validation message`, () => {
      const schema = (methods as Record<string, { input: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } } }>)[name]?.input;
      expect(schema, name).toBeDefined();
      const result = schema!.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error!.issues.map((issue) => issue.message).join(' ')).toMatch(/NUL/);
    });
  }
});
