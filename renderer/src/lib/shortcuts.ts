// Every keyboard shortcut of the window, said once: the Help → Keyboard Shortcuts list shows
// this table, and each component names its keys with aria-keyshortcuts. The words come from
// the catalogs when the list is shown (keys are names on the keyboard, kept as they are).
import { m } from '../../../shared/i18n/index.ts';

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

const MOD = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform) ? '⌘' : 'Ctrl';
const keys = (text: string) => () => text;

export const SHORTCUTS: ShortcutGroup[] = [
  {
    id: 'anywhere',
    where: m.tasks_keys_anywhere,
    items: [
      { id: 'screens', keys: keys(`${MOD}+1 … ${MOD}+7`), what: m.tasks_keys_screens },
      { id: 'search', keys: keys(`${MOD}+F`), what: m.tasks_keys_search },
      { id: 'help', keys: () => m.tasks_keys_either({ first: '?', second: 'F1' }), what: m.tasks_keys_this_list },
    ],
  },
  {
    id: 'folders',
    where: m.tasks_keys_folder_list,
    items: [
      { id: 'move', keys: keys('↑ ↓ Home End'), what: m.tasks_keys_folder_move },
      { id: 'open', keys: keys('→ ←'), what: m.tasks_keys_folder_open },
      { id: 'show', keys: () => m.tasks_keys_either({ first: 'Enter', second: 'Space' }), what: m.tasks_keys_folder_show },
      { id: 'rename', keys: keys('F2'), what: m.tasks_keys_folder_rename },
      { id: 'letter', keys: m.tasks_keys_a_letter, what: m.tasks_keys_folder_jump },
    ],
  },
  {
    id: 'videos',
    where: m.tasks_keys_video_list,
    items: [
      { id: 'move', keys: keys('↑ ↓ Page Up Page Down Home End'), what: m.tasks_keys_video_move },
      { id: 'all', keys: keys(`${MOD}+A`), what: m.tasks_keys_video_all },
      { id: 'copy', keys: keys(`${MOD}+C`), what: m.tasks_keys_video_copy },
      { id: 'clear', keys: keys('Escape'), what: m.tasks_keys_video_clear },
    ],
  },
];
