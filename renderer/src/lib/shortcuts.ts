// Every keyboard shortcut of the window, said once: the Help → Keyboard Shortcuts list shows
// this table, and each component names its keys with aria-keyshortcuts. The words come from
// the catalogs when the list is shown, the keys' names too (German keyboards say Strg, Pos1,
// Bild↑), and the arrows that step in and out of a folder follow the window's direction.
import { localeRow, m } from '../../../shared/i18n/index.ts';
import { windowLocale } from './i18n.svelte.ts';

export interface Shortcut {
  /** Stable across languages (the list's key). */
  id: string;
  keys: () => string;
  what: () => string;
}

export interface ShortcutGroup {
  id: string;
  where: () => string;
  items: Shortcut[];
}

const MAC = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);
const mod = (): string => (MAC ? '⌘' : m.keys_ctrl());
/** Key names a keyboard prints in the language in force; arrows and F-keys are the same everywhere. */
const keys = (...parts: Array<string | (() => string)>) => () => parts.map((part) => (typeof part === 'string' ? part : part())).join(' ');
/** Open (step in) then close (step out): → ← left to right, ← → right to left (FolderTree's arrow keys). */
const inAndOut = (): string => (localeRow(windowLocale.locale).dir === 'rtl' ? '← →' : '→ ←');

export const SHORTCUTS: ShortcutGroup[] = [
  {
    id: 'anywhere',
    where: m.tasks_keys_anywhere,
    items: [
      { id: 'screens', keys: () => `${mod()}+1 … ${mod()}+7`, what: m.tasks_keys_screens },
      { id: 'search', keys: () => `${mod()}+F`, what: m.tasks_keys_search },
      { id: 'help', keys: () => m.tasks_keys_either({ first: '?', second: 'F1' }), what: m.tasks_keys_this_list },
    ],
  },
  {
    id: 'folders',
    where: m.tasks_keys_folder_list,
    items: [
      { id: 'move', keys: keys('↑ ↓', m.keys_home, m.keys_end), what: m.tasks_keys_folder_move },
      { id: 'open', keys: inAndOut, what: m.tasks_keys_folder_open },
      { id: 'show', keys: () => m.tasks_keys_either({ first: m.keys_enter(), second: m.keys_space() }), what: m.tasks_keys_folder_show },
      { id: 'rename', keys: keys('F2'), what: m.tasks_keys_folder_rename },
      { id: 'letter', keys: m.tasks_keys_a_letter, what: m.tasks_keys_folder_jump },
    ],
  },
  {
    id: 'videos',
    where: m.tasks_keys_video_list,
    items: [
      { id: 'move', keys: keys('↑ ↓', m.keys_page_up, m.keys_page_down, m.keys_home, m.keys_end), what: m.tasks_keys_video_move },
      { id: 'all', keys: () => `${mod()}+A`, what: m.tasks_keys_video_all },
      { id: 'copy', keys: () => `${mod()}+C`, what: m.tasks_keys_video_copy },
      { id: 'clear', keys: m.keys_escape, what: m.tasks_keys_video_clear },
    ],
  },
];
