// Issue 31 on loopback, with the wall clock injected (the upload conditions read a clock the
// test sets a moment before a boundary; the bytes flow in real time against the sandbox host):
// - a timetable boundary changes the rate of the running transfer, live, in the same request;
// - an upload window that closes mid-batch lets the running transfer finish and holds the
//   next, which says why and when; "Start now anyway" sends it;
// - sleep and wake through the shell's double of Electron: a transfer that died in the sleep
//   goes again at once (not after its backoff), and the service is checked again.
import { afterEach, describe, expect, it } from 'vitest';
import type { UploadJob } from '../../../shared/model.ts';
import { DEFAULT_UPLOAD_WINDOWS } from '../../../shared/upload-windows.ts';
import { UploadConditionsWatch, type ConditionSettings } from '../../../electron/core/uploads/conditions.ts';
import { realTimers } from '../../../electron/core/timers.ts';
import { followPower } from '../../../electron/main/power.ts';
import { createElectronDouble } from '../../doubles/electron.ts';
import { createRig, until, writeVideo, type Rig } from './helpers.ts';

let rig: Rig | undefined;
let conditions: UploadConditionsWatch | undefined;
afterEach(async () => {
  conditions?.close();
  conditions = undefined;
  await rig?.close();
  rig = undefined;
});

const K = 1024;
const BASE: ConditionSettings = { bandwidthLimit: null, bandwidthTimetable: null, uploadWindows: DEFAULT_UPLOAD_WINDOWS, pauseOnBattery: false };

/** A wall clock at real speed that the test may set to another time (`set`), as a clock that jumped. */
function settableClock(start: number): { now: () => number; set(at: number): void } {
  let offset = start - Date.now();
  return { now: () => Date.now() + offset, set: (at) => void (offset = at - Date.now()) };
}

/** Tuesday 2026-11-24 at this local time. */
const tuesday = (hour: number, minute: number, second = 0, ms = 0): number => new Date(2026, 10, 24, hour, minute, second, ms).getTime();

