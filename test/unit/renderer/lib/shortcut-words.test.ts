// The keyboard shortcuts list (Help → Keyboard Shortcuts) names keys as the keyboards of the
// language in force print them (German: Strg, Pos1, Ende), and the arrows that step into and
// out of a folder follow the window's direction (FolderTree: right to left, ← opens).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { flushSync } from 'svelte';
import { SHORTCUTS } from '../../../../renderer/src/lib/shortcuts.ts';
import { windowLocale } from '../../../../renderer/src/lib/i18n.svelte.ts';
import { loadCatalog } from '../../../../renderer/src/lib/catalog.svelte.ts';

const keysOf = (group: string, id: string): string => SHORTCUTS.find((g) => g.id === group)!.items.find((item) => item.id === id)!.keys();

beforeAll(async () => {
  await Promise.all([loadCatalog('de'), loadCatalog('ar')]);
});

afterEach(() => {
  windowLocale.choice = 'system';
  flushSync();
});

describe('shortcut words', () => {
  it('names the keys in English by default', () => {
    windowLocale.choice = 'en';
    flushSync();
    expect(keysOf('videos', 'move')).toBe('↑ ↓ Page Up Page Down Home End');
    expect(keysOf('videos', 'clear')).toBe('Escape');
    expect(keysOf('anywhere', 'search')).toMatch(/^(Ctrl|⌘)\+F$/);
    expect(keysOf('folders', 'open')).toBe('→ ←');
    expect(keysOf('folders', 'show')).toBe('Enter or Space');
  });

  it('names them as a German keyboard does, and mirrors the folder arrows in Arabic', () => {
    windowLocale.choice = 'de';
    flushSync();
    expect(keysOf('folders', 'move')).toBe('↑ ↓ Pos1 Ende');
    expect(keysOf('videos', 'move')).toBe('↑ ↓ Bild↑ Bild↓ Pos1 Ende');
    expect(keysOf('anywhere', 'screens')).toMatch(/^(Strg|⌘)\+1 … (Strg|⌘)\+7$/);
    expect(keysOf('folders', 'open')).toBe('→ ←');
    windowLocale.choice = 'ar';
    flushSync();
    expect(keysOf('folders', 'open')).toBe('← →');
  });
});
