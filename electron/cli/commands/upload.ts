// `upload PATH...`: the app's own engine, queue and duplicate safety. A file already in the
// queue (an earlier run stopped with Ctrl-C) is followed, not added again; a file already
// uploaded is reported with its links, not sent twice. Uploads an earlier run left in the
// queue go on too, and this run waits for them.
import { stat } from 'node:fs/promises';
import { basename, resolve, sep } from 'node:path';
import type { UploadJob } from '../../../shared/model.ts';
import type { NameWarning, TitleChangeReason } from '../../../shared/upload-verification.ts';
import { hasVideoExtension, VIDEO_EXTENSIONS } from '../../core/files/video.ts';
import type { Command } from '../command.ts';
import { CliError, EXIT, type Cli } from '../context.ts';
import { followJobs, leftoverUploads } from '../follow.ts';
import { resolveFolder } from '../folders.ts';
import { cannotReach } from '../reach.ts';
import { table, type Output } from '../output.ts';
import { parseTimetable, type TimetableProblem } from '../../../shared/bandwidth-timetable.ts';
import type { UploadsWaiting } from '../../../shared/upload-conditions.ts';
import { uploadEvents, type UploadEvents } from '../upload-events.ts';
import { createUploadProgress } from '../progress.ts';
import { uploadSummary } from '../summary.ts';
import { said, type Said } from '../../../shared/said.ts';
import { say } from '../../../shared/i18n/say.ts';
import { m } from '../../../shared/i18n/index.ts';
import { saidOf } from '../../../shared/errors.ts';
import { counted, formatList, formatMoment, words, type Message, type Words } from '../locale.ts';
import { stateWords } from '../job-states.ts';

/** The extensions named in the hint for a folder without videos: the common ones, of those Vidlift takes. */
const COMMON_EXTENSIONS = ['.mp4', '.mov', '.mkv', '.webm', '.avi'].filter((ext) => VIDEO_EXTENSIONS.has(ext));

