// Run 5, bad local input: files a person may pick or drop that the service must never see
// (a GIF named .png, a 1601 x 1200 PNG, a truncated JPEG, an SRT with broken timings, a
// 501 KB subtitle, a 0-byte video, a FIFO, a folder, a device, a broken symlink). Each is
// refused before any request (the host's request log stays empty for it) with a sentence
// that says what is wrong. The app's path is used when the composition root exists (grant,
// then the contract method through the dispatcher); otherwise the same checks the handlers
// run (electron/core/files) in front of the real client, and the real upload engine.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ServiceClient } from '../../electron/core/api/client.ts';
import { checkThumbnailFile } from '../../electron/core/files/image.ts';
import { checkSubtitleFile } from '../../electron/core/files/subtitle-prepare.ts';
import { openDatabase, type Db } from '../../electron/core/db/database.ts';
import { MemorySink, RedactingLogger } from '../../electron/core/log/redacting.ts';
import { EventHub } from '../../electron/core/rpc/events.ts';
import { UploadEngine } from '../../electron/core/uploads/engine.ts';
import { AppError } from '../../shared/errors.ts';
import { startHost, type Host } from '../host/index.ts';
import { makePng } from '../host/png.ts';
import { isReadable, randomApiKey, sleep, summaryLine, tempDir, type ReliabilityRun, type RunResult } from './common.ts';
import { startCoreTarget, type CoreTarget } from './core-target.ts';
import { ManualConnectivity } from '../../electron/core/connectivity.ts';
import type { Said } from '../../shared/said.ts';
import { sayInEnglish } from '../../shared/i18n/say.ts';

type Kind = 'thumbnail' | 'subtitle' | 'video';

interface BadFile {
  label: string;
  kind: Kind;
  path: string;
  /** What the refusal must say (the reason, in words). */
  says: RegExp;
}

/** The outcome of offering one file: refused with a message, or (wrongly) accepted. */
type Offer = { refused: true; message: string } | { refused: false; what: string };

function makeBadFiles(dir: string): BadFile[] {
  mkdirSync(dir, { recursive: true });
  const at = (name: string) => join(dir, name);
  writeFileSync(at('animated.png'), Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0x80, 0, 0]), Buffer.alloc(64, 1)]));
  writeFileSync(at('wide.png'), makePng(1601, 1200, [200, 40, 40]));
  const jpeg = Buffer.from(
    'ffd8ffe000104a46494600010100000100010000ffdb004300080606070605080707070909080a0c140d0c0b0b0c1912130f141d1a1f1e1d1a1c1c20242e2720222c231c1c2837292c30313434341f27393d38323c2e333432ffc0000b080010001001011100ffc4001f0000010501010101010100000000000000000102030405060708090a0bffda0008010100003f00',
    'hex',
  );
  writeFileSync(at('cut.jpg'), Buffer.concat([jpeg, Buffer.alloc(40, 0x55)])); // scan data, no end marker
  writeFileSync(at('broken.srt'), '1\n00:00:01,000 --> 00:00:0x,500\nHello\n\n2\n00:00:05,000 --> 00:00:04,000\nWorld\n');
  const cue = '1\n00:00:01,000 --> 00:00:02,000\nA line of subtitle text that repeats.\n\n';
  writeFileSync(at('long.srt'), cue.repeat(Math.ceil((501 * 1024) / cue.length)).slice(0, 501 * 1024));
  writeFileSync(at('empty.mp4'), '');
  mkdirSync(at('folder.png'));
  execFileSync('mkfifo', [at('pipe.mp4')]);
  execFileSync('mkfifo', [at('pipe.srt')]);
  execFileSync('mkfifo', [at('pipe.png')]);
  symlinkSync(at('gone.mp4'), at('dangling.mp4'));
  symlinkSync(at('gone.png'), at('dangling.png'));
  symlinkSync(at('gone.srt'), at('dangling.srt'));
  return [
    { label: 'a GIF named .png', kind: 'thumbnail', path: at('animated.png'), says: /GIF|JPEG or PNG/i },
    { label: 'a 1601 x 1200 PNG', kind: 'thumbnail', path: at('wide.png'), says: /1601/ },
    { label: 'a truncated JPEG', kind: 'thumbnail', path: at('cut.jpg'), says: /incomplete|damaged|cut short|truncated/i },
    { label: 'a folder named .png', kind: 'thumbnail', path: at('folder.png'), says: /folder/i },
    { label: 'a FIFO named .png', kind: 'thumbnail', path: at('pipe.png'), says: /pipe|not a regular file|not a file/i },
    { label: '/dev/zero as a thumbnail', kind: 'thumbnail', path: '/dev/zero', says: /device|not a regular file|not a file/i },
    { label: 'a broken symlink .png', kind: 'thumbnail', path: at('dangling.png'), says: /link|no longer|not exist|moved or deleted/i },
    { label: 'an SRT with broken timings', kind: 'subtitle', path: at('broken.srt'), says: /timing/i },
    { label: 'a 501 KB subtitle', kind: 'subtitle', path: at('long.srt'), says: /500 KB/i },
    { label: 'a FIFO named .srt', kind: 'subtitle', path: at('pipe.srt'), says: /pipe|not a regular file|not a file/i },
    { label: '/dev/zero as a subtitle', kind: 'subtitle', path: '/dev/zero', says: /device|not a regular file|not a file/i },
    { label: 'a broken symlink .srt', kind: 'subtitle', path: at('dangling.srt'), says: /link|no longer|not exist|moved or deleted/i },
    { label: 'a 0-byte video', kind: 'video', path: at('empty.mp4'), says: /empty|0 bytes/i },
    { label: 'a FIFO named .mp4', kind: 'video', path: at('pipe.mp4'), says: /pipe|not a (regular )?file/i },
    { label: '/dev/zero as a video', kind: 'video', path: '/dev/zero', says: /device|not a (regular )?file/i },
    { label: 'a broken symlink .mp4', kind: 'video', path: at('dangling.mp4'), says: /link|no longer|not exist|moved or deleted/i },
  ];
}

