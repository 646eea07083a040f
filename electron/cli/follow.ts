// Following uploads to their end: the jobs a command waits for (the files it queued, those an
// earlier run left), read again whenever the queue's figures change (`uploads:changed`, at
// most four times a second), their bytes from `uploads:progress`.
import type { UploadJob } from '../../shared/model.ts';
import { MAX_UPLOADS_WINDOW } from '../../shared/upload-queue.ts';
import { CliError, EXIT, type Cli } from './context.ts';
import type { Output } from './output.ts';
import { m } from '../../shared/i18n/index.ts';
import { counted, words } from './locale.ts';

const REREAD_MS = 2_000;

export const FINAL_STATES: ReadonlySet<UploadJob['state']> = new Set<UploadJob['state']>(['done', 'failed', 'cancelled', 'changed']);

interface FollowHooks {
  progress?(id: number, bytesSent: number): void;
  /** A followed job reached a final state. */
  final?(job: UploadJob): void;
}

interface Followed {
  track(jobs: readonly UploadJob[]): void;
  /** Every followed job, as last read. */
  jobs(): Map<number, UploadJob>;
  /** Resolves once every followed job is final; Ctrl-C rejects with exit 130 (the queue keeps the rest). */
  allFinal(signal: AbortSignal): Promise<void>;
  close(): void;
}

export function followJobs(cli: Cli, hooks: FollowHooks = {}): Followed {
  const latest = new Map<number, UploadJob>();
  const waiters = new Set<() => void>();
  const everyFinal = (): boolean => [...latest.values()].every((j) => FINAL_STATES.has(j.state));
  const see = (job: UploadJob): void => {
    const before = latest.get(job.id);
    if (!before) return;
    latest.set(job.id, job);
    if (FINAL_STATES.has(job.state) && !FINAL_STATES.has(before.state)) hooks.final?.(job);
  };
  let reading = false;
  let again = false;
  const read = async (): Promise<void> => {
    // One read at a time; a change during a read asks for one more.
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        const ids = [...latest.values()].filter((j) => !FINAL_STATES.has(j.state)).map((j) => j.id);
        for (let i = 0; i < ids.length; i += 10_000) {
          for (const job of (await cli.call('uploads:jobs', { ids: ids.slice(i, i + 10_000) })).jobs) see(job);
        }
      } while (again);
    } catch {
      // The core is closing (the command ended): nothing left to follow.
    } finally {
      reading = false;
    }
    if (everyFinal()) for (const wake of waiters) wake();
  };
  // Only this account's events: job ids are per account, and a run may follow several.
  const mine = (accountId: string | null): boolean => accountId === cli.accountId;
  const offs = [
    cli.core.events.on('uploads:progress', ({ jobs }, accountId) => {
      if (mine(accountId)) for (const p of jobs) if (latest.has(p.id)) hooks.progress?.(p.id, p.bytesSent);
    }),
    cli.core.events.on('uploads:changed', (_summary, accountId) => {
      if (mine(accountId)) void read();
    }),
  ];
  const unsubscribe = (): void => offs.forEach((off) => off());
  return {
    track(jobs) {
      for (const job of jobs) {
        if (latest.has(job.id)) continue;
        latest.set(job.id, job);
        if (FINAL_STATES.has(job.state)) hooks.final?.(job);
      }
      // A job may have ended between queuing and tracking: read them once now.
      void read();
    },
    jobs: () => latest,
    allFinal(signal) {
      return new Promise<void>((settle, reject) => {
        if (signal.aborted) return reject(interrupted());
        // Read again every few seconds as well: while the service is offline nothing else
        // keeps this process alive (the core's probes do not hold it), and a missed event
        // costs no more than that.
        const poll = setInterval(() => void read(), REREAD_MS);
        const wake = (): void => {
          clearInterval(poll);
          waiters.delete(wake);
          signal.removeEventListener('abort', stop);
          settle();
        };
        const stop = (): void => {
          clearInterval(poll);
          waiters.delete(wake);
          reject(interrupted());
        };
        signal.addEventListener('abort', stop, { once: true });
        waiters.add(wake);
        void read();
      });
    },
    close: unsubscribe,
  };
}

const interrupted = (): CliError => new CliError(words(m.cli_stopped, {}), EXIT.interrupted, 'interrupted');

/**
 * Uploads an earlier run left in the queue (queued, or stopped with Ctrl-C): opening the
 * account starts them again, so the commands that wait for uploads (upload, sync, watch) say
 * so and wait for them too. Jobs paused one by one, or a queue paused in the app, stay as they are.
 */
export async function leftoverUploads(cli: Cli, out: Output): Promise<{ jobs: UploadJob[]; queuePaused: boolean }> {
  const jobs: UploadJob[] = [];
  let paused = false;
  for (let offset = 0; ; offset += MAX_UPLOADS_WINDOW) {
    const view = await cli.call('uploads:list', { filter: 'active', offset, limit: MAX_UPLOADS_WINDOW });
    paused = view.paused;
    jobs.push(...view.jobs);
    if (view.jobs.length < MAX_UPLOADS_WINDOW || jobs.length >= view.total) break;
  }
  const going = paused ? [] : jobs.filter((j) => j.state !== 'paused');
  const held = jobs.length - going.length;
  if (going.length > 0) out.warn(m.cli_leftover_continuing(counted(going.length)));
  if (held > 0) out.warn(paused ? m.cli_leftover_queue_paused(counted(held)) : m.cli_leftover_jobs_paused(counted(held)));
  return { jobs: going, queuePaused: paused };
}
