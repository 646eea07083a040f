import { describe, expect, it } from 'vitest';
import { ConnectionMonitor } from '../../../../electron/core/api/connection.ts';
import type { Timers } from '../../../../electron/core/timers.ts';
import { ServiceError } from '../../../../electron/core/api/errors.ts';
import { AppError } from '../../../../shared/errors.ts';
import type { Connection } from '../../../../shared/model.ts';
import { said } from '../../../../shared/said.ts';
import { sayInEnglish } from '../../../../shared/i18n/say.ts';

/** A network failure as the client reports it: the transport's own said thing. */
const down = (detail: string) => said('connection_failed_before_reply', { detail });

/** Hand-driven timers and clock: `fire()` runs the pending timer after moving the clock. */
function fakeTime() {
  let now = 1_000;
  const pending = new Map<number, { at: number; run: () => void }>();
  let next = 1;
  const timers: Timers = {
    setTimeout(run, ms) {
      const id = next++;
      pending.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout(id) {
      pending.delete(id as number);
    },
  };
  return {
    timers,
    now: () => now,
    pending: () => [...pending.values()],
    async fire(): Promise<void> {
      const [id, timer] = [...pending.entries()].sort((a, b) => a[1].at - b[1].at)[0] ?? [];
      if (id === undefined || !timer) throw new Error('no timer');
      pending.delete(id);
      now = timer.at;
      timer.run();
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
  };
}

const offlineError = () => new ServiceError('offline', 'refused', { kind: 'network' });

function setup(probe: () => Promise<unknown>) {
  const time = fakeTime();
  const emitted: Connection[] = [];
  const monitor = new ConnectionMonitor({
    probe,
    timers: time.timers,
    now: time.now,
    random: () => 0.5,
    firstDelayMs: 1_000,
    maxDelayMs: 8_000,
    events: { emit: (_event, payload) => void emitted.push(payload as Connection) },
  });
  return { time, emitted, monitor };
}

describe('ConnectionMonitor', () => {
  it('starts unknown and follows reported outcomes', () => {
    const { monitor, emitted } = setup(async () => undefined);
    expect(monitor.state()).toMatchObject({ state: 'unknown', reason: null, nextAttemptAt: null });
    monitor.report({ reached: true });
    expect(monitor.state()).toMatchObject({ state: 'online', since: 1_000 });
    monitor.report({ reached: true });
    expect(emitted).toHaveLength(1);
    monitor.stop();
  });

  it('while offline, probes with a capped exponential delay until the service answers', async () => {
    let failures = 4;
    const { monitor, time } = setup(async () => {
      if (failures-- > 0) throw offlineError();
    });
    const changes: string[] = [];
    monitor.onChange((now, before) => {
      if (now.state !== before.state) changes.push(`${before.state}->${now.state}`);
    });
    monitor.report({ reached: false, reason: down('connection refused') });
    expect(monitor.state()).toMatchObject({ state: 'offline', reason: down('connection refused'), nextAttemptAt: 2_000 });
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      const before = time.now();
      await time.fire();
      delays.push(time.now() - before);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(monitor.state().nextAttemptAt).toBe(time.now() + 8_000);
    await time.fire();
    expect(monitor.state()).toMatchObject({ state: 'online', reason: null, nextAttemptAt: null });
    expect(changes).toEqual(['unknown->offline', 'offline->online']);
    expect(time.pending()).toHaveLength(0);
    monitor.stop();
  });

  it('counts a probe the service answered with an error as online', async () => {
    const { monitor, time } = setup(async () => {
      throw new AppError('unauthorized', 'bad key');
    });
    monitor.report({ reached: false, reason: down('reset') });
    await time.fire();
    expect(monitor.state().state).toBe('online');
    monitor.stop();
  });

  it('a second failure while offline keeps the backoff and updates the reason', () => {
    const { monitor, time } = setup(async () => undefined);
    monitor.report({ reached: false, reason: down('first') });
    const due = monitor.state().nextAttemptAt;
    monitor.report({ reached: false, reason: down('second') });
    expect(monitor.state()).toMatchObject({ reason: down('second'), nextAttemptAt: due });
    expect(time.pending()).toHaveLength(1);
    monitor.stop();
    expect(time.pending()).toHaveLength(0);
  });

  it('by default never waits more than 3.6 s between probes, so Online comes within 5 s of the service answering (issue 26)', async () => {
    const time = fakeTime();
    const monitor = new ConnectionMonitor({
      probe: async () => {
        throw offlineError();
      },
      timers: time.timers,
      now: time.now,
      random: () => 0.999,
    });
    monitor.report({ reached: false, reason: down('refused') });
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      const due = monitor.state().nextAttemptAt!;
      delays.push(due - time.now());
      while (time.now() < due) await time.fire();
    }
    expect(Math.max(...delays)).toBeLessThanOrEqual(3_600);
    expect(delays[0]).toBeLessThanOrEqual(1_200);
    monitor.stop();
  });

  it('counts a probe that hangs past its deadline as failed and probes again', async () => {
    const time = fakeTime();
    const signals: AbortSignal[] = [];
    const monitor = new ConnectionMonitor({
      // Never answers: only its deadline ends it.
      probe: (signal) => {
        signals.push(signal);
        return new Promise(() => undefined);
      },
      timers: time.timers,
      now: time.now,
      random: () => 0.5,
      firstDelayMs: 1_000,
      maxDelayMs: 2_000,
      probeTimeoutMs: 3_000,
    });
    monitor.report({ reached: false, reason: down('swallowed') });
    await time.fire(); // the probe starts
    expect(signals).toHaveLength(1);
    await time.fire(); // its deadline passes
    expect(signals[0]!.aborted).toBe(true);
    expect(monitor.state()).toMatchObject({ state: 'offline', reason: down('swallowed') });
    expect(monitor.state().nextAttemptAt).toBe(time.now() + 2_000);
    monitor.stop();
  });

  it("a failed probe's own said thing becomes the reason; a first probe past its deadline says the service gave no answer in time", async () => {
    const failing = setup(async () => {
      throw new ServiceError('offline', said('connection_failed_before_reply', { detail: 'ECONNRESET' }), { kind: 'network' });
    });
    failing.monitor.report({ reached: false, reason: down('refused') });
    await failing.monitor.checkNow();
    expect(sayInEnglish(failing.monitor.state().reason!)).toBe(sayInEnglish(down('ECONNRESET')));
    failing.monitor.stop();

    const time = fakeTime();
    const hanging = new ConnectionMonitor({ probe: () => new Promise(() => undefined), timers: time.timers, now: time.now, probeTimeoutMs: 3_000 });
    const checked = hanging.checkNow();
    await time.fire();
    expect(sayInEnglish((await checked).reason!)).toBe('The service could not be reached: it gave no complete answer within 3 s.');
    hanging.stop();
  });

  it('checkNow probes at once', async () => {
    const { monitor } = setup(async () => undefined);
    monitor.report({ reached: false, reason: down('down') });
    expect((await monitor.checkNow()).state).toBe('online');
    monitor.stop();
  });
});