/** What a refusal looks like from an upload-add result or a thrown error. */
function fromAdd(result: { added: unknown[]; skipped: { reason: Said }[] }): Offer {
  if (result.added.length > 0) return { refused: false, what: 'it was queued for upload' };
  const reason = result.skipped[0]?.reason;
  return reason === undefined ? { refused: false, what: 'it was neither queued nor skipped with a reason' } : { refused: true, message: sayInEnglish(reason) };
}

function fromError(error: unknown): Offer {
  if (error instanceof AppError) return { refused: true, message: error.message };
  if (typeof error === 'object' && error !== null && 'code' in error && 'message' in error) return { refused: true, message: String((error as { message: unknown }).message) };
  return { refused: true, message: `UNTYPED ${error instanceof Error ? (error.stack ?? error.message) : String(error)}` };
}

/** The app's own path: grant the file (as a pick or a drop would), then call the contract method. */
async function offerThroughCore(core: CoreTarget, file: BadFile, videoId: string): Promise<Offer> {
  core.grant(file.path);
  const envelope =
    file.kind === 'thumbnail'
      ? await core.dispatch('videos:setThumbnail', { id: videoId, path: file.path })
      : file.kind === 'subtitle'
        ? await core.dispatch('subtitles:addFile', { videoId, language: 'en', path: file.path })
        : await core.dispatch('uploads:add', { paths: [file.path], folderId: 0 });
  if (!envelope.ok) return { refused: true, message: envelope.error.message };
  if (file.kind === 'video') return fromAdd(envelope.data as { added: unknown[]; skipped: { reason: Said }[] });
  return { refused: false, what: `it was accepted: ${JSON.stringify(envelope.data).slice(0, 200)}` };
}

