// Faults from the host's file server: every job ends uploaded exactly once, or failed
// with a message; the host's own records prove it.
import { afterEach, describe, expect, it } from 'vitest';
import type { FaultRule } from '../../host/index.ts';
import { createRig, settled, until, writeVideo, type Rig } from './helpers.ts';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

async function uploadThrough(faults: FaultRule[], count: number, size: number): Promise<Rig> {
  const current = await createRig({ engine: { concurrency: 1 } });
  rig = current;
  current.host.control.setFaults(faults);
  const files = Array.from({ length: count }, (_, i) => writeVideo(current.dir, `f${i}.mp4`, size + i));
  await current.engine.add(
    files.map((f) => f.path),
    0,
  );
  await until(() => settled(current.engine.list().jobs), 'every job settled').catch((error: unknown) => {
    const states = current.engine.list().jobs.map((job) => `${job.name}:${job.state}:${job.bytesSent}:${job.attempts}:${job.error?.message ?? ''}`);
    throw new Error(`${String(error)}\n${states.join('\n')}\n${current.log.lines.slice(-15).join('\n')}`);
  });
  const videos = current.host.control.videos();
  for (const file of files) {
    const copies = videos.filter((v) => v.sha256 === file.sha256);
    const job = current.engine.list().jobs.find((j) => j.path === file.path);
    if (job?.state === 'done') {
      expect(copies).toHaveLength(1);
      expect(job.videoId).toBe(copies[0]?.id);
    } else {
      expect(job?.state).toBe('failed');
      expect(job?.error?.message.length).toBeGreaterThan(10);
      expect(copies).toHaveLength(0);
    }
  }
  expect(current.host.control.uploadsReceived()).toBe(videos.length);
  return current;
}

describe('uploads under file-server faults', () => {
  it('survives a reset before the body (0 %)', async () => {
    const r = await uploadThrough([{ route: 'FILES', kind: 'reset', times: 2 }], 3, 2_000_000);
    expect(r.host.control.faultsInjected()).toBe(2);
    expect(r.engine.list().jobs.every((job) => job.state === 'done')).toBe(true);
  });

  it('tries a lost file-server connection again at once, not after a backoff (issue 26: Offline within 2 s when the service is gone too)', async () => {
    // A backoff of at least 50 s: only the at-once first retry lets the job end within the wait below.
    const current = await createRig({ engine: { concurrency: 1, backoff: { baseMs: 100_000, capMs: 100_000 }, random: () => 0.5 } });
    rig = current;
    current.host.control.setFaults([{ route: 'FILES', kind: 'reset', times: 1 }]);
    const file = writeVideo(current.dir, 'cut-off.mp4', 200_000);
    await current.engine.add([file.path], 0);
    await until(() => current.engine.list().jobs[0]?.state === 'done', 'the job done after one at-once retry');
    expect(current.host.control.faultsInjected()).toBe(1);
    expect(current.engine.list().jobs[0]?.attempts).toBe(2);
  });

  it('survives resets at 50 % and 99 % of the body', async () => {
    const r = await uploadThrough(
      [
        { route: 'FILES', kind: 'reset_mid_body', atFraction: 0.5, times: 1 },
        { route: 'FILES', kind: 'reset_mid_body', atFraction: 0.99, times: 1 },
      ],
      3,
      3_000_000,
    );
    expect(r.host.control.faultsInjected()).toBe(2);
    expect(r.engine.list().jobs.every((job) => job.state === 'done')).toBe(true);
    expect(r.host.control.uploadsReceived()).toBe(3);
  });

  it('does not resend a file whose reply was lost after the whole body arrived', async () => {
    const r = await uploadThrough([{ route: 'FILES', kind: 'lose_reply', times: 2 }], 3, 1_500_000);
    expect(r.host.control.faultsInjected()).toBe(2);
    expect(r.engine.list().jobs.every((job) => job.state === 'done')).toBe(true);
    // Found by the lookup, not sent again: three files, three uploads received.
    expect(r.host.control.uploadsReceived()).toBe(3);
    expect(r.uploaded).toHaveLength(3);
    expect(r.log.lines.filter((line) => line.includes('not sending it again'))).toHaveLength(2);
  });

  it('retries a 5xx page and gives up with a readable message after the attempts run out', async () => {
    const r = await uploadThrough([{ route: 'FILES', kind: 'html_error', status: 502 }], 1, 100_000);
    const [job] = r.engine.list().jobs;
    expect(job?.state).toBe('failed');
    expect(job?.attempts).toBe(6);
    expect(job?.error?.message).toContain('502 Bad Gateway');
  });

  it('mixes every fault at random and still ends each job exactly once', async () => {
    const r = await uploadThrough(
      [
        { route: 'FILES', kind: 'reset', rate: 0.15 },
        { route: 'FILES', kind: 'reset_mid_body', atFraction: 0.5, rate: 0.15 },
        { route: 'FILES', kind: 'reset_mid_body', atFraction: 0.99, rate: 0.15 },
        { route: 'FILES', kind: 'lose_reply', rate: 0.15 },
        { route: 'FILES', kind: 'server_error', rate: 0.1 },
      ],
      8,
      400_000,
    );
    // The faults really fired (the host's PRNG is seeded, so this run is the same every time)
    // and the engine still got work through them: without both, the test proves nothing.
    expect(r.host.control.faultsInjected()).toBeGreaterThan(0);
    const jobs = r.engine.list().jobs;
    expect(jobs).toHaveLength(8);
    expect(jobs.filter((job) => job.state === 'done').length).toBeGreaterThan(0);
    expect(r.engine.list().jobs.every((job) => job.state === 'done' || job.state === 'failed')).toBe(true);
  });
});