export const upload: Command = {
  summary: m.cli_upload_summary,
  usage: m.cli_upload_usage,
  details: m.cli_upload_details,
  options: { folder: { type: 'string' }, concurrency: { type: 'string' }, bwlimit: { type: 'string' } },
  async run({ positionals, values, out, open, signal }) {
    if (positionals.length === 0) throw new CliError(words(m.cli_upload_no_paths, {}), EXIT.usage, 'usage');
    const fixed: { uploadConcurrency?: number; bandwidthTimetable?: string } = {};
    if (typeof values.concurrency === 'string') {
      const n = Number(values.concurrency);
      if (!Number.isInteger(n) || n < 1 || n > 8) throw new CliError(words(m.cli_upload_bad_concurrency, {}), EXIT.usage, 'usage');
      fixed.uploadConcurrency = n;
    }
    if (typeof values.bwlimit === 'string') {
      // rclone's --bwlimit, a single rate or a timetable: the same parser as the app's Settings.
      const parsed = parseTimetable(values.bwlimit);
      if (!parsed.ok) throw new CliError(timetableProblem(parsed.problem), EXIT.usage, 'usage');
      fixed.bandwidthTimetable = values.bwlimit;
    }
    const events = uploadEvents(out);
    // `NAME:PATH` goes to the account NAME (rclone's `remote:`); a plain PATH to this run's account.
    const groups = await accountGroups(positionals);
    // Paths that are not there are named here, in the command line's words, before anything opens.
    const missing = groups.flatMap((group) => group.named.missing);
    for (const path of missing) out.warn(m.cli_path_missing({ path }));
    if (groups.every((group) => group.named.existing.length === 0)) {
      const summary = uploadSummary([], missing.length);
      const result = { folderId: null, uploads: [], refused: missing.map((path) => ({ path, reason: said('path_missing') })), summary: summary.counts };
      if (out.json) events.summary(result);
      else out.say(summary.sentence);
      return EXIT.someFailed;
    }
    const others = groups.flatMap((group) => (group.account === null ? [] : [group.account]));
    const cli = await open({ fixed, ...(others.length > 0 ? { accounts: others } : {}) });
    try {
      if (cli.offline) out.warn(m.cli_upload_offline({ unreachable: cannotReach(cli.offline) }));
      const folder = typeof values.folder === 'string' ? values.folder : undefined;
      // Each account's files are queued in its own queue first, then all are followed at once.
      const queued = [];
      for (const group of groups.filter((g) => g.named.existing.length > 0)) {
        const scoped = group.account === null ? cli : cli.as(await cli.accountNamed(group.account));
        queued.push({ group, ...(await queueGroup(scoped, group.named, folder, out)) });
      }
      for (const { group, waitFor, alreadyIds } of queued) for (const job of waitFor) events.queued(job, group.account, alreadyIds.has(job.id));
      const stopSayingWaits = sayWaits(cli, out, events);
      const finished = await follow(
        queued.map(({ cli: scoped, waitFor, group }) => ({ cli: scoped, jobs: waitFor, account: group.account })),
        out.tty,
        signal,
        events,
      ).finally(stopSayingWaits);
      const uploads = queued.flatMap(({ cli: scoped, group, folderId, alreadyIds, fromEarlier, mine }) =>
        [...(finished.get(scoped) ?? new Map<number, UploadJob>()).values()].map((job) => ({ job, account: group.account, folderId, already: alreadyIds.has(job.id), fromEarlier: fromEarlier.has(job.id), mine: mine.has(job.id) })),
      );
      const refusedItems = [...queued.flatMap((q) => q.jobs.refusedItems), ...missing.map((path) => ({ path, reason: said('path_missing') }))];
      const notVideos = queued.reduce((sum, q) => sum + q.jobs.notVideos, 0);
      const summary = uploadSummary(uploads.map(({ job, already }) => ({ state: job.state, already })), refusedItems.length, notVideos);
      const rows = uploads.map(({ job }) => job);
      const result = {
        folderId: queued.length === 1 ? queued[0]!.folderId : null,
        uploads: uploads.map(({ job, account, already, fromEarlier }) => ({ ...toResult(job), ...(account === null ? {} : { account }), alreadyUploaded: already, fromEarlierRun: fromEarlier })),
        refused: refusedItems,
        summary: summary.counts,
      };
      if (out.json) events.summary(result);
      else {
        const done = rows.filter((j) => j.state === 'done');
        if (done.length > 0) out.say(table([[m.cli_table_file(), m.cli_table_download(), m.cli_table_embed()], ...done.map((j) => [j.name, j.downloadUrl ?? '', j.embedUrl ?? ''])]));
        for (const j of rows.filter((r) => r.state !== 'done')) out.warn(j.error ? m.cli_job_ended_with({ name: j.name, state: stateWords(j.state), reason: say(saidOf(j.error)) }) : m.cli_job_ended({ name: j.name, state: stateWords(j.state) }));
        for (const j of done) {
          const found = verificationLine(j);
          if (found) out.warn(m.cli_verification_line({ name: j.name, found }));
        }
        out.say(summary.sentence);
      }
      return summary.counts.notUploaded > 0 ? EXIT.someFailed : EXIT.ok;
    } finally {
      await cli.close();
    }
  },
};

interface AccountGroup {
  /** The account's name or id as written before the colon; null: this run's own account. */
  account: string | null;
  named: { existing: string[]; folders: string[]; missing: string[] };
}

/**
 * The arguments by account: `NAME:PATH` (NAME at least two characters without a slash, so a
 * Windows drive letter stays a path) names an account, unless the argument exists as a path itself.
 */
async function accountGroups(positionals: string[]): Promise<AccountGroup[]> {
  const paths = new Map<string | null, string[]>();
  for (const argument of positionals) {
    const prefixed = /^([^:/\\]{2,}):(.+)$/.exec(argument);
    const isPath = await stat(resolve(argument)).then(() => true, () => false);
    const [account, path] = prefixed && !isPath ? [prefixed[1]!, prefixed[2]!] : [null, argument];
    paths.set(account, [...(paths.get(account) ?? []), resolve(path)]);
  }
  const groups: AccountGroup[] = [];
  for (const [account, list] of paths) groups.push({ account, named: await namedPaths(list) });
  return groups;
}

/** One account's files queued, with what an earlier run left in its queue. */
async function queueGroup(cli: Cli, named: AccountGroup['named'], folder: string | undefined, out: Output) {
  const earlier = await leftoverUploads(cli, out);
  const folderId = await resolveFolder(cli, folder, out, { create: true });
  // The person named these paths on the command line: that is the CLI's "chose them".
  for (const path of named.existing) cli.core.grantPath(path);
  const fromEarlier = new Set(earlier.jobs.map((j) => j.id));
  const jobs = await queue(cli, named, folderId, out, fromEarlier);
  for (const dir of named.folders) {
    if (!jobs.all.some((j) => j.path.startsWith(dir + sep))) {
      out.warn(m.cli_nothing_in_folder({ dir, extensions: COMMON_EXTENSIONS.join(', ') }));
    }
  }
  const alreadyIds = new Set(jobs.alreadyDone.map((j) => j.id));
  const mine = new Set(jobs.all.map((j) => j.id));
  const waitFor = [...jobs.all, ...earlier.jobs.filter((j) => !mine.has(j.id))];
  if (earlier.queuePaused && waitFor.some((j) => j.state !== 'done')) {
    throw new CliError(words(m.cli_upload_queue_paused, {}), EXIT.someFailed, 'paused');
  }
  return { cli, folderId, jobs, alreadyIds, fromEarlier, mine, waitFor };
}

