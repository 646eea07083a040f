// Shared runtime of one host instance: state, clock, knobs, request log. Routes, the
// file server and the remote worker all take this object.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FaultEngine } from './faults.ts';
import { Hasher } from './hasher.ts';
import { createRng, deriveSeed } from './rng.ts';
import type { Rng } from './rng.ts';
import { Store } from './state.ts';
import type { Account } from './state.ts';
import type { Clock } from './time.ts';
import type { FileNameReading } from './form-names.ts';

export type AuthMethod = 'header' | 'query' | 'none';

export interface LogEntry {
  method: string;
  path: string;
  auth: AuthMethod;
  status: number;
  at: number;
  origin: 'api' | 'files';
}

export interface Ctx {
  core: Core;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  query: URLSearchParams;
  account: Account;
}

export type Handler = (ctx: Ctx) => unknown;
export type Routes = Record<string, Handler>;

export interface WorkerHandle {
  wake(): void;
  cancel(itemId: string): void;
}

/** Video hosts whose links the remote-upload operation copies at once (spec 4, rule 4). */
export const RECOGNISED_VIDEO_DOMAINS = ['vidhost.example', 'www.vidhost.example', 'vidhost.test'];

export class Core {
  readonly store: Store;
  readonly clock: Clock;
  readonly faults: FaultEngine;
  readonly log: LogEntry[] = [];
  readonly hasher: Hasher;
  private readonly jitterRng: Rng;
  latencyMs: number;
  jitterMs: number;
  brokenDeploy: boolean;
  /** See HostOptions.echoSecrets. */
  echoSecrets = false;
  /** See HostOptions.fileNames. */
  fileNameReading: FileNameReading = 'browsers';
  /** See HostOptions.fileServerBodyTimeoutMs; 0 = no limit. */
  fileServerBodyTimeoutMs = 0;
  subtitleTimeoutMs: number;
  baseUrl = '';
  fileServerUrls: string[] = [];
  private nextFileServer = 0;
  worker: WorkerHandle = { wake() {}, cancel() {} };
  private readonly timers = new Set<NodeJS.Timeout>();
  closed = false;

  constructor(opts: { rngSeed: number; clock: Clock; latencyMs: number; jitterMs: number; brokenDeploy: boolean; subtitleTimeoutMs: number; hashInWorker: boolean }) {
    this.clock = opts.clock;
    this.hasher = new Hasher(opts.hashInWorker);
    this.store = new Store(opts.rngSeed, opts.clock);
    this.faults = new FaultEngine(opts.rngSeed);
    this.jitterRng = createRng(deriveSeed(opts.rngSeed, 2));
    this.latencyMs = opts.latencyMs;
    this.jitterMs = opts.jitterMs;
    this.brokenDeploy = opts.brokenDeploy;
    this.subtitleTimeoutMs = opts.subtitleTimeoutMs;
  }

  /** Round-robin keeps the choice deterministic without drawing from a seeded stream. */
  pickFileServer(): { index: number; url: string } {
    const index = this.nextFileServer++ % this.fileServerUrls.length;
    return { index, url: this.fileServerUrls[index] ?? '' };
  }

  latencyDelay(): Promise<void> {
    if (this.latencyMs <= 0 && this.jitterMs <= 0) return Promise.resolve();
    const ms = this.latencyMs + (this.jitterMs > 0 ? this.jitterRng.next() * this.jitterMs : 0);
    return this.sleep(ms);
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.timers.delete(t);
        resolve();
      }, ms);
      this.timers.add(t);
    });
  }

  /** A timer that close() cancels (drip replies, latency). */
  schedule(fn: () => void, ms: number): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  clearTimers(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  /** Records one request when its reply ends or its connection dies (status 0). */
  startLog(req: IncomingMessage, res: ServerResponse, origin: 'api' | 'files', path: string): LogEntry {
    // Wall-clock time, even under an injected clock: tests compare it with their own timings.
    const entry: LogEntry = { method: req.method ?? 'GET', path, auth: 'none', status: 0, at: Date.now(), origin };
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      entry.status = res.headersSent ? res.statusCode : 0;
      this.log.push(entry);
    };
    res.once('finish', finish);
    res.once('close', finish);
    return entry;
  }

  videoUrls(id: string, custom?: { version: number; type: 'jpeg' | 'png' }): { download: string; embed: string; single: string; thumbnail: string; splash: string } {
    const b = this.baseUrl;
    const customUrl = custom ? `${b}/img/${id}/custom-${custom.version}.${custom.type === 'jpeg' ? 'jpg' : 'png'}` : undefined;
    return {
      download: `${b}/d/${id}`,
      embed: `${b}/e/${id}`,
      single: `${b}/img/${id}/single.png`,
      thumbnail: customUrl ?? `${b}/img/${id}/thumb.png`,
      splash: customUrl ?? `${b}/img/${id}/splash.png`,
    };
  }
}

/** What a careless server says: the message with a secret it was sent, in three forms. */
export function echoing(message: string, secret: string | null): string {
  if (!secret) return message;
  return `${message} (got ${secret}; encoded ${encodeURIComponent(secret)}; base64 ${Buffer.from(secret).toString('base64')})`;
}
