// `upload PATH...`: the app's own engine, queue and duplicate safety. A file already in the
// queue (an earlier run stopped with Ctrl-C) is followed, not added again; a file already
// uploaded is reported with its links, not sent twice.
import { resolve } from 'node:path';
import type { UploadJob } from '../../../shared/model.ts';
import type { NameWarning, TitleChangeReason } from '../../../shared/upload-verification.ts';
import type { Command } from '../command.ts';
import { CliError, EXIT, type Cli } from '../context.ts';
import { resolveFolder } from '../folders.ts';
import { parseRate, table } from '../output.ts';
import { createUploadProgress } from '../progress.ts';

const FINAL = new Set<UploadJob['state']>(['done', 'failed', 'cancelled', 'changed']);
const MIN_RATE = 16_384;

export const upload: Command = {
  summary: 'Upload video files and folders',
  usage: 'upload PATH... [--folder ID|NAME] [--concurrency N] [--bwlimit RATE] [--json]',
  details: [
    'Folders are walked and their videos go into one service folder (the service has no sub-folders).',
    '--folder     a folder id, or a name (created at the top level when no folder has it); default: the top level',
    '--concurrency  uploads at the same time, 1 to 8 (this run only)',
    '--bwlimit    a shared limit such as 500K or 2M (bytes per second; this run only)',
    'Ctrl-C stops; the queue keeps the rest, and running the same command again continues it.',
  ],
  options: { folder: { type: 'string' }, concurrency: { type: 'string' }, bwlimit: { type: 'string' } },
  async run({ positionals, values, out, open, signal }) {
    if (positionals.length === 0) throw new CliError('Name at least one file or folder to upload.', EXIT.usage, 'usage');
    const fixed: { uploadConcurrency?: number; bandwidthLimit?: number } = {};
    if (typeof values.concurrency === 'string') {
      const n = Number(values.concurrency);
      if (!Number.isInteger(n) || n < 1 || n > 8) throw new CliError('--concurrency is a whole number from 1 to 8.', EXIT.usage, 'usage');
      fixed.uploadConcurrency = n;
    }
    if (typeof values.bwlimit === 'string') {
      const rate = parseRate(values.bwlimit);
      if (rate === null || rate < MIN_RATE) throw new CliError('--bwlimit is a rate of at least 16K, such as 500K or 2M.', EXIT.usage, 'usage');
      fixed.bandwidthLimit = rate;
    }
    const cli = await open({ fixed });
    try {
      if (cli.offline) out.warn(`Offline (${cli.offline}): the files are queued and go up once the service answers.`);
      const folderId = await resolveFolder(cli, typeof values.folder === 'string' ? values.folder : undefined, out, { create: true });
      const paths = positionals.map((p) => resolve(p));
      // The person named these paths on the command line: that is the CLI's "chose them".
      for (const path of paths) cli.core.grantPath(path);
      const jobs = await queue(cli, paths, folderId, out.warn);
      const finished = await follow(cli, jobs.tracked, out.tty, signal);
      const rows = [...finished.values()];
      const failed = rows.filter((j) => j.state !== 'done').length + jobs.refused;
      out.result(
        { folderId, uploads: rows.map(toResult), refused: jobs.refusedItems },
        () => {
          const done = rows.filter((j) => j.state === 'done');
          if (done.length > 0) out.say(table([['FILE', 'DOWNLOAD', 'EMBED'], ...done.map((j) => [j.name, j.downloadUrl ?? '', j.embedUrl ?? ''])]));
          for (const j of rows.filter((r) => r.state !== 'done')) out.warn(`${j.name}: ${j.state}${j.error ? `: ${j.error.message}` : ''}`);
          for (const j of done) {
            const said = verificationLine(j);
            if (said) out.warn(`${j.name}: ${said}`);
          }
          out.say(`${done.length} uploaded, ${failed} not uploaded.`);
        },
      );
      return failed > 0 ? EXIT.someFailed : EXIT.ok;
    } finally {
      await cli.close();
    }
  },
};

interface Queued {
  tracked: UploadJob[];
  refused: number;
  refusedItems: Array<{ path: string; reason: string }>;
}

