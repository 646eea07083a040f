import { describe, expect, it } from 'vitest';
import { Library, buildTree, flattenTree } from '../../../../../renderer/src/lib/state/library.svelte.ts';
import { Notices } from '../../../../../renderer/src/lib/state/notices.svelte.ts';
import type { Folder, Video } from '../../../../../shared/model.ts';
import { fresh, stubBridge } from '../../bridge-stub.ts';

function folder(id: number, name: string, parent = 0, pending: Folder['pending'] = null): Folder {
  return { id, name, parent, code: `c${id}`, isPublic: false, openEmbed: false, files: 0, color: '', pending };
}

describe('buildTree', () => {
  it('nests folders under their parents, sorted by name, orphans at the top', () => {
    const tree = buildTree([folder(1, 'Trips'), folder(2, 'alps', 1), folder(3, 'Beach', 1), folder(4, 'Lost', 99), folder(-1, 'New (offline)', 0, 'pending')]);
    expect(flattenTree(tree).map((n) => `${n.depth}:${n.folder.name}`)).toEqual(['1:Lost', '1:New (offline)', '1:Trips', '2:alps', '2:Beach']);
  });
  it('survives a folder that is its own parent', () => {
    expect(flattenTree(buildTree([folder(5, 'Loop', 5)]))).toHaveLength(1);
  });
});

function libraryWith(videos: Video[]) {
  const stub = stubBridge();
  stub.handle('folders:list', () => ({ folders: [folder(1, 'Trips')], freshness: fresh }));
  stub.handle('videos:list', (input) => ({ items: videos, total: videos.length, offset: (input as { offset: number }).offset, freshness: fresh }));
  return { stub, library: new Library(stub.client, new Notices(() => {})) };
}

const videos = ['a', 'b', 'c', 'd'].map((n, i) => ({ id: `${n.repeat(12)}`, name: n, folderId: 0, createdAt: '', isPublic: true, views: 0, size: i, skipIntro: 0, downloadUrl: '', embedUrl: '', thumbnailUrl: '', splashUrl: '', pending: null }));

describe('Library', () => {
  it('selects one, toggles, and extends a range as positions the core resolves', async () => {
    const { library, stub } = libraryWith(videos);
    stub.handle('videos:selectionSummary', () => ({ count: 2, bytes: 4, withoutLinks: 0 }));
    await library.load();
    library.select(1, 'only');
    expect(library.focused?.name).toBe('b');
    library.select(3, 'range');
    expect(library.span).toEqual({ query: { folderId: 0, sort: 'newest', search: '', everywhere: false }, from: 1, to: 3 });
    expect([0, 1, 2, 3].map((i) => library.isSelected(i, videos[i]!.id))).toEqual([false, true, true, true]);
    library.select(2, 'toggle');
    expect(library.isSelected(2, 'cccccccccccc')).toBe(false);
    expect(library.focused).toBeNull();
    expect(library.selection()).toEqual({ ids: [], span: library.span, except: ['cccccccccccc'] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(library.selectedCount).toBe(2);
  });

  it('opening a folder clears the selection and lists that folder', async () => {
    const { library, stub } = libraryWith(videos);
    await library.load();
    library.select(0, 'only');
    await library.openFolder(1);
    expect(library.selected.size).toBe(0);
    expect(stub.calls.at(-1)).toMatchObject({ method: 'videos:list', input: { folderId: 1 } });
    expect(library.folderName(1)).toBe('Trips');
    expect(library.folderName(0)).toBe('Home');
  });

  it('refreshes folders and the open folder on library:changed', async () => {
    const { library, stub } = libraryWith(videos);
    const stop = library.start();
    await library.load();
    stub.handle('folders:list', () => ({ folders: [folder(1, 'Holidays')], freshness: fresh }));
    const before = stub.calls.length;
    stub.emit('library:changed', { folders: true, folderIds: [], account: false });
    await new Promise((r) => setTimeout(r, 0));
    expect(library.folders[0]?.name).toBe('Holidays');
    expect(stub.calls.slice(before).map((c) => c.method).sort()).toEqual(['folders:list', 'videos:list']);
    stop();
    expect(stub.listenerCount('library:changed')).toBe(0);
  });

  it('a created folder (pending while offline) shows in the tree at once', async () => {
    const { library, stub } = libraryWith(videos);
    await library.load();
    stub.handle('folders:create', (input) => folder(-1, (input as { name: string }).name, 0, 'pending'));
    await library.createFolder('Drafts');
    expect(library.tree.map((n) => [n.folder.name, n.folder.pending])).toContainEqual(['Drafts', 'pending']);
  });

  it('search waits for a pause in typing and asks once', async () => {
    const { library, stub } = libraryWith(videos);
    await library.load();
    const before = stub.calls.length;
    void library.setSearch('t', 20);
    void library.setSearch('tr', 20);
    await library.setSearch('trip', 20);
    const searches = stub.calls.slice(before).filter((c) => c.method === 'videos:list');
    expect(searches.map((c) => (c.input as { search?: string }).search)).toEqual(['trip']);
  });

  it('settles a search that a newer one replaced, so nobody awaits it forever', async () => {
    const { library } = libraryWith(videos);
    await library.load();
    const superseded = library.setSearch('t', 20);
    const latest = library.setSearch('tr', 20);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const outcome = await Promise.race([
      superseded.then(() => 'settled'),
      new Promise<string>((resolve) => (timer = setTimeout(() => resolve('still pending'), 2_000))),
    ]);
    clearTimeout(timer);
    expect(outcome).toBe('settled');
    await latest;
  });

  it('derives the tree once per change of the folders, and resets to an empty state', async () => {
    const { library } = libraryWith(videos);
    await library.load();
    const first = library.tree;
    expect(library.tree).toBe(first);
    library.folders = [...library.folders, folder(2, 'Beach')];
    expect(library.tree).not.toBe(first);
    expect(library.tree.map((n) => n.folder.name)).toEqual(['Beach', 'Trips']);
    library.select(0, 'only');
    await library.setSearch('x', 0);
    library.reset();
    expect(library.folders).toEqual([]);
    expect(library.tree).toEqual([]);
    expect(library.search).toBe('');
    expect(library.selected.size).toBe(0);
    expect(library.folderId).toBe(0);
  });
});
