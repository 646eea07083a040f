import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Issue 18, item 7: with hardenedRuntime and no entitlements file, electron-builder's default
// adds disable-library-validation, so any dylib could be loaded into the signed app.
const repo = join(import.meta.dirname, '../../..');

describe('macOS signing', () => {
  it('ships its own entitlements, without disable-library-validation', () => {
    // The mac: block of electron-builder.yml, read line by line (two-space keys under it).
    const yml = readFileSync(join(repo, 'electron-builder.yml'), 'utf8');
    const mac = /^mac:\n((?: {2}.*\n)+)/m.exec(yml)?.[1] ?? '';
    const value = (key: string) => new RegExp(`^ {2}${key}: *(\\S+)`, 'm').exec(mac)?.[1];
    expect(value('hardenedRuntime')).toBe('true');
    for (const key of ['entitlements', 'entitlementsInherit']) {
      const file = value(key);
      expect(typeof file, key).toBe('string');
      expect(existsSync(join(repo, file as string)), key).toBe(true);
      const plist = readFileSync(join(repo, file as string), 'utf8');
      expect(plist).toContain('com.apple.security.cs.allow-jit');
      expect(plist).not.toContain('disable-library-validation');
    }
  });
});
