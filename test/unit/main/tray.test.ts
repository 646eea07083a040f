import { describe, expect, it, vi } from 'vitest';
import type { Menu, MenuItemConstructorOptions } from 'electron';
import { EventHub } from '../../../electron/core/rpc/events.ts';
import { CoreBridge } from '../../../electron/main/core-bridge.ts';
import { ProgressReporter } from '../../../electron/main/progress.ts';
import { openUploadTray, UploadTray } from '../../../electron/main/tray.ts';
import { uploadStatusLine, batchNotificationText } from '../../../electron/main/upload-status.ts';
import type { Settings } from '../../../shared/model.ts';
import { emptyUploadCounts, type UploadsSummary } from '../../../shared/upload-queue.ts';
import { totals } from './fakes.ts';
import { DEFAULT_UPLOAD_WINDOWS } from '../../../shared/upload-windows.ts';

const settings: Settings = { baseUrl: 'https://video.example', uploadConcurrency: 2, bandwidthLimit: null, pausePatienceSeconds: 60, notifications: true, theme: 'system', closeToTray: false, proxy: { mode: 'system' }, plainHttpAllowed: [], autoUpdate: true, watchFolders: [], accounts: [], activeAccount: null, notifyDestinations: [], hooks: { afterUpload: null, afterBatch: null, timeoutSeconds: 60 }, bandwidthTimetable: null, uploadWindows: DEFAULT_UPLOAD_WINDOWS, pauseOnBattery: false, language: 'system' };
const noCounts = emptyUploadCounts();
const view = (partial: Partial<UploadsSummary['totals']>, paused = false): UploadsSummary => ({ counts: noCounts, totals: totals(partial), paused, waiting: null });

function fakeTray() {
  const menus: MenuItemConstructorOptions[][] = [];
  const tray = { setToolTip: vi.fn(), setContextMenu: vi.fn(), on: vi.fn(), destroy: vi.fn() };
  const actions = { showWindow: vi.fn(), pauseAll: vi.fn(), resumeAll: vi.fn(), quit: vi.fn() };
  const uploadTray = new UploadTray({
    tray: tray as never,
    buildMenu: (template) => {
      menus.push(template);
      return template as unknown as Menu;
    },
    ...actions,
  });
  const item = (label: string) => menus.at(-1)?.find((entry) => entry.label === label);
  return { tray, uploadTray, menus, actions, item };
}

describe('UploadTray', () => {
  it('shows the status in its tooltip and offers pause while uploads run', () => {
    const { tray, uploadTray, item, actions } = fakeTray();
    uploadTray.update(totals({ active: 1, waiting: 2, bytesSent: 50, bytesTotal: 200, etaSeconds: 300 }), false);
    expect(tray.setToolTip).toHaveBeenLastCalledWith('Vidlift: 3 uploads in progress, 25%, 5 min left');
    expect(item('Pause all uploads')?.enabled).toBe(true);
    (item('Pause all uploads')?.click as () => void)();
    expect(actions.pauseAll).toHaveBeenCalled();
  });

  it('offers resume when paused and rebuilds its menu only when that changes', () => {
    const { uploadTray, menus, item, actions } = fakeTray();
    uploadTray.update(totals({ active: 1, bytesSent: 1, bytesTotal: 10 }), false);
    uploadTray.update(totals({ active: 1, bytesSent: 2, bytesTotal: 10 }), false);
    expect(menus).toHaveLength(1);
    uploadTray.update(totals({ waiting: 1, bytesSent: 2, bytesTotal: 10 }), true);
    expect(menus).toHaveLength(2);
    (item('Resume all uploads')?.click as () => void)();
    expect(actions.resumeAll).toHaveBeenCalled();
  });

  it('a click on the icon shows the window', () => {
    const { tray, actions } = fakeTray();
    const [event, listener] = tray.on.mock.calls[0] as [string, () => void];
    expect(event).toBe('click');
    listener();
    expect(actions.showWindow).toHaveBeenCalled();
  });
});

