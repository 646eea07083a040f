import { describe, expect, it } from 'vitest';
import { treeKey, visibleRows } from '../../../../renderer/src/lib/tree-keys.ts';
import { buildTree } from '../../../../renderer/src/lib/state/library.svelte.ts';
import type { Folder } from '../../../../shared/model.ts';

const folder = (id: number, name: string, parent = 0): Folder => ({ id, name, parent, code: `c${id}`, isPublic: false, openEmbed: false, files: 0, color: '', pending: null });
const tree = buildTree([folder(1, 'Travel'), folder(2, 'Japan', 1), folder(3, 'Iceland', 1), folder(4, 'Work'), folder(5, 'Tokyo', 2)]);

describe('visibleRows', () => {
  it('lists Home, then every folder in order with its level, children of collapsed folders hidden', () => {
    expect(visibleRows(0, 'Home', tree, new Set()).map((r) => `${r.level}:${r.name}`)).toEqual(['1:Home', '1:Travel', '2:Iceland', '2:Japan', '3:Tokyo', '1:Work']);
    expect(visibleRows(0, 'Home', tree, new Set([1])).map((r) => r.name)).toEqual(['Home', 'Travel', 'Work']);
    const travel = visibleRows(0, 'Home', tree, new Set([1])).find((r) => r.id === 1)!;
    expect(travel).toMatchObject({ hasChildren: true, expanded: false });
  });
});

describe('treeKey (WAI-ARIA tree)', () => {
  const rows = visibleRows(0, 'Home', tree, new Set());
  it.each([
    ['ArrowDown', 0, { kind: 'focus', id: 1 }],
    ['ArrowDown', 4, { kind: 'focus', id: 4 }],
    ['ArrowDown', 4 /* Work is last */, { kind: 'focus', id: 4 }],
    ['ArrowUp', 1, { kind: 'focus', id: 0 }],
    ['ArrowUp', 0, { kind: 'focus', id: 0 }],
    ['Home', 5, { kind: 'focus', id: 0 }],
    ['End', 0, { kind: 'focus', id: 4 }],
    ['ArrowRight', 1, { kind: 'focus', id: 3 }],
    ['ArrowRight', 5, null],
    ['ArrowLeft', 1, { kind: 'collapse', id: 1 }],
    ['ArrowLeft', 5, { kind: 'focus', id: 2 }],
    ['ArrowLeft', 0, null],
    ['Enter', 2, { kind: 'open', id: 2 }],
    [' ', 2, { kind: 'open', id: 2 }],
    ['F2', 2, { kind: 'rename', id: 2 }],
    ['F2', 0, null],
    ['w', 0, { kind: 'focus', id: 4 }],
    ['t', 5, { kind: 'focus', id: 1 }],
    ['t', 1, { kind: 'focus', id: 5 }],
    ['q', 0, null],
    ['Tab', 0, null],
  ] as const)('%s on folder %i', (key, id, action) => {
    expect(treeKey(rows, id, key, 'ltr')).toEqual(action);
  });

  // Right to left (Arabic) the arrows swap: ArrowLeft steps into a branch, ArrowRight out of it.
  it.each([
    ['ArrowLeft', 1, { kind: 'focus', id: 3 }],
    ['ArrowLeft', 5, null],
    ['ArrowRight', 1, { kind: 'collapse', id: 1 }],
    ['ArrowRight', 5, { kind: 'focus', id: 2 }],
    ['ArrowRight', 0, null],
    ['ArrowDown', 0, { kind: 'focus', id: 1 }],
    ['Home', 5, { kind: 'focus', id: 0 }],
  ] as const)('right to left: %s on folder %i', (key, id, action) => {
    expect(treeKey(rows, id, key, 'rtl')).toEqual(action);
  });

  it('expands a collapsed branch with ArrowRight', () => {
    const folded = visibleRows(0, 'Home', tree, new Set([1]));
    expect(treeKey(folded, 1, 'ArrowRight', 'ltr')).toEqual({ kind: 'expand', id: 1 });
  });

  it('expands a collapsed branch with ArrowLeft right to left', () => {
    const folded = visibleRows(0, 'Home', tree, new Set([1]));
    expect(treeKey(folded, 1, 'ArrowLeft', 'rtl')).toEqual({ kind: 'expand', id: 1 });
    // A top-level folder has no parent to step out to.
    expect(treeKey(folded, 1, 'ArrowRight', 'rtl')).toBeNull();
  });
});
