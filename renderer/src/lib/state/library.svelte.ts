// The library screen's state: the folder tree, the folder on screen with its videos
// (paged, searched, sorted), and which videos are selected.
import { SvelteSet } from 'svelte/reactivity';
import type { Folder, Freshness, Video, VideoSort } from '../../../../shared/model.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';
import { notices as defaultNotices, type Notices } from './notices.svelte.ts';
import { VideoPages } from './video-pages.svelte.ts';
import type { SelectionSummary, VideoQuery, VideoSelection } from '../../../../shared/selection.ts';
import { accountLifecycle } from './account-lifecycle.ts';
import { m } from '../i18n.svelte.ts';

export const ROOT_FOLDER_ID = 0;
/**
 * The one name of the top level, wherever the window names a folder (the tree, menus, notices,
 * watch folders), in the window's language. Exports and hook payloads keep "Home": they are data.
 */
export function rootFolderName(): string {
  return m.library_root_folder();
}

export interface FolderNode {
  folder: Folder;
  depth: number;
  children: FolderNode[];
}

/** Folders as a tree under the root; a folder whose parent is unknown hangs at the top. */
export function buildTree(folders: readonly Folder[]): FolderNode[] {
  // Plain records, not Maps: this is a pure computation, nothing here needs to be reactive.
  const known: Record<number, boolean> = {};
  for (const folder of folders) known[folder.id] = true;
  const children: Record<number, Folder[]> = {};
  for (const folder of folders) {
    const parent = folder.parent !== folder.id && known[folder.parent] ? folder.parent : ROOT_FOLDER_ID;
    (children[parent] ??= []).push(folder);
  }
  const placed: Record<number, boolean> = {};
  const grow = (parentId: number, depth: number): FolderNode[] =>
    (children[parentId] ?? [])
      .filter((f) => {
        if (f.id === ROOT_FOLDER_ID || placed[f.id]) return false;
        placed[f.id] = true;
        return true;
      })
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }))
      .map((folder) => ({ folder, depth, children: grow(folder.id, depth + 1) }));
  return grow(ROOT_FOLDER_ID, 1);
}

/** The tree flattened in display order (what a keyboard walks through). */
export function flattenTree(nodes: readonly FolderNode[]): FolderNode[] {
  return nodes.flatMap((node) => [node, ...flattenTree(node.children)]);
}

export class Library {
  folders = $state.raw<Folder[]>([]);
  foldersFreshness = $state<Freshness | null>(null);
  folderId = $state(ROOT_FOLDER_ID);
  sort = $state<VideoSort>('newest');
  search = $state('');
  everywhere = $state(false);
  /** A library-wide search shows the taken-down and gone videos whose title matches too (their tombstones). */
  includeDead = $state(false);
  /** Videos picked one by one (click, Ctrl+click): kept across searches and folders. */
  selected = new SvelteSet<string>();
  /** A span of rows of the listing shown (Shift+click, Ctrl+A): positions, resolved in the core. */
  span = $state.raw<VideoSelection['span']>(null);
  /** Rows unpicked inside the span (Ctrl+click). */
  except = new SvelteSet<string>();
  /** What the core counted for the selection (the panel's count and size); null while it counts. */
  summary = $state.raw<SelectionSummary | null>(null);
  /** The row a shift-click extends from. */
  anchor = $state<number | null>(null);
  #summaryRequest = 0;
  readonly pages: VideoPages;
  readonly #api: ApiClient;
  readonly #notices: Notices;
  #searchTimer: ReturnType<typeof setTimeout> | undefined;
  /** Settles the promise of a search still waiting for a pause in typing. */
  #settleWaitingSearch: (() => void) | undefined;
  /** Built once per change of the folders, not on every read. */
  readonly tree: FolderNode[] = $derived(buildTree(this.folders));

  constructor(api: ApiClient = defaultApi, notices: Notices = defaultNotices) {
    this.#api = api;
    this.#notices = notices;
    this.pages = new VideoPages(api, (error) => notices.error(m.library_videos_failed(), error));
  }

