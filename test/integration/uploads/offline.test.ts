// The service goes away mid-transfer: running jobs go back to waiting, the queue holds,
// and it starts again by itself once the host answers.
import { afterEach, describe, expect, it } from 'vitest';
import { createRig, until, writeVideo, type Rig } from './helpers.ts';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describe('uploads while the service is unreachable', () => {
  it('holds the queue while the host is stopped and finishes when it is back', async () => {
    rig = await createRig({ engine: { bandwidthLimit: 500_000, concurrency: 2 } });
    const files = [0, 1, 2].map((i) => writeVideo(rig!.dir, `o${i}.mp4`, 1_000_000));
    await rig.engine.add(
      files.map((f) => f.path),
      0,
    );
    await until(() => rig!.engine.list().jobs.some((job) => job.state === 'uploading' && job.bytesSent > 0), 'a transfer running');
    await rig.host.control.stop();
    await until(() => rig!.engine.list().jobs.every((job) => job.state === 'waiting'), 'every job back to waiting');
    await until(() => rig!.connection.reports.length > 0, 'offline reported');
    // Still waiting a while later: the queue holds instead of failing jobs.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(rig.engine.list().jobs.every((job) => job.state === 'waiting')).toBe(true);

    rig.engine.setBandwidthLimit(null);
    await rig.host.control.start();
    await until(() => rig!.engine.list().jobs.every((job) => job.state === 'done'), 'every job done');
    const videos = rig.host.control.videos();
    expect(videos.map((v) => v.name).sort()).toEqual(['o0.mp4', 'o1.mp4', 'o2.mp4']);
    for (const file of files) expect(videos.filter((v) => v.sha256 === file.sha256)).toHaveLength(1);
  });

  it('starts again at once on the connection monitor online event', async () => {
    // Probes far apart: only the online event can start the queue again within the test.
    rig = await createRig({ probes: { firstDelayMs: 60_000, maxDelayMs: 60_000 } });
    await rig.host.control.stop();
    const file = writeVideo(rig.dir, 'later.mp4', 200_000);
    await rig.engine.add([file.path], 0);
    await until(() => rig!.connection.reports.length > 0, 'offline reported');
    expect(rig.engine.list().jobs[0]?.state).toBe('waiting');
    await rig.host.control.start();
    rig.connection.online();
    await until(() => rig!.engine.list().jobs[0]?.state === 'done', 'done after the online event');
  });
});
