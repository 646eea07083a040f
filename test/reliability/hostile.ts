// Run 3, hostile service: every operation the client uses (the 20 API calls and the
// file-server upload) against a server that answers badly on purpose, one kind of bad
// answer per case (HTML, empty, truncated, malformed, wrong types, missing fields, huge,
// drip, redirect to another origin, redirect https→http, reset). Each case must end in a
// typed error within its deadline, never in a result; the process must stay up; the
// foreign origin must never see the key or an upload session, and no log line may carry them.
import { randomBytes } from 'node:crypto';
import https from 'node:https';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ServiceClient } from '../../electron/core/api/client.ts';
import { MemorySink, RedactingLogger } from '../../electron/core/log/redacting.ts';
import { TokenBucket } from '../../electron/core/uploads/throttle.ts';
import { TransferError } from '../../electron/core/uploads/transfer.ts';
import { sendFileHere } from '../../electron/core/uploads/transfer-thread.ts';
import { AppError } from '../../shared/errors.ts';
import { startHost } from '../host/index.ts';
import { makePng } from '../host/png.ts';
import { assertLeakScanWorks, findLeaks, pool, randomApiKey, summaryLine, tempDir, withinMs, type ReliabilityRun, type RunResult } from './common.ts';
import {
  HOSTILE_KINDS,
  makeCertificate,
  startForeignRecorder,
  startHostileServer,
  startRecordingProxy,
  type HostileKind,
} from './hostile-servers.ts';

const CLIENT_DEADLINE_MS = 2_000;
/** Time allowed past the deadline for the loaded 2-core machine (timers, TLS, GC). */
const SLACK_MS = 3_000;
const CONCURRENCY = 6;
/** Subtitle by URL gets extra time for the service's upstream download; kept short here too. */
const EXTRA_DEADLINE_MS = { subtitleUrl: 1_000 };

function deadlineOf(op: string): number {
  return CLIENT_DEADLINE_MS + (op === 'subtitleUrl' ? EXTRA_DEADLINE_MS.subtitleUrl : 0);
}

type Call = (client: ServiceClient) => Promise<unknown>;

interface Fixtures {
  videoId: string;
  folderId: number;
  remoteId: string;
  png: string;
  srt: string;
  subtitleUrl: string;
}

/** Each operation with valid input; `key` is the method and path its reply is recorded under. */
function operations(f: Fixtures): Array<{ op: string; key: string; call: Call }> {
  const png = { path: f.png, name: 'thumb.png', contentType: 'image/png' };
  const srt = { path: f.srt, name: 'subs.srt', contentType: 'application/x-subrip' };
  return [
    { op: 'account', key: 'GET /v1/account', call: (c) => c.account() },
    { op: 'reports', key: 'GET /v1/account/reports', call: (c) => c.reports({ last: 7 }) },
    { op: 'dmca', key: 'GET /v1/account/dmca', call: (c) => c.dmca({ page: 1, perPage: 10 }) },
    { op: 'uploadTarget', key: 'GET /v1/upload', call: (c) => c.uploadTarget() },
    { op: 'remoteAdd', key: 'POST /v1/upload/url', call: (c) => c.remoteAdd({ url: 'https://media.example.org/clip.mp4' }) },
    { op: 'copy', key: 'POST /v1/upload/copy', call: (c) => c.copy({ id: f.videoId }) },
    { op: 'remoteStatus', key: 'GET /v1/upload/url/status', call: (c) => c.remoteStatus({ id: f.remoteId }) },
    { op: 'remoteList', key: 'GET /v1/upload/url/list', call: (c) => c.remoteList({ page: 1, perPage: 10 }) },
    { op: 'remoteAction', key: 'POST /v1/upload/url/actions', call: (c) => c.remoteAction({ action: 'delete_failed' }) },
    { op: 'slots', key: 'GET /v1/upload/url/slots', call: (c) => c.slots() },
    { op: 'folderCreate', key: 'POST /v1/folders/create', call: (c) => c.folderCreate({ name: 'Reliability' }) },
    { op: 'folderRename', key: 'POST /v1/folders/rename', call: (c) => c.folderRename({ id: f.folderId, name: 'Reliability 2' }) },
    { op: 'folders', key: 'GET /v1/folders', call: (c) => c.folders({ parent: 0 }) },
    { op: 'videos', key: 'GET /v1/videos', call: (c) => c.videos({ folder: 0, page: 1, perPage: 10 }) },
    { op: 'videoInfo', key: 'GET /v1/videos/info', call: (c) => c.videoInfo({ id: f.videoId }) },
    { op: 'skipIntro', key: 'POST /v1/videos/skip-intro', call: (c) => c.skipIntro({ id: f.videoId, seconds: 5 }) },
    { op: 'thumbnailUpload', key: 'POST /v1/videos/thumbnail', call: (c) => c.thumbnailUpload({ id: f.videoId, file: png }) },
    { op: 'thumbnailDelete', key: 'POST /v1/videos/thumbnail', call: (c) => c.thumbnailDelete({ id: f.videoId }) },
    { op: 'subtitleFile', key: 'POST /v1/subtitles/upload', call: (c) => c.subtitleFile({ id: f.videoId, language: 'en', file: srt }) },
    { op: 'subtitleUrl', key: 'POST /v1/subtitles/upload/url', call: (c) => c.subtitleUrl({ id: f.videoId, language: 'en', url: f.subtitleUrl }) },
  ];
}

