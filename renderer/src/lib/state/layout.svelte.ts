// The library's layout the person chose: how wide the folder column is and whether it is
// hidden. Kept in localStorage (it is the window's own preference, not the account's).
const KEY = 'vidlift.layout';
export const TREE_MIN = 160;
export const TREE_MAX = 480;
const TREE_DEFAULT = 220;

interface Saved {
  treeWidth: number;
  treeHidden: boolean;
}

function read(): Saved {
  try {
    const raw = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? 'null') as Partial<Saved> | null;
    return {
      treeWidth: typeof raw?.treeWidth === 'number' ? clampWidth(raw.treeWidth) : TREE_DEFAULT,
      treeHidden: raw?.treeHidden === true,
    };
  } catch {
    return { treeWidth: TREE_DEFAULT, treeHidden: false };
  }
}

export function clampWidth(width: number): number {
  return Math.round(Math.min(TREE_MAX, Math.max(TREE_MIN, width)));
}

export class Layout {
  treeWidth = $state(TREE_DEFAULT);
  treeHidden = $state(false);

  constructor() {
    const saved = read();
    this.treeWidth = saved.treeWidth;
    this.treeHidden = saved.treeHidden;
  }

  setTreeWidth(width: number): void {
    this.treeWidth = clampWidth(width);
    this.#save();
  }

  setTreeHidden(hidden: boolean): void {
    this.treeHidden = hidden;
    this.#save();
  }

  #save(): void {
    try {
      globalThis.localStorage?.setItem(KEY, JSON.stringify({ treeWidth: this.treeWidth, treeHidden: this.treeHidden }));
    } catch {
      // Storage full or unavailable: the layout just is not remembered.
    }
  }
}

export const layout = new Layout();
