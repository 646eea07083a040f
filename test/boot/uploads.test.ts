// The shell around running uploads: closing the window asks (or goes to the tray), quitting
// mid-upload and starting again shows the job restarted, and the notification at the end of a
// batch opens the Uploads screen.
import { afterEach, describe, expect, it } from 'vitest';
import { addVideos, bootSource, jobs, KEY_STORAGE, newHost, newProfile, signIn, waitFor, writeVideo, type Booted } from './support.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The slowest limit the settings allow (16 KiB/s): a 1 MiB file stays in flight for a minute. */
const SLOW = 16_384;

async function uploadingShell(userData: string, options: { trayFails?: boolean } = {}): Promise<{ shell: Booted; video: string; host: Awaited<ReturnType<typeof newHost>> }> {
  const host = await newHost(cleanups);
  const shell = await bootSource({ userData, ...KEY_STORAGE, ...options });
  await signIn(shell, host);
  await shell.data('settings:set', { bandwidthLimit: SLOW });
  const video = writeVideo(userData, 'holiday.mp4', 1 << 20);
  await addVideos(shell, [video]);
  await waitFor('the upload to run', async () => (await jobs(shell))[0]?.state === 'uploading');
  if (!options.trayFails) await waitFor('the tray to show it', () => shell.double.trays[0]?.tooltip.includes('1 upload in progress'));
  return { shell, video, host };
}

describe('several accounts', () => {
  it('an account not shown keeps uploading: the tray and the taskbar count it, the window shows the other account’s empty queue', async () => {
    const { shell, host } = await uploadingShell(newProfile(cleanups));
    const second = host.control.addAccount({ seed: 'empty' });
    const view = await shell.data('accounts:add', { name: 'Second', baseUrl: host.baseUrl, key: second.apiKey });
    expect(view.accounts.map((a) => [a.name, a.active])).toEqual([
      [new URL(host.baseUrl).host, false],
      ['Second', true],
    ]);
    expect(await jobs(shell)).toEqual([]);
    expect(view.accounts[0]?.uploads.active).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(shell.double.trays[0]?.tooltip).toContain('1 upload in progress');
    expect(shell.window().progress?.options).toEqual({ mode: 'normal' });
  });
});

describe('closing the window while uploading', () => {
  it('asks; "keep uploading in the tray" hides it, the tray brings it back, closeToTray hides without asking, "quit" quits', async () => {
    const { shell } = await uploadingShell(newProfile(cleanups));
    const { double } = shell;
    const win = shell.window();
    // The taskbar shows the progress.
    expect(win.progress?.options).toEqual({ mode: 'normal' });

    double.dialog.messageBoxAnswers.push(0);
    expect(win.close()).toBe(false);
    await waitFor('the window to hide', () => !win.visible);
    expect(double.dialog.shown.map((box) => box.message)).toEqual(['Uploads are still running']);
    expect(win.destroyed).toBe(false);
    expect(double.app.state).toBe('running');
    expect((await jobs(shell))[0]?.state).toBe('uploading');

    double.trays[0]?.emit('click');
    expect(win.visible).toBe(true);

    await shell.data('settings:set', { closeToTray: true });
    expect(win.close()).toBe(false);
    expect(win.visible).toBe(false);
    expect(double.dialog.shown).toHaveLength(1);

    // The tray menu pauses everything, and the tooltip says so.
    double.trays[0]?.contextMenu?.click('Pause all uploads');
    await waitFor('the tray to show the pause', () => double.trays[0]?.tooltip === 'Vidlift: 1 upload paused');
    double.trays[0]?.contextMenu?.click('Resume all uploads');
    await waitFor('the upload to run again', async () => (await jobs(shell))[0]?.state === 'uploading');

    await shell.data('settings:set', { closeToTray: false });
    double.dialog.messageBoxAnswers.push(1);
    win.show();
    win.close();
    await waitFor('the app to quit', () => double.app.state === 'quit');
    expect(win.destroyed).toBe(true);
  });
});