const SRT = '1\n00:00:01,000 --> 00:00:02,500\nHello\n\n2\n00:00:03,000 --> 00:00:04,000\nWorld\n';

export const hostileRun: ReliabilityRun = {
  name: 'hostile',
  proves: 'every bad answer of the service or a file server ends in a typed error within its deadline, never in a result, and never carries the key or a session to another origin',
  async execute(): Promise<RunResult> {
    assertLeakScanWorks();
    const problems: string[] = [];
    const dir = tempDir('hostile');
    const apiKey = randomApiKey();
    const host = await startHost({ seed: 'demo', apiKey, rngSeed: 9, remoteWorker: { enabled: false } });
    const proxy = await startRecordingProxy(host.baseUrl);
    const foreign = await startForeignRecorder();
    const tls = makeCertificate(dir.path);
    // The client must trust the test certificate; nothing else changes in how it connects.
    https.globalAgent.options.ca = [tls.cert];
    const statics = new Map([['/static/subs.srt', SRT]]);
    const hostile = await startHostileServer(foreign.url, tls, statics);
    const secrets = new Map<string, string>([[apiKey, 'api key']]);
    const logs = new MemorySink();
    const logger = new RedactingLogger({ sinks: [logs], minLevel: 'debug' });
    let cases = 0;
    let typed = 0;
    try {
      // 1. The honest pass: every operation succeeds through the proxy, which keeps each reply.
      const pngPath = join(dir.path, 'thumb.png');
      writeFileSync(pngPath, makePng(320, 180, [20, 120, 200]));
      const srtPath = join(dir.path, 'subs.srt');
      writeFileSync(srtPath, SRT);
      const honest = new ServiceClient({ baseUrl: proxy.url, apiKey, logger, secrets: logger, deadlineMs: 10_000 });
      const videos = await honest.videos({ folder: 0, page: 1, perPage: 10 });
      const videoId = videos.list[0]?.id;
      if (!videoId) throw new Error('the demo seed has no video in the root folder');
      const folder = await honest.folderCreate({ name: 'Hostile base' });
      const remote = await honest.remoteAdd({ url: 'https://media.example.org/base.mp4' });
      const fixtures: Fixtures = {
        videoId,
        folderId: folder.id,
        remoteId: remote.id,
        png: pngPath,
        srt: srtPath,
        subtitleUrl: `${hostile.http.url}/static/subs.srt`,
      };
      const ops = operations(fixtures);
      for (const { op, call } of ops) {
        try {
          const result = await call(honest);
          if (op === 'uploadTarget') secrets.set((result as { session: string }).session, 'upload session');
        } catch (error) {
          problems.push(`hostile: the honest call ${op} failed, so its bad answers cannot be derived: ${String(error)}`);
        }
      }

      // 2. The bad answers: every operation × every kind, each with its own client.
      type Case = { op: string; kind: HostileKind; run: () => Promise<unknown>; typedCheck: (e: unknown) => boolean };
      const all: Case[] = [];
      for (const { op, key, call } of ops) {
        const template = proxy.replies.get(key);
        if (!template) continue;
        for (const kind of HOSTILE_KINDS) {
          const id = hostile.addCase({ kind, template });
          const client = new ServiceClient({
            baseUrl: hostile.baseFor(id, kind),
            apiKey,
            logger,
            secrets: logger,
            deadlineMs: CLIENT_DEADLINE_MS,
            extraDeadlineMs: EXTRA_DEADLINE_MS,
          });
          all.push({ op, kind, run: () => call(client), typedCheck: (e) => e instanceof AppError });
        }
      }
      // The file-server upload (the engine's transfer, on its thread), with a session of its own per case.
      const video = join(dir.path, 'clip.mp4');
      writeFileSync(video, Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), randomBytes(256 * 1024)]));
      const fileTemplate = JSON.stringify({ status: 200, msg: 'OK', result: [{ filecode: 'abcdefghijkl', title: 'clip.mp4', size: 262168 }] });
      for (const kind of HOSTILE_KINDS) {
        const id = hostile.addCase({ kind, template: fileTemplate });
        const session = randomBytes(24).toString('hex');
        secrets.set(session, 'upload session');
        const controller = new AbortController();
        const upload = () =>
          sendFileHere({
            url: `${hostile.baseFor(id, kind)}/upload/01`,
            session,
            folderId: 0,
            path: video,
            fileName: 'clip.mp4',
            contentType: 'video/mp4',
            size: 262_168,
            bucket: new TokenBucket(null, Date.now),
            signal: controller.signal,
            onProgress: () => {},
            onLastChunk: () => {},
            onBodySent: () => {},
            sendStallMs: CLIENT_DEADLINE_MS,
            replyTimeoutMs: CLIENT_DEADLINE_MS,
          }).finally(() => controller.abort());
        all.push({
          op: 'fileServerUpload',
          kind,
          run: () => {
            const running = upload();
            // Whatever happens, the case's own cleanup stops the transfer after the wait.
            setTimeout(() => controller.abort(), CLIENT_DEADLINE_MS + SLACK_MS + 500).unref();
            return running;
          },
          typedCheck: (e) => e instanceof TransferError && e.kind !== 'aborted',
        });
      }

      await pool(all, CONCURRENCY, async (entry) => {
        cases++;
        const started = Date.now();
        const deadline = deadlineOf(entry.op);
        const outcome = await withinMs(entry.run(), deadline + SLACK_MS);
        const label = `${entry.op} × ${entry.kind}`;
        if (outcome.timedOut) {
          problems.push(`hostile: ${label} did not end within ${(deadline + SLACK_MS) / 1000} s (its deadline: ${deadline / 1000} s)`);
          return;
        }
        if ('value' in outcome) {
          problems.push(`hostile: ${label} was accepted as a result (a bad answer taken for a good one)`);
          return;
        }
        if (!entry.typedCheck(outcome.error)) {
          const what = outcome.error instanceof Error ? `${outcome.error.name}: ${outcome.error.message}` : String(outcome.error);
          problems.push(`hostile: ${label} ended in an untyped error (${what}) after ${Date.now() - started} ms`);
          return;
        }
        typed++;
      });
    } finally {
      await hostile.close();
      await foreign.close();
      await proxy.close();
      await host.close();
      dir.remove();
    }

    // 3. What left the service's origin, and what was logged.
    let leaks = 0;
    for (const request of foreign.requests) {
      const hits = findLeaks(Buffer.concat([Buffer.from(`${request.method} ${request.url}\n${request.headers}\n`), request.body]), `foreign ${request.method} ${request.url}`, secrets);
      for (const hit of hits) problems.push(`hostile: the ${hit.secretKind} reached another origin (${hit.where}, ${hit.form})`);
      leaks += hits.length;
      if (/from-case-\d+/.test(request.url) && request.method !== 'GET') {
        problems.push(`hostile: a ${request.method} with its body was sent on to another origin (${request.url})`);
      }
    }
    const logHits = findLeaks(logs.text, 'the client log', secrets);
    for (const hit of logHits) problems.push(`hostile: the ${hit.secretKind} is in ${hit.where} (${hit.form})`);
    leaks += logHits.length;

    return {
      summary: summaryLine('hostile', {
        operations: 21,
        kinds: HOSTILE_KINDS.length,
        cases,
        typed_errors: typed,
        accepted: problems.filter((p) => p.includes('was accepted')).length,
        foreign_requests: foreign.requests.length,
        leaks,
      }),
      totals: { hostile: cases, leaks },
      problems,
    };
  },
};
