import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sendFile, type SendFile } from '../../../electron/core/uploads/transfer.ts';
import { createRig, settled, until, writeVideo, type Rig } from './helpers.ts';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describe('upload engine against the sandbox host', () => {
  it('uploads single and parallel files into the right folders with the right bytes', async () => {
    rig = await createRig();
    const { id: folderId } = rig.host.control.addFolder({ name: 'Trips' });
    const files = [0, 1, 2, 3, 4].map((i) => writeVideo(rig!.dir, `clip-${i}.mp4`, 300_000 + i * 1_000_003));
    const root = writeVideo(rig.dir, 'root.mp4', 123_457);
    const result = await rig.engine.add(files.map((file) => file.path), folderId);
    expect(result.added).toHaveLength(5);
    await rig.engine.add([root.path], 0);
    await until(() => rig!.engine.list().jobs.every((job) => job.state === 'done'), 'every job done');

    const videos = rig.host.control.videos();
    expect(videos).toHaveLength(6);
    for (const [i, file] of files.entries()) {
      const video = videos.find((v) => v.name === `clip-${i}.mp4`);
      expect(video?.folderId).toBe(folderId);
      expect(video?.sha256).toBe(file.sha256);
    }
    expect(videos.find((v) => v.name === 'root.mp4')).toMatchObject({ folderId: 0, sha256: root.sha256 });
    expect(rig.host.control.uploadsReceived()).toBe(6);
    const jobs = rig.engine.list().jobs;
    expect(jobs.every((job) => job.videoId !== null && job.downloadUrl !== null && job.embedUrl !== null)).toBe(true);
    expect(rig.uploaded.map((u) => u.folderId).sort()).toEqual([0, folderId, folderId, folderId, folderId, folderId]);
    // Sessions were registered as secrets and never logged.
    expect(rig.log.secrets.length).toBeGreaterThanOrEqual(6);
    for (const secret of rig.log.secrets) expect(rig.log.lines.join('\n')).not.toContain(secret);
  });

  it('logs an error object with its stack and cause when the library refuses the new video', async () => {
    const refusal = new Error('the library refused it', { cause: new Error('database is locked') });
    rig = await createRig({
      engine: {
        onVideoUploaded: () => {
          throw refusal;
        },
      },
    });
    const file = writeVideo(rig.dir, 'logged.mp4', 40_000);
    await rig.engine.add([file.path], 0);
    await until(() => rig!.engine.list().jobs.every((job) => job.state === 'done'), 'the job done');
    const line = rig.log.lines.find((l) => l.includes('the library refused the new video'));
    expect(line).toBeDefined();
    // The cause and the stack survive into the log, not only the message.
    expect(line).toContain('database is locked');
    expect(line).toContain('"stack"');
  });

  it('a cancel once the whole file is out waits for the reply: the video that arrived is kept, the job done with a note', async () => {
    // A slow reply is not a stalled one here: only the cancel may end this job.
    rig = await createRig({ engine: { replyTimeoutMs: 120_000 } });
    // The reply comes one byte at a time, so the job stays "finishing" (every byte sent,
    // waiting for the answer) long enough to be cancelled there.
    rig.host.control.setFaults([{ route: 'FILES', kind: 'drip', dripMs: 5, times: 1 }]);
    const file = writeVideo(rig.dir, 'late-cancel.mp4', 30_000);
    const { added } = await rig.engine.add([file.path], 0);
    const id = added[0]!;
    await until(() => rig!.engine.list().jobs[0]?.state === 'finishing', 'the job finishing');
    rig.engine.cancel(id);
    await until(() => settled(rig!.engine.list().jobs), 'the job settled');
    const job = rig.engine.list().jobs[0];
    expect(rig.host.control.videos()).toHaveLength(1);
    expect(job?.state).toBe('done');
    expect(job?.videoId).toBe(rig.host.control.videos()[0]?.id);
    expect(job?.note).toEqual({ code: 'note_arrived_before_cancel', params: {} });
    expect(rig.host.control.uploadsReceived()).toBe(1);
  });

  describe('a cancel of a job whose whole body may have arrived asks the service first (simulation seeds 2073, 627)', () => {
    const stateOf = (): string | undefined => rig!.engine.list().jobs[0]?.state;
    const maybeReceived = (id: number): number => (rig!.db.prepare('SELECT maybe_received FROM upload_jobs WHERE id = ?').get(id) as { maybe_received: number }).maybe_received;

    it('running: the reply is lost after the cancel, the video had arrived: done with it, never cancelled', async () => {
      // The real transfer on loopback; its outcome (the reply lost after the file server stored
      // the file) is held until the person has cancelled, the moment the simulation found.
      let release!: () => void;
      const cancelled = new Promise<void>((resolve) => (release = resolve));
      const heldOutcome: SendFile = async (input) => {
        try {
          return await sendFile(input);
        } finally {
          await cancelled;
        }
      };
      rig = await createRig({ engine: { sendFile: heldOutcome }, host: { faults: [{ route: 'FILES', kind: 'lose_reply', times: 1 }] } });
      const file = writeVideo(rig.dir, 'cancel-running.mp4', 40_000);
      const id = (await rig.engine.add([file.path], 0)).added[0]!;
      await until(() => rig!.host.control.videos().length === 1 && maybeReceived(id) === 1, 'the body stored, its reply not read yet');
      rig.engine.cancel(id);
      release();
      await until(() => stateOf() === 'done' || stateOf() === 'cancelled', 'the job ended');
      const job = rig.engine.list().jobs[0]!;
      expect(job.state).toBe('done');
      expect(job.videoId).toBe(rig.host.control.videos()[0]!.id);
      expect(job.note).toEqual({ code: 'note_arrived_before_cancel', params: {} });
      expect(rig.host.control.uploadsReceived()).toBe(1);
    });

    it('not running (failed after a lost reply): cancelling while offline, done once the service says the video is there', async () => {
      rig = await createRig({ engine: { maxAttempts: 1 }, host: { faults: [{ route: 'FILES', kind: 'lose_reply', times: 1 }] } });
      const file = writeVideo(rig.dir, 'cancel-failed.mp4', 40_000);
      const id = (await rig.engine.add([file.path], 0)).added[0]!;
      await until(() => stateOf() === 'failed', 'the job failed with its reply lost');
      expect(maybeReceived(id)).toBe(1);
      await rig.host.control.stop();
      rig.engine.cancel(id);
      await until(() => rig!.connection.reports.length > 0, 'the look found the service unreachable');
      // Unknown: never "cancelled" while the video may be on the service.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stateOf()).toBe('cancelling');
      await rig.host.control.start();
      await until(() => stateOf() === 'done' || stateOf() === 'cancelled', 'the job ended once online');
      const job = rig.engine.list().jobs[0]!;
      expect(job).toMatchObject({ state: 'done', note: { code: 'note_arrived_before_cancel', params: {} }, videoId: rig.host.control.videos()[0]!.id });
      expect(rig.host.control.uploadsReceived()).toBe(1);
    });

    it('not running, and the service has no video of it: cancelled after the look, nothing sent again', async () => {
      // Cut after the last chunk left, before the file server stored anything.
      rig = await createRig({ engine: { maxAttempts: 1 }, host: { faults: [{ route: 'FILES', kind: 'reset_mid_body', atFraction: 0.99, times: 1 }] } });
      const file = writeVideo(rig.dir, 'cancel-none.mp4', 40_000);
      const id = (await rig.engine.add([file.path], 0)).added[0]!;
      await until(() => stateOf() === 'failed', 'the job failed with its body cut');
      expect(maybeReceived(id)).toBe(1);
      rig.engine.cancel(id);
      await until(() => stateOf() === 'cancelled', 'cancelled after the look');
      expect(rig.host.control.videos()).toHaveLength(0);
      expect(rig.host.control.uploadsReceived()).toBe(0);
      expect(maybeReceived(id)).toBe(0);
    });
  });

  it('refuses duplicates and expands folders to video files only', async () => {
    rig = await createRig();
    const folder = join(rig.dir, 'drop');
    mkdirSync(join(folder, 'nested'), { recursive: true });
    const a = writeVideo(folder, 'a.mp4', 50_000);
    writeVideo(join(folder, 'nested'), 'b.mov', 60_000);
    writeVideo(folder, '.hidden.mp4', 10_000);
    writeFileSync(join(folder, 'notes.txt'), 'hello');
    writeFileSync(join(folder, 'fake.mp4'), 'this is not a video at all');
    writeFileSync(join(folder, 'Thumbs.db'), 'x');
    const first = await rig.engine.add([folder], 0);
    expect(rig.engine.view.jobs(first.added).map((job) => job.name).sort()).toEqual(['a.mp4', 'b.mov']);
    expect(first.skipped.map((s) => s.path).sort()).toEqual([join(folder, 'fake.mp4'), join(folder, 'notes.txt')]);
    const again = await rig.engine.add([a.path], 0);
    expect(again.added).toHaveLength(0);
    expect(again.skipped).toEqual([{ path: a.path, reason: { code: 'skip_already_queued', params: {} }, jobId: rig.engine.view.jobs(first.added).find((job) => job.name === 'a.mp4')!.id, duplicate: 'queued' }]);
    await until(() => rig!.engine.list().jobs.every((job) => job.state === 'done'), 'done');
    const third = await rig.engine.add([folder], 0);
    expect(third.added).toHaveLength(0);
    expect(third.skipped.filter((s) => s.reason.code === 'skip_already_uploaded')).toHaveLength(2);
    expect(rig.host.control.uploadsReceived()).toBe(2);
  });

  it("queues a folder's files in the order a file manager shows them: numbers by value, letters by case-blind name", async () => {
    rig = await createRig();
    rig.engine.pause(); // queueing is what is looked at
    const folder = join(rig.dir, 'takes');
    mkdirSync(folder, { recursive: true });
    for (const [i, name] of ['clip 10.mp4', 'Clip 2.mp4', 'clip 1.mp4', 'b-roll.mp4', 'A-roll.mp4'].entries()) writeVideo(folder, name, 40_000 + i);
    const added = await rig.engine.add([folder], 0);
    expect(rig.engine.view.jobs(added.added).map((job) => job.name)).toEqual(['A-roll.mp4', 'b-roll.mp4', 'clip 1.mp4', 'Clip 2.mp4', 'clip 10.mp4']);
  });

  it('pauses, resumes, cancels and retries jobs', async () => {
    // A bandwidth limit keeps the transfers running long enough to act on them.
    rig = await createRig({ engine: { bandwidthLimit: 400_000, concurrency: 2 } });
    const a = writeVideo(rig.dir, 'a.mp4', 1_000_000);
    const b = writeVideo(rig.dir, 'b.mp4', 1_000_000);
    const c = writeVideo(rig.dir, 'c.mp4', 200_000);
    const { added } = await rig.engine.add([a.path, b.path, c.path], 0);
    const [ja, jb, jc] = added as [number, number, number];
    const job = (id: number) => rig!.engine.list().jobs.find((j) => j.id === id)!;
    await until(() => job(ja).state === 'uploading' && job(ja).bytesSent > 0, 'a uploading');

    rig.engine.pause(ja);
    await until(() => job(ja).state === 'paused', 'a paused');
    // Held: its request stays open and what it sent counts (pause-hold.test.ts has the rest).
    expect(job(ja).hold).not.toBeNull();
    expect(job(ja).bytesSent).toBeGreaterThan(0);
    rig.engine.cancel(jb);
    await until(() => job(jb).state === 'cancelled', 'b cancelled');
    await until(() => job(jc).state === 'done', 'c done');
    expect(rig.host.control.videos().map((v) => v.name)).toEqual(['c.mp4']);

    rig.engine.setBandwidthLimit(null);
    rig.engine.resume(ja);
    await rig.engine.retry(jb);
    await until(() => job(ja).state === 'done' && job(jb).state === 'done', 'a and b done');
    expect(rig.host.control.videos().map((v) => v.name).sort()).toEqual(['a.mp4', 'b.mp4', 'c.mp4']);
    expect(rig.host.control.videos().find((v) => v.name === 'a.mp4')?.sha256).toBe(a.sha256);

    rig.engine.clearFinished();
    expect(rig.engine.list().jobs).toHaveLength(0);
  });

  it('pauses and resumes the whole queue', async () => {
    rig = await createRig({ engine: { concurrency: 1 } });
    rig.engine.pause();
    const files = [0, 1, 2].map((i) => writeVideo(rig!.dir, `q${i}.mp4`, 100_000));
    await rig.engine.add(files.map((f) => f.path), 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(rig.engine.list()).toMatchObject({ paused: true });
    expect(rig.host.control.uploadsReceived()).toBe(0);
    rig.engine.resume();
    await until(() => rig!.engine.list().jobs.every((job) => job.state === 'done'), 'all done');
    expect(rig.host.control.uploadsReceived()).toBe(3);
  });

  it('flags a file deleted or modified while queued, and does not upload it', async () => {
    rig = await createRig();
    rig.engine.pause();
    const gone = writeVideo(rig.dir, 'gone.mp4', 80_000);
    const edited = writeVideo(rig.dir, 'edited.mp4', 80_000);
    const fine = writeVideo(rig.dir, 'fine.mp4', 80_000);
    await rig.engine.add([gone.path, edited.path, fine.path], 0);
    rmSync(gone.path);
    appendFileSync(edited.path, Buffer.alloc(10));
    rig.engine.resume();
    await until(() => settled(rig!.engine.list().jobs) && rig!.engine.list().jobs.some((j) => j.state === 'done'), 'settled');
    const byName = new Map(rig.engine.list().jobs.map((job) => [job.name, job]));
    expect(byName.get('gone.mp4')?.state).toBe('changed');
    expect(byName.get('edited.mp4')?.state).toBe('changed');
    expect(byName.get('edited.mp4')?.error?.message).toMatch(/changed/);
    expect(byName.get('fine.mp4')?.state).toBe('done');
    expect(rig.host.control.videos().map((v) => v.name)).toEqual(['fine.mp4']);
    // Retrying a changed file sends it as it is now.
    await rig.engine.retry(byName.get('edited.mp4')!.id);
    await until(() => rig!.engine.list().jobs.find((j) => j.name === 'edited.mp4')?.state === 'done', 'edited done');
    expect(rig.host.control.videos().find((v) => v.name === 'edited.mp4')?.size).toBe(80_010);
  });

  it('fails for good with the file server message when it refuses', async () => {
    rig = await createRig();
    const file = writeVideo(rig.dir, 'lost-folder.mp4', 50_000);
    await rig.engine.add([file.path], 999);
    await until(() => settled(rig!.engine.list().jobs), 'settled');
    const [job] = rig.engine.list().jobs;
    expect(job?.state).toBe('failed');
    expect(job?.error?.message).toContain('Folder not found');
    expect(rig.host.control.uploadsReceived()).toBe(0);
  });
});
