// `upload --json`: NDJSON, one event per line, so a script can follow a long upload while it
// runs (issue 31). The events and their fields are listed in the README ("upload --json");
// this file is the one place that writes them.
//
//   queued    a file this run follows (new, already queued, or already uploaded)
//   waiting   the queue waits: outside the upload windows, or on battery (and until when)
//   progress  bytes sent of one file, at most four times a second per file
//   done      a file arrived, with its links
//   failed    a file did not (failed, changed while waiting, cancelled), with its codes and an English message
//
// Every field is locale-free: the same bytes under every LANG. What a person reads of a failure
// is `said` (a code with params, worded by say() in any language); `message` is that in English,
// as the app's log writes it, for a script's own log.
//   summary   the last line: every file's outcome and the counts (the former single document)
import type { UploadJob } from '../../shared/model.ts';
import type { UploadsWaiting } from '../../shared/upload-conditions.ts';
import type { Output } from './output.ts';
import { saidOf } from '../../shared/errors.ts';
import { sayInEnglish } from '../../shared/i18n/say.ts';

/** At most this many progress events per second per file. */
export const PROGRESS_PER_SECOND = 4;

export interface UploadEvents {
  queued(job: UploadJob, account: string | null, alreadyUploaded: boolean): void;
  waiting(waiting: UploadsWaiting): void;
  progress(job: Pick<UploadJob, 'id' | 'path' | 'size'>, account: string | null, bytesSent: number): void;
  final(job: UploadJob, account: string | null): void;
  summary(value: Record<string, unknown>): void;
}

/** The events on stdout under --json; nothing otherwise (the person sees bars and sentences). */
export function uploadEvents(out: Output, now: () => number = Date.now): UploadEvents {
  const lastProgress = new Map<string, number>();
  const who = (account: string | null): { account?: string } => (account === null ? {} : { account });
  return {
    queued(job, account, alreadyUploaded) {
      out.line({ event: 'queued', ...who(account), id: job.id, path: job.path, name: job.name, size: job.size, alreadyUploaded });
    },
    waiting(waiting) {
      out.line({ event: 'waiting', code: waiting.code, until: waiting.until === null ? null : new Date(waiting.until).toISOString() });
    },
    progress(job, account, bytesSent) {
      const key = `${account ?? ''}\u0000${job.id}`;
      const at = now();
      const last = lastProgress.get(key);
      if (last !== undefined && at - last < 1000 / PROGRESS_PER_SECOND) return;
      lastProgress.set(key, at);
      out.line({ event: 'progress', ...who(account), id: job.id, path: job.path, bytesSent, size: job.size });
    },
    final(job, account) {
      if (job.state === 'done') {
        out.line({ event: 'done', ...who(account), id: job.id, path: job.path, name: job.name, size: job.size, videoId: job.videoId, downloadUrl: job.downloadUrl, embedUrl: job.embedUrl, ...(job.note ? { note: job.note.code } : {}) });
        return;
      }
      const code = job.state === 'failed' ? (job.error?.code ?? 'failed') : job.state;
      const said = job.error ? saidOf(job.error) : null;
      const message = said ? sayInEnglish(said) : (FINAL_WITHOUT_ERROR[job.state] ?? job.state);
      out.line({ event: 'failed', ...who(account), id: job.id, path: job.path, name: job.name, code, said, message });
    },
    summary(value) {
      out.line({ event: 'summary', ...value });
    },
  };
}

/** What a file that ended without an error went through: its `message`, in English like every other (machine output, never translated). */
const FINAL_WITHOUT_ERROR: Partial<Record<UploadJob['state'], string>> = {
  cancelled: 'Cancelled before it was sent.',
  changed: 'The file changed after it was queued; it was not sent.',
  failed: 'The upload failed.',
};