  get currentFolder(): Folder | null {
    return this.folders.find((f) => f.id === this.folderId) ?? null;
  }

  folderName(id: number): string {
    if (id === ROOT_FOLDER_ID) return rootFolderName();
    return this.folders.find((f) => f.id === id)?.name ?? m.library_this_folder();
  }

  /** The one selected video, when exactly one is. */
  get focused(): Video | null {
    if (this.span !== null || this.selected.size !== 1) return null;
    const [id] = this.selected;
    return this.pages.rows.find((row) => row?.id === id) ?? null;
  }

  async load(): Promise<void> {
    await Promise.all([this.loadFolders(), this.#reload()]);
  }

  start(): () => void {
    return this.#api.on('library:changed', (change) => {
      if (change.folders) void this.loadFolders();
      if (change.folderIds.includes(this.folderId) || change.folders) void this.pages.refresh();
    });
  }

  async loadFolders(): Promise<void> {
    try {
      const view = await this.#api.call('folders:list');
      this.folders = view.folders;
      this.foldersFreshness = view.freshness;
    } catch (error) {
      this.#notices.error(m.library_folders_failed(), error);
    }
  }

  openFolder(id: number): Promise<void> {
    this.folderId = id;
    this.clearSelection();
    if (this.everywhere) this.everywhere = false;
    return this.#reload();
  }

  setSort(sort: VideoSort): Promise<void> {
    this.sort = sort;
    return this.#reload();
  }

  setEverywhere(on: boolean): Promise<void> {
    this.everywhere = on;
    return this.#reload();
  }

  setIncludeDead(on: boolean): Promise<void> {
    this.includeDead = on;
    return this.#reload();
  }