function job(id: number): UploadJob {
  const found = rig!.engine.list().jobs.find((j) => j.id === id);
  if (!found) throw new Error(`no job ${id}`);
  return found;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Bytes per second the job sent over `ms` of real time. */
async function measuredRate(id: number, ms: number): Promise<number> {
  const from = job(id).bytesSent;
  const started = performance.now();
  await sleep(ms);
  return ((job(id).bytesSent - from) * 1000) / (performance.now() - started);
}

describe('the bandwidth timetable on a running transfer', () => {
  it('at 19:00 the limit goes from 128k to 512k in the same request: the rate before and after within 15 %', async () => {
    // An hour before the boundary while the rig starts (however slow the machine); once bytes
    // flow, the clock is set to 2.5 s before it (conditions.wake() reads a clock that jumped).
    const clock = settableClock(tuesday(18, 0));
    conditions = new UploadConditionsWatch({ settings: { ...BASE, bandwidthTimetable: '08:00,128k 19:00,512k 23:00,off' }, now: clock.now, timers: realTimers });
    rig = await createRig({ engine: { conditions, concurrency: 1, progressIntervalMs: 50 } });
    const file = writeVideo(rig.dir, 'boundary.mp4', 2_600_000);
    const [id] = (await rig.engine.add([file.path], 0)).added as [number];
    // Past the bucket's first burst, then a second and a half of the old limit.
    await until(() => job(id).bytesSent > 100_000, 'sending under the first limit');
    clock.set(tuesday(18, 59, 57, 500));
    conditions.wake();
    const before = await measuredRate(id, 1_500);
    expect(conditions.current().limit.rate).toBe(128 * K);
    await until(() => conditions!.current().limit.rate === 512 * K, 'the boundary');
    await sleep(300);
    const after = await measuredRate(id, 2_000);
    expect(job(id).state).toBe('uploading');
    expect(Math.abs(before / (128 * K) - 1)).toBeLessThan(0.15);
    expect(Math.abs(after / (512 * K) - 1)).toBeLessThan(0.15);
    await until(() => job(id).state === 'done', 'done');
    // One request: the change reached the transfer without a restart.
    expect(rig.host.control.requestLog().filter((entry) => entry.origin === 'files')).toHaveLength(1);
    expect(job(id).restart).toBeNull();
    expect(rig.host.control.videos()[0]?.sha256).toBe(file.sha256);
  });
});

describe('an upload window that closes mid-batch', () => {
  it('the running transfer finishes, the next waits saying until when, and Start now anyway sends it', async () => {
    // Tuesday's window ends at 19:00, two seconds after the clock starts; Wednesday's opens at 01:00.
    const days = DEFAULT_UPLOAD_WINDOWS.days.map(() => ({ from: 60, to: 7 * 60 }));
    days[2] = { from: 0, to: 19 * 60 };
    // Noon while the rig starts; once the first file is sending, the clock is set a second before 19:00.
    const clock = settableClock(tuesday(12, 0));
    conditions = new UploadConditionsWatch({ settings: { ...BASE, bandwidthLimit: 200_000, uploadWindows: { enabled: true, days } }, now: clock.now, timers: realTimers });
    rig = await createRig({ engine: { conditions, concurrency: 1 } });
    const first = writeVideo(rig.dir, 'first.mp4', 800_000);
    const second = writeVideo(rig.dir, 'second.mp4', 100_000);
    const { added } = await rig.engine.add([first.path, second.path], 0);
    const [firstId, secondId] = added as [number, number];
    await until(() => job(firstId).state === 'uploading', 'the first file sending');
    clock.set(tuesday(18, 59, 59));
    conditions.wake();
    await until(() => conditions!.current().waiting !== null, 'the window closing');
    expect(job(firstId).state).toBe('uploading');

    await until(() => job(firstId).state === 'done', 'the running transfer finishing');
    await sleep(300);
    expect(job(secondId).state).toBe('waiting');
    expect(rig.engine.view.summary().waiting).toEqual({ code: 'outside-window', until: new Date(2026, 10, 25, 1, 0).getTime() });
    expect(rig.host.control.uploadsReceived()).toBe(1);

    rig.engine.startNow([secondId]);
    await until(() => job(secondId).state === 'done', 'the second file sent anyway');
    expect(rig.host.control.uploadsReceived()).toBe(2);
  });

  it('outside every window nothing starts; when the window opens the queue goes on its own', async () => {
    const days = DEFAULT_UPLOAD_WINDOWS.days.map(() => ({ from: 60, to: 7 * 60 }));
    const clock = settableClock(tuesday(0, 30));
    conditions = new UploadConditionsWatch({ settings: { ...BASE, uploadWindows: { enabled: true, days } }, now: clock.now, timers: realTimers });
    rig = await createRig({ engine: { conditions } });
    const file = writeVideo(rig.dir, 'night.mp4', 50_000);
    const [id] = (await rig.engine.add([file.path], 0)).added as [number];
    expect(rig.engine.view.summary().waiting).toEqual({ code: 'outside-window', until: tuesday(1, 0) });
    await sleep(300);
    expect(job(id).state).toBe('waiting');
    // A second before 01:00: the window opens on its own timer.
    clock.set(tuesday(0, 59, 59));
    conditions.wake();
    await until(() => job(id).state === 'done', 'sent once the window opened');
    expect(rig.engine.view.summary().waiting).toBeNull();
  });
});

describe('power and sleep, through the shell’s double of Electron', () => {
  it('on battery with the setting on, queued uploads wait; on AC they go', async () => {
    const double = createElectronDouble({ userData: '/nowhere', appPath: '/nowhere' });
    double.powerMonitor.onBatteryPower = true;
    conditions = new UploadConditionsWatch({ settings: { ...BASE, pauseOnBattery: true }, now: Date.now, timers: realTimers });
    const watch = conditions;
    const stop = followPower(double.powerMonitor, { setOnBattery: (on) => watch.setOnBattery(on), resumed: () => watch.wake() }, { info: () => undefined });
    rig = await createRig({ engine: { conditions } });
    const file = writeVideo(rig.dir, 'battery.mp4', 50_000);
    const [id] = (await rig.engine.add([file.path], 0)).added as [number];
    await sleep(300);
    expect(job(id).state).toBe('waiting');
    expect(rig.engine.view.summary().waiting).toEqual({ code: 'on-battery', until: null });
    double.powerMonitor.setOnBattery(false);
    await until(() => job(id).state === 'done', 'sent on AC');
    stop();
  });

  it('a transfer that died in the sleep goes again at once after the wake (not after its two-minute backoff), and the service is checked', async () => {
    const double = createElectronDouble({ userData: '/nowhere', appPath: '/nowhere' });
    conditions = new UploadConditionsWatch({ settings: BASE, now: Date.now, timers: realTimers });
    rig = await createRig({ engine: { conditions, backoff: { baseMs: 120_000, capMs: 120_000 } } });
    const current = rig;
    let probes = 0;
    // The core's pool answers a wake so (accounts/pool.ts wake()): each queue, then each account's service.
    conditions.onWake(() => {
      current.engine.wake();
      probes++;
      void current.connection.checkNow();
    });
    const watch = conditions;
    const stop = followPower(double.powerMonitor, { setOnBattery: (on) => watch.setOnBattery(on), resumed: () => watch.wake() }, { info: () => undefined });
    // The sleep cuts the transfer, and the retry that goes at once is cut too (no network yet).
    rig.host.control.setFaults([{ route: 'FILES', kind: 'reset_mid_body', atFraction: 0.3, times: 2 }]);
    const file = writeVideo(rig.dir, 'slept.mp4', 1_000_000);
    const [id] = (await rig.engine.add([file.path], 0)).added as [number];
    double.powerMonitor.sleep();
    // Now it waits out its backoff.
    await until(() => job(id).attempts === 2 && job(id).state === 'waiting', 'the transfer cut twice in the sleep');
    await until(() => rig!.connection.state().state !== 'offline', 'the service reachable again');
    await sleep(300);
    expect(job(id).state).toBe('waiting');

    double.powerMonitor.wake();
    expect(probes).toBe(1);
    await until(() => job(id).state === 'done', 'sent again at once after the wake', 10_000);
    expect(rig.host.control.videos()[0]?.sha256).toBe(file.sha256);
    stop();
  });

  it('a wake keeps the backoff of a file server’s own error: only transfers the network cut go at once', async () => {
    conditions = new UploadConditionsWatch({ settings: BASE, now: Date.now, timers: realTimers });
    rig = await createRig({ engine: { conditions, backoff: { baseMs: 120_000, capMs: 120_000 } } });
    rig.host.control.setFaults([{ route: 'FILES', kind: 'server_error', times: 1 }]);
    const file = writeVideo(rig.dir, 'refused-once.mp4', 50_000);
    const [id] = (await rig.engine.add([file.path], 0)).added as [number];
    await until(() => job(id).attempts === 1 && job(id).state === 'waiting' && job(id).error !== null, 'waiting out the server’s error');
    expect(job(id).error?.code).toBe('server');
    rig.engine.wake();
    await sleep(500);
    expect(job(id).state).toBe('waiting');
    expect(rig.host.control.uploadsReceived()).toBe(0);
  });
});