/** The named paths: those that exist (and which of them are folders), and those that do not. */
async function namedPaths(paths: string[]): Promise<{ existing: string[]; folders: string[]; missing: string[] }> {
  const result = { existing: [] as string[], folders: [] as string[], missing: [] as string[] };
  for (const path of paths) {
    const info = await stat(path).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' || error.code === 'ENOTDIR' ? null : 'unknown'));
    if (info === null) result.missing.push(path);
    else {
      // A path that cannot be looked at (permissions) is left to the queue, which says why.
      result.existing.push(path);
      if (info !== 'unknown' && info.isDirectory()) result.folders.push(path);
    }
  }
  return result;
}

interface Queued {
  /** Every job this run follows for the named paths: new, already queued, already uploaded. */
  all: UploadJob[];
  /** Files an earlier run uploaded already: reported with their links, not sent again. */
  alreadyDone: UploadJob[];
  refusedItems: Array<{ path: string; reason: Said }>;
  /** Files in the named folders that are not videos by their name: skipped, not a failure. */
  notVideos: number;
}

async function queue(cli: Cli, named: { existing: string[]; folders: string[] }, folderId: number, out: Output, fromEarlier: ReadonlySet<number>): Promise<Queued> {
  const result = await cli.call('uploads:add', { paths: named.existing, folderId });
  const all = result.added.length > 0 ? (await cli.call('uploads:jobs', { ids: result.added })).jobs : [];
  // Said before they are sent: what a name holds that goes escaped (issue 26).
  for (const job of all) if (job.nameWarnings && job.nameWarnings.length > 0) out.warn(m.cli_name_warnings({ name: job.name, warnings: job.nameWarnings.map((w) => NAME_WARNING[w]()).join(m.cli_clause_separator()) }));
  const alreadyDone: UploadJob[] = [];
  const refusedItems: Queued['refusedItems'] = [];
  let notVideos = 0;
  const heldIds = result.skipped.flatMap((skip) => (skip.jobId === undefined ? [] : [skip.jobId]));
  const existing = heldIds.length > 0 ? (await cli.call('uploads:jobs', { ids: heldIds })).jobs : [];
  for (const skip of result.skipped) {
    const held = skip.jobId === undefined ? undefined : existing.find((j) => j.id === skip.jobId);
    if (held) {
      // An upload an earlier run left that ended meanwhile was uploaded by this run.
      if (held.state === 'done' && !fromEarlier.has(held.id)) {
        // The file named here, which may be a copy under another name of the one uploaded
        // (the same content): the table below shows the video it is.
        out.warn(m.cli_already_on_service({ name: basename(skip.path) }));
        alreadyDone.push(held);
      }
      all.push(held);
    } else if (!named.existing.includes(skip.path) && !hasVideoExtension(skip.path)) {
      notVideos++;
    } else {
      out.warn(`${skip.path}: ${say(skip.reason)}`);
      refusedItems.push(skip);
    }
  }
  if (notVideos > 0) out.warn(m.cli_not_videos_skipped(counted(notVideos)));
  return { all, alreadyDone, refusedItems, notVideos };
}

/** Waits until every job of every account is in a final state, drawing progress (or writing its events); Ctrl-C stops waiting. */
async function follow(queues: Array<{ cli: Cli; jobs: UploadJob[]; account: string | null }>, tty: boolean, signal: AbortSignal, events: UploadEvents): Promise<Map<Cli, Map<number, UploadJob>>> {
  const barKey = (account: string | null, id: number): string => `${account ?? ''}:${id}`;
  const progress = createUploadProgress(
    queues.flatMap(({ jobs, account }) => jobs.filter((j) => j.state !== 'done').map((j) => ({ key: barKey(account, j.id), path: j.path, size: j.size }))),
    tty,
  );
  const followed = queues.map(({ cli, jobs, account }) => {
    const byId = new Map(jobs.map((job) => [job.id, job]));
    const one = followJobs(cli, {
      progress: (id, bytes) => {
        progress.update(barKey(account, id), bytes);
        const job = byId.get(id);
        if (job) events.progress(job, account, bytes);
      },
      final: (job) => {
        progress.finish(barKey(account, job.id), job.state);
        events.final(job, account);
      },
    });
    one.track(jobs);
    return { cli, one };
  });
  try {
    await Promise.all(followed.map(({ one }) => one.allFinal(signal)));
  } finally {
    for (const { one } of followed) one.close();
    progress.stop();
  }
  return new Map(followed.map(({ cli, one }) => [cli, one.jobs()]));
}

