// Run 1, chaos uploads: 40 files of distinct content through the real upload engine against
// the sandbox host with a fault plan (server errors, resets at random points of the body,
// replies lost after the body arrived, latency spikes, a period with the host down). The
// host's own records (one video per file, identified by its SHA-256) decide: every job ends
// uploaded exactly once, or failed with a sentence a person can read. Nothing is lost,
// nothing is doubled.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitoredClient } from '../support/monitored-client.ts';
import { openDatabase } from '../../electron/core/db/database.ts';
import { MemorySink, RedactingLogger } from '../../electron/core/log/redacting.ts';
import { EventHub } from '../../electron/core/rpc/events.ts';
import { UploadEngine } from '../../electron/core/uploads/engine.ts';
import type { UploadJob } from '../../shared/model.ts';
import { startHost, type FaultPlan } from '../host/index.ts';
import { isReadable, randomApiKey, seededRandom, sleep, summaryLine, tempDir, waitUntil, type ReliabilityRun, type RunResult } from './common.ts';

const FILES = 40;
const MIN_SIZE = 256 * 1024;
const MAX_SIZE = 4 * 1024 * 1024;
const RNG_SEED = 20_240_601;
/** Every job has ended well before this on an idle machine; it bounds the wait on a loaded one. */
const END_WITHIN_MS = 150_000;
const TERMINAL: ReadonlySet<UploadJob['state']> = new Set(['done', 'failed', 'changed', 'cancelled']);

/** 10 % server errors everywhere; resets at three points of the body; replies lost after the body. */
const FAULT_PLAN: FaultPlan = [
  { route: '*', kind: 'server_error', rate: 0.1 },
  { route: 'FILES', kind: 'server_error', rate: 0.1 },
  { route: 'FILES', kind: 'reset_mid_body', rate: 0.07, atFraction: 0.1 },
  { route: 'FILES', kind: 'reset_mid_body', rate: 0.07, atFraction: 0.5 },
  { route: 'FILES', kind: 'reset_mid_body', rate: 0.07, atFraction: 0.95 },
  { route: 'FILES', kind: 'lose_reply', rate: 0.1 },
];

/** An MP4 header (so the engine's sniffing takes it for a video) and seeded bytes after it. */
export function makeVideo(random: () => number, size: number): Buffer {
  const header = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
  const body = Buffer.alloc(size - header.length);
  const whole = body.length - (body.length % 4);
  for (let i = 0; i < whole; i += 4) body.writeUInt32LE(Math.floor(random() * 0x1_0000_0000), i);
  for (let i = whole; i < body.length; i++) body[i] = Math.floor(random() * 256);
  return Buffer.concat([header, body]);
}

