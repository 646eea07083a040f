// Reading the container header of queued files after a large drop, before each is sent.
//
// Why: reading a header (mediainfo.js, WebAssembly on this thread) costs ~1-2 ms a file; a
// drop of 10,000 files spent ~19 s before the first one showed in the queue (issue 16's
// `npm run bench -- scale`). A drop of up to INLINE_INSPECTION_LIMIT files is still inspected
// before it is queued (a file with no video is named in the drop's notice); a larger one is
// queued at once, and this queue reads each header in queue order, a few per turn of the
// event loop. A job waits until its header is read (store.due skips it); a file with no video
// in it ends cancelled, with the reason as its note, instead of being sent.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Logger } from '../log/logger.ts';
import { inspectVideoFile } from '../files/video.ts';
import type { UploadStore } from './store.ts';
import { storeSaid } from '../../../shared/said.ts';

/** Drops of this many video files or fewer are inspected before they are queued. */
export const INLINE_INSPECTION_LIMIT = 100;
/** Headers read per turn of the event loop. */
const PER_TURN = 8;

interface MediaInspectionDeps {
  store: UploadStore;
  logger: Logger;
  now: () => number;
  /** Jobs were inspected: the queue view changed, and some may be sent now. */
  inspected: () => void;
}

export class MediaInspection {
  readonly #deps: MediaInspectionDeps;
  #running: Promise<void> | null = null;
  #stopped = false;

  constructor(deps: MediaInspectionDeps) {
    this.#deps = deps;
  }

  /** Inspects every job waiting for it (once; a call while running is folded into that run). */
  kick(): Promise<void> {
    this.#stopped = false;
    this.#running ??= this.#run().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#running;
  }

  async #run(): Promise<void> {
    const { store, logger, now, inspected } = this.#deps;
    for (;;) {
      if (this.#stopped) return;
      const jobs = store.awaitingInspection(PER_TURN);
      if (jobs.length === 0) return;
      for (const job of jobs) {
        try {
          const { media, refusal } = await inspectVideoFile(job.path);
          const mediaJson = media ? JSON.stringify(media) : null;
          if (refusal !== null && job.state === 'waiting') {
            store.update(job.id, { media: mediaJson, media_pending: 0, state: 'cancelled', note: storeSaid(refusal), finished_at: now() });
          } else store.update(job.id, { media: mediaJson, media_pending: 0 });
        } catch (error) {
          // The header could not be read: the sniffing already called it a video; the service judges.
          logger.warn('uploads: a queued file’s header could not be read', { id: job.id, error });
          store.update(job.id, { media_pending: 0 });
        }
      }
      inspected();
      await nextTurn();
    }
  }
}
