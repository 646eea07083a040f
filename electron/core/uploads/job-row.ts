// One upload job as its row in upload_jobs, and how a row reads as the contract's UploadJob.
// The store writes rows and the transition table (job-transitions.ts) computes patches of
// them: both depend on this shape, which is why it stands apart from either.
import type { z } from 'zod';
import { RestartCause, type UploadJob, type UploadState } from '../../../shared/model.ts';
import type { ErrorShape } from '../../../shared/errors.ts';
import { MediaInfo } from '../../../shared/media.ts';
import { UploadVerification } from '../../../shared/upload-verification.ts';
import { fileNameWarnings } from './file-server.ts';
import { readStoredSaid, sayInEnglish } from '../../../shared/i18n/say.ts';

export interface JobRow {
  id: number;
  path: string;
  name: string;
  size: number;
  mtime_ms: number;
  content_type: string;
  folder_id: number;
  state: UploadState;
  bytes_sent: number;
  attempts: number;
  error_code: string | null;
  error_message: string | null;
  error_retryable: number | null;
  restarted: number;
  maybe_received: number;
  video_id: string | null;
  download_url: string | null;
  embed_url: string | null;
  next_attempt_at: number;
  created_at: number;
  finished_at: number | null;
  /** JSON of MediaInfo, or null when the header could not be read (or before migration 2). */
  media: string | null;
  /** JSON of a said thing (shared/said.ts) since migration 11; an English sentence in older rows. */
  note: string | null;
  /** st_dev and st_ino when queued (migration 4); null for older rows. */
  file_dev: string | null;
  file_ino: string | null;
  /** The first time its transfer started (migration 5); null before, or never started. */
  started_at: number | null;
  /** When "Clear finished" took it out of the queue view (it stays in the history). */
  cleared_at: number | null;
  /** 1 while its container header is still to be read (media-inspection.ts): it is not sent. */
  media_pending: number;
  /** JSON of UploadVerification once it landed (migration 7); null before, and for older rows. */
  verification: string | null;
  /** Paused with its request kept open since / until (migration 8); null when not held. */
  held_since: number | null;
  held_until: number | null;
  /** Why the file starts again from byte 0 (shared RestartCause), and the bytes that were lost. */
  restart_cause: string | null;
  bytes_lost: number;
  /** The digest of the file's bytes, `<algorithm>:<hex>` (files/content-digest.ts), once read whole (migration 11); null before. */
  content_digest: string | null;
}

/** The columns an event may change (a job's file and birth never change). */
export type JobPatch = Partial<Omit<JobRow, 'id' | 'path' | 'name' | 'created_at'>>;

/** What the queue (toUploadJob) and the history (history.ts) both say of a job: its file and its video. */
export function jobFileAndVideo(row: JobRow) {
  return {
    id: row.id,
    path: row.path,
    name: row.name,
    size: row.size,
    folderId: row.folder_id,
    videoId: row.video_id,
    downloadUrl: row.download_url,
    embedUrl: row.embed_url,
    verification: parseVerification(row.verification),
  };
}

export function toUploadJob(row: JobRow): UploadJob {
  return {
    ...jobFileAndVideo(row),
    state: row.state,
    bytesSent: row.bytes_sent,
    attempts: row.attempts,
    error: rowError(row),
    restarted: row.restarted === 1,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    media: parseMedia(row.media),
    note: row.note === null ? null : readStoredSaid(row.note),
    nameWarnings: fileNameWarnings(row.name),
    hold: row.held_since !== null && row.held_until !== null ? { since: row.held_since, until: row.held_until } : null,
    restart: restartOf(row),
  };
}

/** Written by this app, but read defensively: a bad value (or a newer version's) reads as not known, never as a failure. */
function parseStored<T>(schema: z.ZodType<T>, json: string | null): T | null {
  if (json === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A bad value reads as not checked. */
export function parseVerification(json: string | null): UploadVerification | null {
  return parseStored(UploadVerification, json);
}

/** Read defensively like the media: an unknown cause (a newer version's) says nothing rather than fail. */
function restartOf(row: JobRow): UploadJob['restart'] {
  const cause = RestartCause.safeParse(row.restart_cause);
  return cause.success ? { cause: cause.data, bytesLost: row.bytes_lost } : null;
}

/** A bad value shows as unknown. */
export function parseMedia(json: string | null): MediaInfo | null {
  return parseStored(MediaInfo, json);
}

function rowError(row: JobRow): ErrorShape | null {
  if (row.error_code === null || row.error_message === null) return null;
  // JSON of a said thing since issue 30; an older row's English reads as its code or as written.
  const said = readStoredSaid(row.error_message);
  return { code: row.error_code as ErrorShape['code'], message: sayInEnglish(said), said, retryable: row.error_retryable === 1 };
}