/**
 * The queue waits for an upload window or for power (the app's Settings, issue 31): said on
 * stderr (and as a `waiting` event) when it starts, so a run that seems idle says why.
 */
function sayWaits(cli: Cli, out: Output, events: UploadEvents): () => void {
  let said: string | null = null;
  const say = (waiting: UploadsWaiting | null): void => {
    const key = waiting === null ? null : `${waiting.code}:${waiting.until ?? ''}`;
    if (key === said) return;
    said = key;
    if (waiting === null) return;
    out.warn(WAITING[waiting.code](waiting.until));
    events.waiting(waiting);
  };
  const off = cli.core.events.on('conditions:changed', (conditions) => say(conditions.waiting));
  void cli.call('conditions:get').then((conditions) => say(conditions.waiting), () => undefined);
  return off;
}

/** Why the queue waits, in the command line's words. */
const WAITING: Record<UploadsWaiting['code'], (until: number | null) => string> = {
  'outside-window': (until) => (until === null ? m.cli_waiting_window() : m.cli_waiting_window_until({ time: formatMoment(until) })),
  'on-battery': () => m.cli_waiting_battery(),
};

/** What is wrong with a --bwlimit (shared/bandwidth-timetable.ts's reasons), naming the bad part. */
const TIMETABLE_REASONS: Record<TimetableProblem['reason'], Message> = {
  empty: m.cli_bwlimit_empty,
  entry: m.cli_bwlimit_entry,
  time: m.cli_bwlimit_time,
  hour: m.cli_bwlimit_hour,
  minute: m.cli_bwlimit_minute,
  day: m.cli_bwlimit_day,
  rate: m.cli_bwlimit_rate,
  'too-low': m.cli_bwlimit_too_low,
};

function timetableProblem(problem: TimetableProblem): Words {
  const reason = TIMETABLE_REASONS[problem.reason];
  return (locale) => {
    const options = locale === undefined ? undefined : { locale };
    return problem.reason === 'empty' ? m.cli_bwlimit_problem({ reason: reason({}, options) }, options) : m.cli_bwlimit_problem_in({ part: problem.part, reason: reason({}, options) }, options);
  };
}

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
const NAME_WARNING: Record<NameWarning, () => string> = {
  quote: m.cli_name_warning_quote,
  'line-break': m.cli_name_warning_line_break,
  'escape-like': m.cli_name_warning_escape_like,
};

/** Why a stored title differs (shared/upload-verification.ts), in the command line's words. */
const TITLE_CHANGE: Record<TitleChangeReason, () => string> = {
  'read-as-latin1': m.cli_title_read_as_latin1,
  'cut-at-backslash': m.cli_title_cut_at_backslash,
  'escapes-kept': m.cli_title_escapes_kept,
  'escapes-decoded': m.cli_title_escapes_decoded,
  shortened: m.cli_title_shortened,
  'characters-replaced': m.cli_title_characters_replaced,
};

/** What the verification of a finished upload found, when it is not "verified" (issue 26). */
function verificationLine(job: UploadJob): string | null {
  const v = job.verification;
  if (!v) return null;
  const parts: string[] = [];
  if (v.title.status === 'differs') {
    const title = JSON.stringify(v.title.stored);
    parts.push(v.title.reasons.length > 0 ? m.cli_verify_stored_as_because({ title, why: formatList(v.title.reasons.map((reason) => TITLE_CHANGE[reason]())) }) : m.cli_verify_stored_as({ title }));
  }
  if (v.title.status === 'unknown') parts.push(m.cli_verify_title_unknown());
  if (v.folder === 'missing') parts.push(m.cli_verify_not_in_folder());
  if (v.folder === 'unchecked') parts.push(m.cli_verify_folder_unchecked());
  return parts.length > 0 ? parts.join(m.cli_clause_separator()) : null;
}
