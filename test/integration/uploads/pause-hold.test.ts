// Issue 26 section 2 on loopback: a pause holds the transfer (its request open, nothing sent)
// against a file server that drops a request whose body stops arriving, as nginx's
// client_body_timeout does (60 s there, 2 s here; the app's patience is set short too, so
// the tests are fast). Within the patience the same request goes on: the host sees one
// request and the bytes are not sent again. Past it the app lets go, says so, and the file
// starts cleanly from byte 0; a server less patient than the app is noticed the same way.
// A transfer cut by the network says it starts again, with the bytes lost; the history
// keeps every attempt, and its average speed leaves out the wait between retries.
import { afterEach, describe, expect, it } from 'vitest';
import type { UploadJob } from '../../../shared/model.ts';
import { createRig, until, writeVideo, type Rig } from './helpers.ts';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** The server's idle limit for a request body (nginx: client_body_timeout). */
const SERVER_BODY_TIMEOUT_MS = 2_000;

function job(id: number): UploadJob {
  const found = rig!.engine.list().jobs.find((j) => j.id === id);
  if (!found) throw new Error(`no job ${id}`);
  return found;
}

const fileRequests = () => rig!.host.control.requestLog().filter((entry) => entry.origin === 'files');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a pause that keeps the connection', () => {
  it('within the patience, Resume goes on in the same request: one request, no byte sent twice, and the slot goes to the next file meanwhile', async () => {
    rig = await createRig({
      host: { fileServerBodyTimeoutMs: SERVER_BODY_TIMEOUT_MS },
      engine: { bandwidthLimit: 200_000, concurrency: 1, pausePatienceMs: 1_500 },
    });
    const big = writeVideo(rig.dir, 'held.mp4', 700_000);
    const small = writeVideo(rig.dir, 'meanwhile.mp4', 30_000);
    const { added } = await rig.engine.add([big.path, small.path], 0);
    const [heldId, smallId] = added as [number, number];
    await until(() => job(heldId).state === 'uploading' && job(heldId).bytesSent > 100_000, 'the big file sending');

    rig.engine.pause(heldId);
    const paused = job(heldId);
    expect(paused.state).toBe('paused');
    expect(paused.hold).not.toBeNull();
    expect(paused.hold!.until - paused.hold!.since).toBe(1_500);
    expect(paused.bytesSent).toBeGreaterThan(100_000);
    // Its slot is free: the next file goes while it is held.
    await until(() => job(smallId).state === 'done', 'the small file done while the big one is held');
    await sleep(700);
    expect(job(heldId).state).toBe('paused');
    const sentWhenHeld = job(heldId).bytesSent;

    rig.engine.resume(heldId);
    expect(job(heldId).state).toBe('uploading');
    expect(job(heldId).bytesSent).toBeGreaterThanOrEqual(sentWhenHeld);
    await until(() => job(heldId).state === 'done', 'the held file done');

    const requests = fileRequests();
    expect(requests.map((r) => r.status)).toEqual([200, 200]);
    expect(rig.host.control.uploadsReceived()).toBe(2);
    expect(rig.host.control.videos().find((v) => v.name === 'held.mp4')?.sha256).toBe(big.sha256);
    expect(job(heldId).restart).toBeNull();
    const [entry] = rig.engine.history({ search: 'held.mp4', limit: 5 }).items;
    expect(entry?.attempts).toHaveLength(1);
    expect(entry?.attempts?.[0]).toMatchObject({ outcome: 'done', bytesSent: 700_000 });
    expect(entry?.attempts?.[0]?.heldMs).toBeGreaterThan(0);
  });

  it('past the patience the app lets go: the row says the file starts again, with the bytes lost, and Resume sends it cleanly from byte 0', async () => {
    rig = await createRig({
      host: { fileServerBodyTimeoutMs: SERVER_BODY_TIMEOUT_MS },
      engine: { bandwidthLimit: 200_000, pausePatienceMs: 400 },
    });
    const file = writeVideo(rig.dir, 'let-go.mp4', 500_000);
    const [id] = (await rig.engine.add([file.path], 0)).added as [number];
    await until(() => job(id).state === 'uploading' && job(id).bytesSent > 50_000, 'sending');
    rig.engine.pause(id);
    await until(() => job(id).restart?.cause === 'pause-expired', 'the hold let go');
    const expired = job(id);
    expect(expired).toMatchObject({ state: 'paused', hold: null, bytesSent: 0 });
    expect(expired.restart!.bytesLost).toBeGreaterThan(50_000);
    await until(() => fileRequests().length === 1, 'the first request closed');
    expect(fileRequests()[0]?.status).toBe(0);

    rig.engine.resume(id);
    await until(() => job(id).state === 'done', 'done after starting again');
    expect(fileRequests().map((r) => r.status)).toEqual([0, 200]);
    expect(rig.host.control.uploadsReceived()).toBe(1);
    expect(rig.host.control.videos()).toHaveLength(1);
    expect(rig.host.control.videos()[0]?.sha256).toBe(file.sha256);
    expect(job(id).restart).toBeNull();
    const [entry] = rig.engine.history({ limit: 5 }).items;
    expect(entry?.attempts?.map((a) => a.outcome)).toEqual(['pause-expired', 'done']);
    expect(entry?.attempts?.[0]?.bytesSent).toBe(expired.restart!.bytesLost);
  });

  it('a file server less patient than the app drops the paused request: the app notices, says so, and starts again cleanly on Resume', async () => {
    rig = await createRig({
      host: { fileServerBodyTimeoutMs: 600 },
      engine: { bandwidthLimit: 200_000, pausePatienceMs: 30_000 },
    });
    const file = writeVideo(rig.dir, 'dropped.mp4', 500_000);
    const [id] = (await rig.engine.add([file.path], 0)).added as [number];
    await until(() => job(id).state === 'uploading' && job(id).bytesSent > 50_000, 'sending');
    rig.engine.pause(id);
    await until(() => job(id).restart?.cause === 'pause-dropped', 'the server dropped the paused request');
    expect(job(id)).toMatchObject({ state: 'paused', hold: null, bytesSent: 0, error: null });
    // Not a failure: nothing counts against the job's attempts beyond the one it made.
    expect(job(id).attempts).toBe(1);

    rig.engine.resume(id);
    await until(() => job(id).state === 'done', 'done after starting again');
    expect(fileRequests().map((r) => r.status)).toEqual([0, 200]);
    expect(rig.host.control.videos()[0]?.sha256).toBe(file.sha256);
    const [entry] = rig.engine.history({ limit: 5 }).items;
    expect(entry?.attempts?.map((a) => a.outcome)).toEqual(['pause-dropped', 'done']);
  });

  it('pause all "now" holds every transfer under way and Resume all continues them; "after the files being sent" lets them finish and starts nothing new', async () => {
    rig = await createRig({ engine: { bandwidthLimit: 300_000, concurrency: 2, pausePatienceMs: 20_000 } });
    const files = [0, 1, 2].map((i) => writeVideo(rig!.dir, `all-${i}.mp4`, 300_000));
    const ids = (await rig.engine.add(files.map((f) => f.path), 0)).added as [number, number, number];
    await until(() => job(ids[0]).bytesSent > 10_000 && job(ids[1]).bytesSent > 10_000, 'two sending');
    rig.engine.pause(undefined, 'now');
    expect([job(ids[0]).state, job(ids[1]).state, job(ids[2]).state]).toEqual(['paused', 'paused', 'waiting']);
    expect(job(ids[0]).hold).not.toBeNull();
    rig.engine.resume();
    await until(() => ids.every((id) => job(id).state === 'done'), 'all done');
    expect(fileRequests().map((r) => r.status)).toEqual([200, 200, 200]);

    rig.engine.setConcurrency(1);
    const more = [3, 4].map((i) => writeVideo(rig!.dir, `after-${i}.mp4`, 300_000));
    const later = (await rig.engine.add(more.map((f) => f.path), 0)).added as [number, number];
    await until(() => job(later[0]).bytesSent > 10_000, 'one sending');
    rig.engine.pause();
    await until(() => job(later[0]).state === 'done', 'the running file finished');
    expect(job(later[1]).state).toBe('waiting');
    expect(rig.engine.list().paused).toBe(true);
    rig.engine.resume();
    await until(() => job(later[1]).state === 'done', 'the rest after resume');
  });
});

