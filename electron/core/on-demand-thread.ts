// A worker thread started for work and let go without it: the subtitle preparation
// (files/subtitle-thread.ts) and the uploads' transfers (uploads/transfer-thread.ts). It starts
// with the first piece of work, keeps the process alive only while work is under way, and stops
// after `idleMs` without any. A thread replaced meanwhile (a new script named) finishes what it
// holds, then stops. Its owner keeps the work and says what each message answers; this class
// keeps the thread's life, in one place.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits, type WorkerOptions } from 'node:worker_threads';

/** Starts the thread's script with these options (the Electron bundle passes its built one). */
export type StartThread = (options: WorkerOptions) => Worker;

export interface OnDemandThreadOptions<Message> {
  /** The TypeScript script beside its owner: the thread from source (Node, tests, the CLI from the source tree). */
  source: URL;
  limits: ResourceLimits;
  idleMs: number;
  /** A message from `thread` (the owner settles the work it answers). */
  heard: (thread: Worker, message: Message) => void;
  /** `thread` died: the work it held fails (the next piece starts a new thread). */
  lost: (thread: Worker, error: Error) => void;
  /** Whether `thread` still holds work. */
  busy: (thread: Worker) => boolean;
}

export class OnDemandThread<Message> {
  readonly #o: OnDemandThreadOptions<Message>;
  /** Runs the script from source; null where this process has none (the bundle run as the command line). */
  readonly fromSource: StartThread;
  #start: StartThread | null;
  #thread: Worker | null = null;
  #idleTimer: NodeJS.Timeout | null = null;

  constructor(options: OnDemandThreadOptions<Message>) {
    this.#o = options;
    this.fromSource = (workerOptions) => new Worker(options.source, workerOptions);
    this.#start = existsSync(fileURLToPath(options.source)) ? this.fromSource : null;
  }

  /** How the thread is started from now on; null: no thread (the owner works inline). */
  use(next: StartThread | null): void {
    this.#start = next;
    const old = this.#thread;
    this.#thread = null;
    // A thread with work under way finishes it (#rest stops it once its work is answered).
    if (old && !this.#o.busy(old)) void old.terminate();
  }

  /** Whether work can go to a thread in this process. */
  get available(): boolean {
    return this.#start !== null;
  }

  /** The thread to hand new work to, started if need be and kept alive until the work is answered. */
  forWork(): Worker {
    if (this.#start === null) throw new Error('no thread script in this process');
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
    const thread = this.#thread ?? this.#started(this.#start);
    thread.ref();
    return thread;
  }

  #started(start: StartThread): Worker {
    const thread = start({ resourceLimits: this.#o.limits });
    this.#thread = thread;
    thread.on('message', (message: Message) => {
      this.#o.heard(thread, message);
      if (!this.#o.busy(thread)) this.#rest(thread);
    });
    thread.once('error', (error) => this.#lost(thread, error));
    thread.once('exit', (code) => this.#lost(thread, new Error(`its thread stopped with code ${code}`)));
    return thread;
  }

  /** Nothing left on `thread`: it stops keeping the process alive, and stops after idleMs (at once if replaced). */
  #rest(thread: Worker): void {
    if (this.#thread !== thread) {
      void thread.terminate();
      return;
    }
    thread.unref();
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => {
      this.#idleTimer = null;
      if (this.#thread === thread && !this.#o.busy(thread)) {
        this.#thread = null;
        void thread.terminate();
      }
    }, this.#o.idleMs);
    this.#idleTimer.unref();
  }

  #lost(thread: Worker, error: Error): void {
    if (this.#thread === thread) this.#thread = null;
    this.#o.lost(thread, error);
  }
}