describe('tray and progress driven by core events', () => {
  const SHOWN = 'shown-account-id-0001';
  it('shows every account’s queue together (Core.uploads totals) and the shown one’s pause from uploads:changed', () => {
    const hub = new EventHub();
    const { tray, uploadTray } = fakeTray();
    const bars: [number, string | undefined][] = [];
    const progress = new ProgressReporter({ setProgressBar: (value, options) => bars.push([value, options.mode]), minIntervalMs: 0 });
    const bridge = new CoreBridge(
      { settings: { ...settings, activeAccount: SHOWN }, uploads: view({}) },
      {
        onUploads: (t, paused) => {
          progress.update(t, paused);
          uploadTray.update(t, paused);
        },
      },
    );
    bridge.follow(hub);
    bridge.refresh();
    expect(bars.at(-1)).toEqual([-1, 'none']);
    expect(bridge.uploadsRunning()).toBe(false);

    // An account not shown uploads: no event reaches the window, the totals still count it.
    bridge.uploadsChanged(totals({ active: 1, bytesSent: 40, bytesTotal: 100 }));
    expect(bars.at(-1)).toEqual([0.4, 'normal']);
    expect(tray.setToolTip).toHaveBeenLastCalledWith('Vidlift: 1 upload in progress, 40%');
    expect(bridge.uploadsRunning()).toBe(true);

    bridge.uploadsChanged(totals({ active: 0, waiting: 1, bytesSent: 40, bytesTotal: 100 }));
    // Another account's pause is not the tray's.
    hub.emit('uploads:changed', view({ active: 0, waiting: 1, bytesSent: 40, bytesTotal: 100 }, true), 'other-account-id-0001');
    expect(bars.at(-1)).toEqual([0.4, 'normal']);
    hub.emit('uploads:changed', view({ active: 0, waiting: 1, bytesSent: 40, bytesTotal: 100 }, true), SHOWN);
    expect(bars.at(-1)).toEqual([0.4, 'paused']);
    expect(tray.setToolTip).toHaveBeenLastCalledWith('Vidlift: 1 upload paused');

    bridge.uploadsChanged(totals({ done: 1 }));
    hub.emit('uploads:changed', view({ done: 1 }), SHOWN);
    expect(bars.at(-1)).toEqual([-1, 'none']);
    expect(tray.setToolTip).toHaveBeenLastCalledWith('Vidlift: no uploads running');
  });

  it('keeps the settings the shell needs and reports a new service origin', () => {
    const hub = new EventHub();
    const onServiceOrigins = vi.fn();
    const bridge = new CoreBridge({ settings, uploads: view({}) }, { onServiceOrigins });
    bridge.follow(hub);
    hub.emit('settings:changed', { ...settings, closeToTray: true, autoUpdate: true, notifications: false });
    expect(bridge.snapshot).toMatchObject({ closeToTray: true, autoUpdate: true, notifications: false });
    expect(onServiceOrigins).not.toHaveBeenCalled();
    hub.emit('accounts:changed', { accounts: [], activeId: null, baseUrl: 'http://127.0.0.1:4010', storage: { available: true, backend: 'keychain', problem: null } });
    expect(onServiceOrigins).toHaveBeenCalledWith(['http://127.0.0.1:4010']);
    expect(bridge.serviceOrigins).toEqual(['http://127.0.0.1:4010']);
  });
});

describe('status words', () => {
  it('describes long waits in hours and batches in plain words', () => {
    expect(uploadStatusLine(totals({ active: 1, etaSeconds: 7500, bytesTotal: 10 }), false)).toBe('Vidlift: 1 upload in progress, 0%, 2 h 5 min left');
    // Offline, nothing is sent: the files wait, they are not "in progress".
    expect(uploadStatusLine(totals({ active: 0, waiting: 4, bytesTotal: 10 }), false)).toBe('Vidlift: 4 uploads waiting');
    expect(batchNotificationText({ done: 3, failed: 0 })).toEqual({ title: 'Uploads finished', body: '3 videos uploaded' });
    expect(batchNotificationText({ done: 1, failed: 2 })).toEqual({ title: 'Uploads finished with errors', body: '1 video uploaded, 2 failed.' });
    expect(batchNotificationText({ done: 0, failed: 1 }).title).toBe('Uploads failed');
  });
});

describe('openUploadTray', () => {
  it('is null where the desktop has no tray, saying why once; the app goes on without it', () => {
    const missing: unknown[] = [];
    const actions = { buildMenu: (template: MenuItemConstructorOptions[]) => template as unknown as Menu, showWindow: vi.fn(), pauseAll: vi.fn(), resumeAll: vi.fn(), quit: vi.fn() };
    const noTray = new Error('no StatusNotifier host');
    expect(openUploadTray(() => { throw noTray; }, actions, (error) => missing.push(error))).toBeNull();
    expect(missing).toEqual([noTray]);
    const tray = { setToolTip: vi.fn(), setContextMenu: vi.fn(), on: vi.fn(), destroy: vi.fn() };
    expect(openUploadTray(() => tray as never, actions, (error) => missing.push(error))).toBeInstanceOf(UploadTray);
    expect(missing).toHaveLength(1);
  });
});