  /** Typing filters at once from the local index; a short pause spares a query per key. */
  setSearch(text: string, delayMs = 120): Promise<void> {
    this.search = text;
    this.#cancelWaitingSearch();
    if (delayMs <= 0) return this.#reload();
    return new Promise((resolve) => {
      // A newer search replaces this one: its caller then hears "done" at once (the newer
      // search brings the rows), rather than waiting for ever.
      this.#settleWaitingSearch = resolve;
      this.#searchTimer = setTimeout(() => {
        this.#settleWaitingSearch = undefined;
        void this.#reload().then(resolve);
      }, delayMs);
    });
  }

  /** Back to a blank library (sign-out, another account): nothing of the last one stays. */
  reset(): void {
    this.#cancelWaitingSearch();
    this.folders = [];
    this.foldersFreshness = null;
    this.folderId = ROOT_FOLDER_ID;
    this.sort = 'newest';
    this.search = '';
    this.everywhere = false;
    this.includeDead = false;
    this.selected.clear();
    this.span = null;
    this.except.clear();
    this.summary = null;
    this.anchor = null;
    this.pages.clear();
  }

  #cancelWaitingSearch(): void {
    clearTimeout(this.#searchTimer);
    this.#searchTimer = undefined;
    const settle = this.#settleWaitingSearch;
    this.#settleWaitingSearch = undefined;
    settle?.();
  }

  /** Click: only this one; ctrl/cmd: toggle; shift: the range from the last click. */
  select(index: number, mode: 'only' | 'toggle' | 'range'): void {
    const id = this.pages.rows[index]?.id;
    if (!id && mode !== 'range') return;
    if (mode === 'range' && this.anchor !== null) {
      // Positions, not loaded rows: a range over 12,016 rows is 12,016 videos, loaded or not.
      const [from, to] = this.anchor < index ? [this.anchor, index] : [index, this.anchor];
      this.selected.clear();
      this.except.clear();
      this.span = { query: this.#query(), from, to };
      this.#countSelection();
      return;
    }
    if (!id) return;
    if (mode === 'toggle') {
      if (this.#inSpan(index)) {
        if (this.except.has(id)) this.except.delete(id);
        else this.except.add(id);
      } else if (this.selected.has(id)) this.selected.delete(id);
      else this.selected.add(id);
    } else {
      this.#endSpan();
      this.selected.clear();
      this.selected.add(id);
    }
    this.anchor = index;
    this.#countSelection();
  }

  /** Ctrl+A: every video of the listing shown, loaded or not. */
  selectAll(): void {
    if (this.pages.total === 0) return;
    this.selected.clear();
    this.except.clear();
    this.span = { query: this.#query(), from: 0, to: null };
    this.#countSelection();
  }

  clearSelection(): void {
    this.selected.clear();
    this.#endSpan();
    this.anchor = null;
    this.#countSelection();
  }

  /** Whether the row at `index` (video `id`) is selected. */
  isSelected(index: number, id: string): boolean {
    if (this.selected.has(id)) return true;
    return this.#inSpan(index) && !this.except.has(id);
  }

  get hasSelection(): boolean {
    return this.selected.size > 0 || this.span !== null;
  }

  /** How many are selected: the core's count once it answered, the picked ones meanwhile. */
  get selectedCount(): number {
    return this.summary?.count ?? (this.span === null ? this.selected.size : 0);
  }

  /** The selection as the core resolves it (count, size, links, export). */
  selection(): VideoSelection {
    return { ids: [...this.selected], span: this.span, except: [...this.except] };
  }

  /** The selection's links, one per line, exported by the core (all of them, not the rows loaded). */
  async selectionLinks(link: 'download' | 'embed'): Promise<{ text: string; count: number }> {
    return this.#api.call('export:text', { source: { kind: 'selection', selection: this.selection() }, options: { format: link } });
  }

  #query(): VideoQuery {
    return { folderId: this.folderId, sort: this.sort, search: this.search.trim(), everywhere: this.everywhere };
  }

  #inSpan(index: number): boolean {
    const span = this.span;
    return span !== null && index >= span.from && (span.to === null || index <= span.to);
  }

  #endSpan(): void {
    this.span = null;
    this.except.clear();
  }

  /** Asks the core for the count and size; an older answer never overwrites a newer one. */
  #countSelection(): void {
    const request = ++this.#summaryRequest;
    if (!this.hasSelection) {
      this.summary = null;
      return;
    }
    this.summary = null;
    this.#api.call('videos:selectionSummary', { selection: this.selection() }).then(
      (summary) => {
        if (request === this.#summaryRequest) this.summary = summary;
      },
      (error: unknown) => this.#notices.error(m.library_selection_count_failed(), error),
    );
  }

  async createFolder(name: string): Promise<Folder> {
    const folder = await this.#api.call('folders:create', { name });
    this.folders = [...this.folders.filter((f) => f.id !== folder.id), folder];
    return folder;
  }

  async renameFolder(id: number, name: string): Promise<Folder> {
    const folder = await this.#api.call('folders:rename', { id, name });
    this.folders = this.folders.map((f) => (f.id === folder.id ? folder : f));
    return folder;
  }

  async setSkipIntro(id: string, seconds: number): Promise<Video> {
    const video = await this.#api.call('videos:setSkipIntro', { id, seconds });
    this.pages.patch(video);
    return video;
  }

  async copyVideo(id: string): Promise<boolean> {
    return (await this.#api.call('videos:copy', { id })).queued;
  }

  async refreshVideo(id: string): Promise<void> {
    try {
      this.pages.patch(await this.#api.call('videos:get', { id }));
    } catch {
      // The list still shows the last known copy; a failed refresh is not worth a notice.
    }
  }

  #reload(): Promise<void> {
    // A span means positions in one listing: another listing ends it (picked videos stay).
    if (this.span !== null) this.#endSpan();
    return this.pages.reset({ folderId: this.folderId, sort: this.sort, search: this.search, everywhere: this.everywhere }, this.includeDead);
  }
}

export const library = new Library();
accountLifecycle.register({
  name: 'library',
  follow: () => library.start(),
  load: {
    title: m.library_show_failed,
    run: () => library.load(),
    // The first screen: its folders and first page are read before the other managers' data.
    first: true,
  },
  forget: () => library.reset(),
});
