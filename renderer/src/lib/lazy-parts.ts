// The parts of the window loaded on first use, not with the first screen: each is a chunk of
// its own in the built renderer (a dynamic import), fetched from app:// like the entry (the
// CSP's script-src 'self' covers it) the first time the person opens it. The first screen
// (welcome or library) is the entry alone: these stay out of what must parse before it paints.
// Account brings chart.js; the others are screens and dialogs opened by a click.
import type { ComponentProps } from 'svelte';

export const LAZY_PARTS = {
  account: () => import('../views/Account.svelte'),
  settings: () => import('../views/Settings.svelte'),
  history: () => import('../components/uploads/History.svelte'),
  exportDialog: () => import('../components/export/ExportDialog.svelte'),
  framePicker: () => import('../components/thumbnails/FramePicker.svelte'),
} as const;

export type LazyPart = keyof typeof LAZY_PARTS;
export type LazyComponent<P extends LazyPart> = Awaited<ReturnType<(typeof LAZY_PARTS)[P]>>['default'];
/** The props a part takes (none for a screen: svelte types that as an index of `never`). */
export type LazyProps<P extends LazyPart> = string extends keyof ComponentProps<LazyComponent<P>> ? object : ComponentProps<LazyComponent<P>>;

const loaded = new Map<LazyPart, ReturnType<(typeof LAZY_PARTS)[LazyPart]>>();

/** The part's module, fetched once (a second opening reuses the first promise). */
export function loadPart<P extends LazyPart>(part: P): ReturnType<(typeof LAZY_PARTS)[P]> {
  let promise = loaded.get(part);
  if (!promise) {
    promise = LAZY_PARTS[part]();
    // A failed fetch is not kept: the next opening tries again.
    promise.catch(() => loaded.delete(part));
    loaded.set(part, promise);
  }
  return promise as ReturnType<(typeof LAZY_PARTS)[P]>;
}