describe('a transfer cut by the network', () => {
  it('says it starts again from the beginning with the bytes lost; the history keeps both attempts and its speed leaves out the wait between them', async () => {
    rig = await createRig({ engine: { backoff: { baseMs: 1_500, capMs: 1_500 } } });
    rig.host.control.setFaults([{ route: 'FILES', kind: 'reset_mid_body', atFraction: 0.5, times: 1 }]);
    const file = writeVideo(rig.dir, 'cut.mp4', 2_000_000);
    const [id] = (await rig.engine.add([file.path], 0)).added as [number];
    await until(() => job(id).restart?.cause === 'cut', 'the cut said');
    const cut = job(id);
    // Between its attempts (waiting for the connection or its backoff), or already sending again:
    // a call that succeeds meanwhile reads the service online at once, so the wait can be a few ms.
    expect(['waiting', 'uploading']).toContain(cut.state);
    expect(cut.restart!.bytesLost).toBeGreaterThan(0);
    await until(() => job(id).state === 'done', 'done on the second attempt');

    const [entry] = rig.engine.history({ limit: 5 }).items;
    expect(entry?.attempts?.map((a) => a.outcome)).toEqual(['cut', 'done']);
    expect(entry?.attempts?.[0]?.bytesSent).toBe(cut.restart!.bytesLost);
    expect(entry?.attempts?.[0]?.error).toBeTruthy();
    expect(entry?.attempts?.[1]?.bytesSent).toBe(2_000_000);
    // From the first start to the end includes the 1.5 s wait between the attempts; the
    // average is over the sending time only, so it is higher than that.
    const wallClock = (2_000_000 * 1000) / (entry!.finishedAt - entry!.startedAt!);
    expect(entry?.averageSpeed).toBeGreaterThan(wallClock);
  });
});