export const chaosRun: ReliabilityRun = {
  name: 'chaos',
  proves: 'under server errors, resets mid-body, lost replies, latency spikes and an outage, every upload ends exactly once on the service or failed with a readable reason',
  async execute(): Promise<RunResult> {
    const problems: string[] = [];
    const dir = tempDir('chaos');
    const random = seededRandom(RNG_SEED);
    const apiKey = randomApiKey();
    const host = await startHost({ seed: 'empty', apiKey, rngSeed: RNG_SEED, fileServers: 2 });
    const db = openDatabase(join(dir.path, 'account.db'));
    const logs = new MemorySink();
    const logger = new RedactingLogger({ sinks: [logs], minLevel: 'info' });
    // The app's own monitor: the client reports, a probe finds the service again after an outage.
    const { client: api, connectivity } = monitoredClient({ baseUrl: host.baseUrl, apiKey, logger, secrets: logger, deadlineMs: 5_000 }, { firstDelayMs: 300, maxDelayMs: 1_500 });
    const connection = { offlineReports: 0 };
    connectivity.onChange((now, previous) => {
      if (now.state === 'offline' && previous.state !== 'offline') connection.offlineReports++;
    });
    const engine = new UploadEngine({
      db,
      api,
      connectivity,
      events: new EventHub(),
      logger,
      secrets: logger,
      onVideoUploaded: () => {},
      random,
      concurrency: 3,
      backoff: { baseMs: 100, capMs: 1_500 },
      maxAttempts: 8,
      sendStallMs: 5_000,
      replyTimeoutMs: 10_000,
    });
    let spikes = 0;
    let outages = 0;
    let chaosOn = true;
    try {
      // Files of distinct content: their SHA-256 identifies each one among the host's videos.
      const files = new Map<string, { sha256: string; size: number }>();
      for (let i = 0; i < FILES; i++) {
        const size = MIN_SIZE + Math.floor(random() * (MAX_SIZE - MIN_SIZE));
        const bytes = makeVideo(random, size);
        const path = join(dir.path, `chaos-${String(i + 1).padStart(2, '0')}.mp4`);
        writeFileSync(path, bytes);
        files.set(path, { sha256: createHash('sha256').update(bytes).digest('hex'), size });
      }
      host.control.setFaults(FAULT_PLAN);
      engine.start();
      const added = await engine.add([...files.keys()], 0);
      if (added.added.length !== FILES) problems.push(`chaos: ${FILES - added.added.length} file(s) were not queued: ${JSON.stringify(added.skipped)}`);

      // One outage early, then latency spikes (300 ms on every request for a while), during the
      // run. The outage comes first: 1.4 s in, a fast run had already sent all 40 files (CI once).
      const weather = (async () => {
        for (let round = 0; chaosOn; round++) {
          await sleep(round === 0 ? 200 : 500);
          if (!chaosOn) break;
          if (round === 0) {
            // It counts only if uploads were still under way when the service went away.
            if (engine.list().jobs.some((job) => !TERMINAL.has(job.state))) outages++;
            await host.control.stop();
            await sleep(2_000);
            await host.control.start();
            continue;
          }
          spikes++;
          host.control.setLatency(300, 100);
          await sleep(400);
          host.control.setLatency(0, 0);
        }
      })();

      const ended = await waitUntil(() => engine.list().jobs.every((job) => TERMINAL.has(job.state)), END_WITHIN_MS, 100);
      chaosOn = false;
      await weather;
      host.control.setFaults([]);
      if (!ended) problems.push(`chaos: jobs still running after ${END_WITHIN_MS / 1000} s`);
      if (outages === 0) problems.push('chaos: the uploads ended before the outage could happen; the run proved less than it claims');
      await engine.stop();

      // The host's records decide.
      const jobs = engine.list().jobs;
      const videos = host.control.videos();
      let uploaded = 0;
      let failed = 0;
      let lost = 0;
      let duplicates = 0;
      let retries = 0;
      let failedArrived = 0;
      for (const [path, file] of files) {
        const job = jobs.find((j) => j.path === path);
        const copies = videos.filter((v) => v.sha256 === file.sha256);
        if (copies.length > 1) {
          duplicates += copies.length - 1;
          problems.push(`chaos: ${path} is on the service ${copies.length} times`);
        }
        if (!job) {
          lost++;
          problems.push(`chaos: ${path} has no upload job`);
          continue;
        }
        retries += Math.max(0, job.attempts - 1);
        if (job.state === 'done') {
          if (copies.length === 0) {
            lost++;
            problems.push(`chaos: job ${job.id} says done but the service has no such file`);
          } else if (!copies.some((v) => v.id === job.videoId)) {
            problems.push(`chaos: job ${job.id} points at ${job.videoId}, not at the video that holds its file`);
          } else uploaded++;
        } else if (job.state === 'failed' || job.state === 'changed') {
          failed++;
          if (process.env.RELIABILITY_VERBOSE) process.stderr.write(`chaos: job ${job.id} failed: ${job.error?.message ?? '?'}\n`);
          if (!isReadable(job.error?.message)) problems.push(`chaos: job ${job.id} failed without a readable message: ${JSON.stringify(job.error)}`);
          // Not a loss and not a duplicate (a retry looks the file up first), but worth seeing.
          if (copies.length > 0) failedArrived++;
        } else {
          lost++;
          problems.push(`chaos: job ${job.id} never ended (state ${job.state})`);
        }
      }
      const stray = videos.filter((v) => ![...files.values()].some((f) => f.sha256 === v.sha256));
      if (stray.length > 0) problems.push(`chaos: ${stray.length} video(s) on the service match no file`);

      return {
        summary: summaryLine('chaos', {
          files: FILES,
          faults: host.control.faultsInjected() + spikes + outages,
          spikes,
          outages,
          offline_reports: connection.offlineReports,
          retries,
          uploaded,
          failed,
          failed_but_arrived: failedArrived,
          lost,
          duplicates,
        }),
        totals: { uploads: FILES, lost, duplicates },
        problems,
      };
    } finally {
      chaosOn = false;
      await engine.stop().catch(() => {});
      db.close();
      await host.close();
      dir.remove();
    }
  },
};