/** Without the composition root: the checks the handlers run, then the client / the engine. */
async function offerThroughModules(client: ServiceClient, engine: UploadEngine, file: BadFile, videoId: string): Promise<Offer> {
  try {
    if (file.kind === 'video') return fromAdd(await engine.add([file.path], 0));
    if (file.kind === 'thumbnail') {
      await checkThumbnailFile(file.path);
      await client.thumbnailUpload({ id: videoId, file: { path: file.path, name: 'thumb.png', contentType: 'image/png' } });
    } else {
      await checkSubtitleFile(file.path);
      await client.subtitleFile({ id: videoId, language: 'en', file: { path: file.path, name: 'subs.srt', contentType: 'application/x-subrip' } });
    }
    return { refused: false, what: 'it was sent to the service' };
  } catch (error) {
    return fromError(error);
  }
}

export const badInputRun: ReliabilityRun = {
  name: 'bad-input',
  proves: 'files that are not what they claim to be are refused before any request, with a sentence that says what is wrong',
  async execute(): Promise<RunResult> {
    const problems: string[] = [];
    const dir = tempDir('bad-input');
    let files: BadFile[] = [];
    const apiKey = randomApiKey();
    let host: Host | undefined;
    let core: CoreTarget | null = null;
    let db: Db | undefined;
    let engine: UploadEngine | undefined;
    let refused = 0;
    let path: 'core' | 'modules' = 'modules';
    try {
      files = makeBadFiles(join(dir.path, 'picked'));
      host = await startHost({ seed: 'demo', apiKey, rngSeed: 5, remoteWorker: { enabled: false } });
      const videoId = host.control.videos()[0]?.id;
      if (!videoId) throw new Error('the demo seed has no video');
      core = await startCoreTarget({ root: dir.path, baseUrl: host.baseUrl, apiKey });
      let offer: (file: BadFile) => Promise<Offer>;
      if (core) {
        path = 'core';
        const target = core;
        offer = (file) => offerThroughCore(target, file, videoId);
      } else {
        const logger = new RedactingLogger({ sinks: [new MemorySink()] });
        const client = new ServiceClient({ baseUrl: host.baseUrl, apiKey, logger, secrets: logger, deadlineMs: 5_000 });
        db = openDatabase(join(dir.path, 'account.db'));
        const liveEngine = new UploadEngine({
          db,
          api: client,
          connectivity: new ManualConnectivity('online'),
          events: new EventHub(),
          logger,
          secrets: logger,
          onVideoUploaded: () => {},
        });
        engine = liveEngine;
        liveEngine.start();
        offer = (file) => offerThroughModules(client, liveEngine, file, videoId);
      }
      // Let the core's start-up traffic (first sync) settle, so the log shows only what a file caused.
      await sleep(path === 'core' ? 1_500 : 0);
      for (const file of files) {
        if (file.path !== '/dev/zero' && !existsSync(join(file.path, '..'))) throw new Error(`fixture folder missing for ${file.label}`);
        host.control.clearLog();
        const outcome = await offer(file);
        await sleep(150); // anything the call set off has time to reach the host
        const requests = host.control
          .requestLog()
          .filter((entry) => /thumbnail|subtitles\/upload$|^\/upload\//.test(entry.path) || entry.origin === 'files' || entry.path === '/v1/upload');
        if (!outcome.refused) {
          problems.push(`bad-input: ${file.label} was not refused: ${outcome.what}`);
          continue;
        }
        if (requests.length > 0) problems.push(`bad-input: ${file.label} reached the service (${requests.map((r) => `${r.method} ${r.path}`).join(', ')})`);
        if (outcome.message.startsWith('UNTYPED') || !isReadable(outcome.message)) {
          problems.push(`bad-input: ${file.label} was refused without a readable reason: ${outcome.message.slice(0, 300)}`);
        } else if (!file.says.test(outcome.message)) {
          problems.push(`bad-input: ${file.label} was refused, but the reason does not say what is wrong: “${outcome.message}”`);
        } else refused++;
      }
    } finally {
      await core?.close();
      await engine?.stop();
      db?.close();
      await host?.close();
      dir.remove();
    }
    return {
      summary: summaryLine('bad-input', { files: files.length, refused_readably: refused, via: path, problems: problems.length }),
      totals: {},
      problems,
    };
  },
};
