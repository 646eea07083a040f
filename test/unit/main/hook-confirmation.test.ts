// Issue 31 §5: the window can never set a hook command by itself. settings:set refuses the
// field; hooks:set (answered by the shell) sets a new command only when the person pressed
// "Run this program" in the native dialog the main process shows, here Electron's double.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createShellHandlers } from '../../../electron/main/shell-handlers.ts';
import { UpdateController } from '../../../electron/main/updates.ts';
import { OFF_UNPACKAGED } from '../../../electron/main/updater-loader.ts';
import { createDispatcher } from '../../../electron/core/rpc/dispatch.ts';
import { settingsHandlers } from '../../../electron/core/settings/handlers.ts';
import { SettingsStore } from '../../../electron/core/settings/settings-store.ts';
import { createElectronDouble } from '../../doubles/electron.ts';
import type { Settings } from '../../../shared/model.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const RUN = 1;
const CANCEL = 0;
const script = { file: '/home/me/bin/post-upload', args: ['--to', 'archive'] };

function page() {
  dir = mkdtempSync(join(tmpdir(), 'vidlift-hooks-'));
  const file = join(dir, 'settings.json');
  const settings = new SettingsStore({ file });
  const double = createElectronDouble({ userData: dir, appPath: dir });
  const shell = createShellHandlers({
    app: { getName: () => 'Vidlift', getVersion: () => '0.1.0', isPackaged: false, getPreferredSystemLanguages: () => ['de-AT', 'en-US'] },
    platform: 'linux',
    sandboxAvailable: false,
    dialogs: { dialog: double.dialog, window: () => null, grantPath: () => undefined, grantSavePath: () => undefined },
    addWatchFolders: async () => settings.presented(),
    hooks: {
      current: () => settings.get().hooks,
      set: async (patch) => {
        await settings.update({ hooks: { ...settings.get().hooks, ...patch } });
        return settings.presented();
      },
    },
    linkPolicy: { allowLoopbackHttp: false },
    openExternal: async () => true,
    writeClipboard: async () => undefined,
    updates: new UpdateController({ updater: { updater: null, offReason: OFF_UNPACKAGED }, automatic: () => true, uploadsRunning: () => false, onChange: () => undefined, log: () => undefined }),
  });
  const core = settingsHandlers(settings, { setWatchFolders: async () => undefined });
  // The dispatcher the window's calls go through: every input checked against the contract.
  const call = createDispatcher({ ...core, ...shell } as never, (() => {
    throw new Error('no accounts here');
  }) as never);
  const onDisk = () => (JSON.parse(readFileSync(file, 'utf8')) as Settings).hooks;
  return { call, double, settings, onDisk };
}

describe('setting a hook command from the window', () => {
  it('settings:set cannot carry a hook at all', async () => {
    const { call, double, settings } = page();
    const answer = await call('settings:set', { hooks: { afterUpload: script, afterBatch: null, timeoutSeconds: 60 } } as never);
    expect(answer).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(settings.get().hooks.afterUpload).toBeNull();
    expect(double.dialog.shown).toEqual([]);
  });

  it('hooks:set asks in the native dialog; Cancel (the default) sets nothing', async () => {
    const { call, double, settings } = page();
    double.dialog.messageBoxAnswers.push(CANCEL);
    const answer = await call('hooks:set', { afterUpload: script });
    expect(answer).toMatchObject({ ok: true });
    expect(settings.get().hooks.afterUpload).toBeNull();
    expect(double.dialog.shown).toHaveLength(1);
    expect(double.dialog.shown[0]).toMatchObject({ type: 'warning', buttons: ['Cancel', 'Run this program'], defaultId: 0, cancelId: 0 });
    expect(double.dialog.shown[0]!.detail).toContain('/home/me/bin/post-upload "--to" "archive"');
  });

  it('the command is set once the person pressed "Run this program", and asked again only for a new one', async () => {
    const { call, double, settings, onDisk } = page();
    double.dialog.messageBoxAnswers.push(RUN);
    await call('hooks:set', { afterUpload: script, timeoutSeconds: 30 });
    expect(settings.get().hooks).toEqual({ afterUpload: script, afterBatch: null, timeoutSeconds: 30 });
    expect(onDisk()).toEqual({ afterUpload: script, afterBatch: null, timeoutSeconds: 30 });
    // The same command again, or clearing it: nothing new runs, no question.
    await call('hooks:set', { afterUpload: script });
    await call('hooks:set', { afterUpload: null });
    expect(double.dialog.shown).toHaveLength(1);
    expect(settings.get().hooks.afterUpload).toBeNull();
  });

  it('a declined batch hook leaves out only that one: the upload hook confirmed in the same call is set', async () => {
    const { call, double, settings } = page();
    double.dialog.messageBoxAnswers.push(RUN, CANCEL);
    await call('hooks:set', { afterUpload: script, afterBatch: { file: '/tmp/evil', args: [] } });
    expect(settings.get().hooks).toMatchObject({ afterUpload: script, afterBatch: null });
    expect(double.dialog.shown).toHaveLength(2);
  });
});