async function queue(cli: Cli, paths: string[], folderId: number, warn: (line: string) => void): Promise<Queued> {
  const result = await cli.call('uploads:add', { paths, folderId });
  const tracked = result.added.length > 0 ? (await cli.call('uploads:jobs', { ids: result.added })).jobs : [];
  // Said before they are sent: what a name holds that goes escaped (issue 26).
  for (const job of tracked) if (job.nameWarnings && job.nameWarnings.length > 0) warn(`${job.name}: ${job.nameWarnings.map((w) => NAME_WARNING[w]).join('; ')}.`);
  const refusedItems: Queued['refusedItems'] = [];
  const heldIds = result.skipped.flatMap((skip) => (skip.jobId === undefined ? [] : [skip.jobId]));
  const existing = heldIds.length > 0 ? (await cli.call('uploads:jobs', { ids: heldIds })).jobs : [];
  for (const skip of result.skipped) {
    const held = skip.jobId === undefined ? undefined : existing.find((j) => j.id === skip.jobId);
    if (held) {
      if (held.state === 'done') warn(`${held.name}: already uploaded, not sent again.`);
      tracked.push(held);
    } else {
      warn(`${skip.path}: ${skip.reason}`);
      refusedItems.push(skip);
    }
  }
  return { tracked, refused: refusedItems.length, refusedItems };
}

/** Waits until every tracked job is in a final state, drawing progress; Ctrl-C stops waiting. */
async function follow(cli: Cli, jobs: UploadJob[], tty: boolean, signal: AbortSignal): Promise<Map<number, UploadJob>> {
  const latest = new Map(jobs.map((j) => [j.id, j]));
  const progress = createUploadProgress(jobs.filter((j) => !FINAL.has(j.state)), tty);
  const allFinal = (): boolean => [...latest.values()].every((j) => FINAL.has(j.state));
  const see = (job: UploadJob): void => {
    if (!latest.has(job.id)) return;
    latest.set(job.id, job);
    if (FINAL.has(job.state)) progress.finish(job.id, job.state);
  };
  let unsubscribe = (): void => {};
  try {
    await new Promise<void>((settle, reject) => {
      const readFollowed = (): Promise<void> => {
        const ids = [...latest.values()].filter((j) => !FINAL.has(j.state)).map((j) => j.id);
        return cli.call('uploads:jobs', { ids }).then(({ jobs: now }) => {
          for (const job of now) see(job);
          if (allFinal()) settle();
        }, reject);
      };
      unsubscribe = cli.core.events.subscribe((event, payload) => {
        if (event === 'uploads:progress') {
          for (const p of (payload as { jobs: Array<{ id: number; bytesSent: number }> }).jobs) progress.update(p.id, p.bytesSent);
        } else if (event === 'uploads:changed') {
          // The figures changed (at most four times a second): read the jobs still followed.
          void readFollowed();
        }
      });
      if (signal.aborted) reject(interrupted());
      signal.addEventListener('abort', () => reject(interrupted()), { once: true });
      // A job may have ended between queuing and subscribing: read them once now.
      void readFollowed();
    });
  } finally {
    unsubscribe();
    progress.stop();
  }
  return latest;
}

const interrupted = (): CliError => new CliError('Stopped.', EXIT.interrupted, 'interrupted');

function toResult(job: UploadJob) {
  return {
    path: job.path,
    name: job.name,
    size: job.size,
    state: job.state,
    videoId: job.videoId,
    downloadUrl: job.downloadUrl,
    embedUrl: job.embedUrl,
    error: job.error?.message ?? null,
    verification: job.verification ?? null,
  };
}

/** What a name holds that is not sent as it is (shared/upload-verification.ts), said before the upload. */
const NAME_WARNING: Record<NameWarning, string> = {
  quote: 'its double quote is sent as %22 (as browsers send it); a file server that does not decode it shows %22 in the title',
  'line-break': 'its line break is sent as %0D/%0A (as browsers send it); a file server that does not decode it shows those in the title',
  'escape-like': 'it holds %22, %0D or %0A, which a file server that decodes them shows as a quote or line break',
};

/** Why a stored title differs (shared/upload-verification.ts), in the command line's words. */
const TITLE_CHANGE: Record<TitleChangeReason, string> = {
  'read-as-latin1': 'read as Latin-1',
  'cut-at-backslash': 'cut at the backslash',
  'escapes-kept': '%22/%0D/%0A kept as sent',
  'escapes-decoded': '%22/%0D/%0A in the name decoded',
  shortened: 'shortened',
  'characters-replaced': 'characters replaced',
};

/** What the verification of a finished upload found, when it is not "verified" (issue 26). */
function verificationLine(job: UploadJob): string | null {
  const v = job.verification;
  if (!v) return null;
  const parts: string[] = [];
  if (v.title.status === 'differs') {
    const why = v.title.reasons.map((reason) => TITLE_CHANGE[reason]).join(', ');
    parts.push(`stored as ${JSON.stringify(v.title.stored)}${why ? ` (${why})` : ''}`);
  }
  if (v.title.status === 'unknown') parts.push('stored title not named by the service');
  if (v.folder === 'missing') parts.push('not in its folder after the upload');
  if (v.folder === 'unchecked') parts.push('its folder could not be listed to confirm it');
  return parts.length > 0 ? parts.join('; ') : null;
}