describe('closing the window while uploading on a desktop without a tray', () => {
  it('minimises instead of hiding, so the window can always come back', async () => {
    const { shell } = await uploadingShell(newProfile(cleanups), { trayFails: true });
    cleanups.push(() => shell.quit());
    expect(shell.double.trays).toEqual([]);
    await shell.data('settings:set', { closeToTray: true });
    const win = shell.window();
    await waitFor('the shell to know the upload runs', () => win.progress?.options?.mode === 'normal');
    expect(win.close()).toBe(false);
    expect(win.isMinimized()).toBe(true);
    expect(win.visible).toBe(true);
    expect(shell.double.app.state).toBe('running');
  });
});

describe('quitting during an upload', () => {
  it('shows the job restarted on the next start, and it then completes', async () => {
    const userData = newProfile(cleanups);
    const { shell } = await uploadingShell(userData);
    await shell.quit();

    const again = await bootSource({ userData, ...KEY_STORAGE });
    cleanups.push(() => again.quit());
    const [job] = await jobs(again);
    expect(job).toMatchObject({ name: 'holiday.mp4', restarted: true });
    expect(['waiting', 'uploading']).toContain(job?.state);

    await again.data('settings:set', { bandwidthLimit: null });
    await waitFor('the restarted upload to finish', async () => (await jobs(again))[0]?.state === 'done', { tries: 1200 });
  });
});

describe('the notification at the end of a batch', () => {
  it('is shown, and clicking it brings the window back on the Uploads screen', async () => {
    const userData = newProfile(cleanups);
    const host = await newHost(cleanups);
    const shell = await bootSource({ userData, ...KEY_STORAGE });
    cleanups.push(() => shell.quit());
    await signIn(shell, host);
    await addVideos(shell, [writeVideo(userData, 'a.mp4', 64 * 1024), writeVideo(userData, 'b.mp4', 80 * 1024)]);
    const notification = await waitFor('the batch notification', () => shell.double.notifications[0]);
    expect(notification.options).toMatchObject({ title: 'Uploads finished', body: '2 videos uploaded', silent: true });
    expect(notification.shown).toBe(true);
    expect((await jobs(shell)).map((job) => job.state)).toEqual(['done', 'done']);

    const win = shell.window();
    win.minimize();
    notification.click();
    expect(win.isMinimized()).toBe(false);
    expect(win.visible).toBe(true);
    // Right away, or once a document still loading (the reload after sign-in) has finished.
    await waitFor('the Uploads screen', () => shell.sent('app:navigate').length > 0);
    expect(shell.sent('app:navigate')).toEqual([{ to: 'uploads' }]);
  });
});

describe('the notification of new takedowns', () => {
  it('is shown once per batch, for the records read after the first, and clicking it opens the Takedowns view of that account', async () => {
    const userData = newProfile(cleanups);
    const host = await newHost(cleanups, { seed: 'empty' });
    const shell = await bootSource({ userData, ...KEY_STORAGE });
    cleanups.push(() => shell.quit());
    await signIn(shell, host);
    const { activeId } = await shell.data('accounts:list');
    await addVideos(shell, [writeVideo(userData, 'a.mp4', 64 * 1024), writeVideo(userData, 'b.mp4', 80 * 1024)]);
    await waitFor('the batch notification', () => shell.double.notifications[0]);
    // The first read of the DMCA list is done (its records, none here, are not news).
    await waitFor('the first pass', async () => (await shell.data('sync:status')).lastQuickAt !== null);
    for (const job of await jobs(shell)) host.control.takeDown(job.videoId!);
    await shell.data('sync:now', { full: true });
    const notification = await waitFor('the takedown notification', () => shell.double.notifications[1]);
    expect(notification.options).toMatchObject({ title: 'Videos were taken down', body: expect.stringMatching(/^2 videos were taken down: (a\.mp4, b\.mp4|b\.mp4, a\.mp4)$/) });
    expect(notification.shown).toBe(true);

    shell.window().minimize();
    notification.click();
    expect(shell.window().isMinimized()).toBe(false);
    await waitFor('the Takedowns view', () => shell.sent('app:navigate').length > 0);
    expect(shell.sent('app:navigate')).toEqual([{ to: 'takedowns', accountId: activeId }]);
    // A later pass finds nothing new: no second notification.
    await shell.data('sync:now', { full: true });
    await waitFor('the pass to end', async () => !(await shell.data('sync:status')).running);
    expect(shell.double.notifications).toHaveLength(2);
  });
});
