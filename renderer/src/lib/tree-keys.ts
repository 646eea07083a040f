// The folder tree's keyboard, after the WAI-ARIA tree pattern: one Tab stop (roving
// tabindex), arrows to move, Right/Left to open and close branches or step in and out (the
// other way round when the tree reads right to left, as the pattern asks), Home and End, Enter or Space to show the folder, F2 to rename, and typing a letter to jump to
// the next folder starting with it. Pure functions, so the rules are unit-tested on their own.
import type { FolderNode } from './state/library.svelte.ts';

export interface TreeRow {
  id: number;
  name: string;
  /** 1 for Home and the top-level folders. */
  level: number;
  parentId: number | null;
  hasChildren: boolean;
  expanded: boolean;
}

export type TreeAction =
  | { kind: 'focus'; id: number }
  | { kind: 'expand'; id: number }
  | { kind: 'collapse'; id: number }
  | { kind: 'open'; id: number }
  | { kind: 'rename'; id: number };

/** Home, then the folders in display order, skipping the children of collapsed folders. */
export function visibleRows(rootId: number, rootName: string, tree: readonly FolderNode[], collapsed: ReadonlySet<number>): TreeRow[] {
  const rows: TreeRow[] = [{ id: rootId, name: rootName, level: 1, parentId: null, hasChildren: false, expanded: false }];
  const walk = (nodes: readonly FolderNode[], parentId: number | null): void => {
    for (const node of nodes) {
      const hasChildren = node.children.length > 0;
      const expanded = hasChildren && !collapsed.has(node.folder.id);
      rows.push({ id: node.folder.id, name: node.folder.name, level: node.depth, parentId, hasChildren, expanded });
      if (expanded) walk(node.children, node.folder.id);
    }
  };
  walk(tree, null);
  return rows;
}

/** Right to left, a branch opens toward the left: the pattern gives ArrowLeft what ArrowRight does left to right. */
const MIRRORED_IN_RTL: Readonly<Record<string, string>> = { ArrowLeft: 'ArrowRight', ArrowRight: 'ArrowLeft' };

/**
 * What a key does on the row `focusedId` in a tree laid out in `direction` (the tree's computed
 * CSS direction); null when the tree does not use the key.
 */
export function treeKey(rows: readonly TreeRow[], focusedId: number, pressed: string, direction: 'ltr' | 'rtl'): TreeAction | null {
  const key = direction === 'rtl' ? (MIRRORED_IN_RTL[pressed] ?? pressed) : pressed;
  const at = Math.max(0, rows.findIndex((r) => r.id === focusedId));
  const row = rows[at];
  if (!row) return null;
  const focus = (index: number): TreeAction | null => {
    const target = rows[Math.min(rows.length - 1, Math.max(0, index))];
    return target ? { kind: 'focus', id: target.id } : null;
  };
  switch (key) {
    case 'ArrowDown':
      return focus(at + 1);
    case 'ArrowUp':
      return focus(at - 1);
    case 'Home':
      return focus(0);
    case 'End':
      return focus(rows.length - 1);
    case 'ArrowRight':
      if (row.hasChildren && !row.expanded) return { kind: 'expand', id: row.id };
      if (row.expanded) return focus(at + 1);
      return null;
    case 'ArrowLeft':
      if (row.expanded) return { kind: 'collapse', id: row.id };
      return row.parentId === null ? null : { kind: 'focus', id: row.parentId };
    case 'Enter':
    case ' ':
      return { kind: 'open', id: row.id };
    case 'F2':
      return at === 0 ? null : { kind: 'rename', id: row.id };
    default:
      return typeAhead(rows, at, key);
  }
}

/** A printable character: the next row (after the focused one, wrapping) whose name starts with it. */
function typeAhead(rows: readonly TreeRow[], at: number, key: string): TreeAction | null {
  if (key.length !== 1 || key === ' ') return null;
  const letter = key.toLocaleLowerCase();
  for (let step = 1; step <= rows.length; step++) {
    const row = rows[(at + step) % rows.length]!;
    if (row.name.toLocaleLowerCase().startsWith(letter)) return { kind: 'focus', id: row.id };
  }
  return null;
}
