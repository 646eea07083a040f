// Every keyboard shortcut of the window, said once: the Help → Keyboard Shortcuts list shows
// this table, and each component names its keys with aria-keyshortcuts.
export interface Shortcut {
  keys: string;
  what: string;
}

export interface ShortcutGroup {
  where: string;
  items: Shortcut[];
}

const MOD = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform) ? '⌘' : 'Ctrl';

export const SHORTCUTS: ShortcutGroup[] = [
  {
    where: 'Anywhere',
    items: [
      { keys: `${MOD}+1 … ${MOD}+7`, what: 'Library, Uploads, Remote imports, Takedowns, Fix my links, Account, Settings' },
      { keys: `${MOD}+F`, what: 'Search the library' },
      { keys: '? or F1', what: 'This list' },
    ],
  },
  {
    where: 'Folder list',
    items: [
      { keys: '↑ ↓ Home End', what: 'Move between folders' },
      { keys: '→ ←', what: 'Open or close a folder’s sub-folders, or step in and out' },
      { keys: 'Enter or Space', what: 'Show the folder’s videos' },
      { keys: 'F2', what: 'Rename the folder' },
      { keys: 'A letter', what: 'Jump to the next folder starting with it' },
    ],
  },
  {
    where: 'Video list',
    items: [
      { keys: '↑ ↓ Page Up Page Down Home End', what: 'Move (with Shift: extend the selection)' },
      { keys: `${MOD}+A`, what: 'Select all' },
      { keys: `${MOD}+C`, what: 'Copy the embed links of the selection' },
      { keys: 'Escape', what: 'Clear the selection (closes the details)' },
    ],
  },
];
