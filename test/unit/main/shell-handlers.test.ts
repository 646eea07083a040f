import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindow, OpenDialogOptions } from 'electron';
import { createShellHandlers } from '../../../electron/main/shell-handlers.ts';
import { UpdateController } from '../../../electron/main/updates.ts';
import { OFF_UNPACKAGED } from '../../../electron/main/updater-loader.ts';

function handlers(result: { canceled: boolean; filePaths: string[] }, win: BrowserWindow | null = {} as BrowserWindow) {
  const showOpenDialog = vi.fn(async (..._args: unknown[]) => result);
  const grantPath = vi.fn();
  const showSaveDialog = vi.fn(async (..._args: unknown[]) => ({ canceled: result.canceled, filePath: result.filePaths[0] ?? '' }));
  const grantSavePath = vi.fn();
  const openExternal = vi.fn(async () => true);
  const writeClipboard = vi.fn();
  const addWatchFolders = vi.fn(async (_paths: readonly string[]) => ({}) as never);
  const table = createShellHandlers({
    app: { getName: () => 'Vidlift', getVersion: () => '0.1.0', isPackaged: false, getPreferredSystemLanguages: () => ['de-AT', 'en-US'] },
    platform: 'linux',
    sandboxAvailable: true,
    dialogs: { dialog: { showOpenDialog: showOpenDialog as never, showSaveDialog: showSaveDialog as never, showMessageBox: (async () => ({ response: 0, checkboxChecked: false })) as never }, window: () => win, grantPath, grantSavePath },
    linkPolicy: { allowLoopbackHttp: false },
    openExternal,
    writeClipboard,
    addWatchFolders,
    hooks: { current: () => ({ afterUpload: null, afterBatch: null, timeoutSeconds: 60 }), set: async () => ({}) as never },
    updates: new UpdateController({ updater: { updater: null, offReason: OFF_UNPACKAGED }, automatic: () => true, uploadsRunning: () => false, onChange: () => undefined, log: () => undefined }),
  });
  const optionsOf = (call = 0) => showOpenDialog.mock.calls[call]?.at(-1) as OpenDialogOptions;
  return { table, showOpenDialog, grantPath, showSaveDialog, grantSavePath, openExternal, writeClipboard, addWatchFolders, optionsOf };
}

describe('shell handlers', () => {
  it('the save dialog grants the chosen path for an export, and nothing when cancelled', async () => {
    const chosen = handlers({ canceled: false, filePaths: ['/home/me/links.csv'] });
    expect(await chosen.table['dialog:saveFile']({ suggestedName: 'Home links.csv' })).toEqual({ path: '/home/me/links.csv' });
    expect(chosen.grantSavePath).toHaveBeenCalledWith('/home/me/links.csv');
    expect(chosen.grantPath).not.toHaveBeenCalled();
    const cancelled = handlers({ canceled: true, filePaths: [] });
    expect(await cancelled.table['dialog:saveFile']({ suggestedName: 'x.txt' })).toEqual({ path: null });
    expect(cancelled.grantSavePath).not.toHaveBeenCalled();
  });

  it("app:preferredLanguages answers the system's preferred languages, most preferred first", async () => {
    const { table } = handlers({ canceled: true, filePaths: [] });
    expect(await table['app:preferredLanguages'](undefined)).toEqual(['de-AT', 'en-US']);
  });

  it('clipboard:writeText copies through the main process', async () => {
    const { table, writeClipboard } = handlers({ canceled: true, filePaths: [] });
    expect(await table['clipboard:writeText']({ text: 'https://video.example/e/abc' })).toEqual({ ok: true });
    expect(writeClipboard).toHaveBeenCalledWith('https://video.example/e/abc');
  });

  it('clipboard:writeText waits for the write (Electron 45 clipboard is asynchronous) and reports a failed one', async () => {
    const { table, writeClipboard } = handlers({ canceled: true, filePaths: [] });
    writeClipboard.mockImplementation(() => Promise.reject(new Error('clipboard owner vanished')));
    await expect(table['clipboard:writeText']({ text: 'x' })).rejects.toMatchObject({ code: 'unavailable', message: 'The link could not be copied. Try again.' });
  });

  it('app:info describes the app', async () => {
    const { table } = handlers({ canceled: true, filePaths: [] });
    expect(await table['app:info'](undefined)).toEqual({ name: 'Vidlift', version: '0.1.0', platform: 'linux', packaged: false, sandboxAvailable: true });
  });

  it('files picked in a dialog are granted and returned', async () => {
    const { table, grantPath, optionsOf } = handlers({ canceled: false, filePaths: ['/v/a.mp4', '/v/b.mkv'] });
    expect(await table['dialog:openFiles']({ kind: 'videos' })).toEqual({ paths: ['/v/a.mp4', '/v/b.mkv'] });
    expect(grantPath.mock.calls).toEqual([['/v/a.mp4'], ['/v/b.mkv']]);
    expect(optionsOf().properties).toEqual(['openFile', 'multiSelections']);
    expect(optionsOf().filters?.[0]?.extensions).toContain('mp4');
  });

  it('a thumbnail dialog takes one JPEG or PNG; a cancelled dialog grants nothing', async () => {
    const { table, grantPath, optionsOf } = handlers({ canceled: true, filePaths: [] });
    expect(await table['dialog:openFiles']({ kind: 'image' })).toEqual({ paths: [] });
    expect(optionsOf().properties).toEqual(['openFile']);
    expect(optionsOf().filters).toEqual([{ name: 'Images (JPEG, PNG)', extensions: ['jpg', 'jpeg', 'png'] }]);
    expect(grantPath).not.toHaveBeenCalled();
  });

  it('folders picked are granted', async () => {
    const { table, grantPath, optionsOf } = handlers({ canceled: false, filePaths: ['/v/trip'] }, null);
    expect(await table['dialog:openFolder'](undefined)).toEqual({ paths: ['/v/trip'] });
    expect(optionsOf().properties).toContain('openDirectory');
    expect(grantPath).toHaveBeenCalledWith('/v/trip');
  });

  it('folders picked in the watch dialog become watch folders, without a read grant; a cancelled dialog adds none', async () => {
    const picked = handlers({ canceled: false, filePaths: ['/v/obs', '/v/camera'] });
    await picked.table['watch:add'](undefined);
    expect(picked.addWatchFolders).toHaveBeenCalledWith(['/v/obs', '/v/camera']);
    expect(picked.optionsOf().properties).toEqual(['openDirectory', 'multiSelections']);
    expect(picked.grantPath).not.toHaveBeenCalled();
    const cancelled = handlers({ canceled: true, filePaths: ['/v/ignored'] });
    await cancelled.table['watch:add'](undefined);
    expect(cancelled.addWatchFolders).toHaveBeenCalledWith([]);
  });

  it('shell:openExternal opens https only', async () => {
    const { table, openExternal } = handlers({ canceled: true, filePaths: [] });
    expect(await table['shell:openExternal']({ url: 'https://video.example/d/abc' })).toEqual({ ok: true });
    expect(openExternal).toHaveBeenCalledWith('https://video.example/d/abc');
    await expect(Promise.resolve().then(() => table['shell:openExternal']({ url: 'http://video.example/' }))).rejects.toMatchObject({ code: 'validation' });
    expect(openExternal).toHaveBeenCalledTimes(1);
  });
});
