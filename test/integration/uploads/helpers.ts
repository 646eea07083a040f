// Shared set-up of the upload integration tests: a real sandbox host on loopback, a real
// ServiceClient, a real SQLite file in a temp dir, and test files that look like MP4s.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHost, type Host, type HostOptions } from '../../host/index.ts';
import { ServiceClient } from '../../../electron/core/api/client.ts';
import type { ServiceVideo } from '../../../electron/core/api/schemas.ts';
import { openDatabase, type Db } from '../../../electron/core/db/database.ts';
import type { Logger, SecretRegistry } from '../../../electron/core/log/logger.ts';
import { serializeFields } from '../../../electron/core/log/redacting.ts';
import type { EventSink } from '../../../electron/core/rpc/events.ts';
import { UploadEngine, type UploadEngineOptions } from '../../../electron/core/uploads/engine.ts';
import { ConnectionMonitor } from '../../../electron/core/api/connection.ts';
import type { Outcome } from '../../../electron/core/connectivity.ts';
import type { UploadJob } from '../../../shared/model.ts';
import type { Said } from '../../../shared/said.ts';

/** The first bytes of an ISO MP4 (ftyp box), so content sniffing accepts the file. */
export const MP4_HEAD = Buffer.from('000000206674797069736f6d0000020069736f6d69736f32617663316d703431', 'hex');

export function writeVideo(dir: string, name: string, size: number): { path: string; sha256: string } {
  const body = Buffer.concat([MP4_HEAD, randomBytes(Math.max(0, size - MP4_HEAD.length))]).subarray(0, size);
  const path = join(dir, name);
  writeFileSync(path, body);
  return { path, sha256: createHash('sha256').update(body).digest('hex') };
}

/**
 * The app's own connection monitor, wired as the app wires it (the client reports, the engine
 * waits on it, a probe finds the service again), recording what the client reported.
 */
export class TestConnection extends ConnectionMonitor {
  readonly reports: Said[] = [];

  override report(outcome: Outcome): void {
    if (!outcome.reached) this.reports.push(outcome.reason);
    super.report(outcome);
  }

  /** What a successful request would tell it (without waiting for the next probe). */
  online(): void {
    super.report({ reached: true });
  }
}

export class RecordingLog implements Logger, SecretRegistry {
  readonly lines: string[] = [];
  readonly secrets: string[] = [];
  addSecret(value: string): void {
    this.secrets.push(value);
  }
  redact(text: string): string {
    return this.secrets.reduce((out, secret) => out.split(secret).join('[redacted]'), text);
  }
  #write(level: string, message: string, fields?: Record<string, unknown>): void {
    // The real logger's serializer, so errors keep their stack and cause here too.
    this.lines.push(`${level} ${message} ${fields ? serializeFields(fields) : ''}`);
  }
  debug(message: string, fields?: Record<string, unknown>): void {
    this.#write('debug', message, fields);
  }
  info(message: string, fields?: Record<string, unknown>): void {
    this.#write('info', message, fields);
  }
  warn(message: string, fields?: Record<string, unknown>): void {
    this.#write('warn', message, fields);
  }
  error(message: string, fields?: Record<string, unknown>): void {
    this.#write('error', message, fields);
  }
}

export class RecordingSink implements EventSink {
  readonly events: { event: string; payload: unknown }[] = [];
  emit(event: string, payload: unknown): void {
    this.events.push({ event, payload });
  }
}

export interface Rig {
  host: Host;
  dir: string;
  dbFile: string;
  db: Db;
  client: ServiceClient;
  connection: TestConnection;
  log: RecordingLog;
  sink: RecordingSink;
  uploaded: { video: ServiceVideo; folderId: number }[];
  engine: UploadEngine;
  /** A second engine on the same database file (a restart). */
  restart(options?: Partial<UploadEngineOptions>): Promise<UploadEngine>;
  close(): Promise<void>;
}

export const FAST: Partial<UploadEngineOptions> = {
  backoff: { baseMs: 20, capMs: 200 },
  sendStallMs: 5_000,
  replyTimeoutMs: 5_000,
  progressIntervalMs: 50,
};

/** Probes while offline: fast, so a test sees the queue start again soon after the host is back. */
const FAST_PROBES = { firstDelayMs: 100, maxDelayMs: 300 };

export async function createRig(
  options: { host?: HostOptions; engine?: Partial<UploadEngineOptions>; start?: boolean; probes?: { firstDelayMs: number; maxDelayMs: number } } = {},
): Promise<Rig> {
  const host = await startHost({ seed: 'empty', ...options.host });
  const dir = mkdtempSync(join(tmpdir(), 'vidlift-uploads-'));
  const dbFile = join(dir, 'db', 'account.sqlite');
  const log = new RecordingLog();
  const sink = new RecordingSink();
  const late: { client?: ServiceClient } = {};
  const connection = new TestConnection({ probe: () => late.client!.slots(), ...(options.probes ?? FAST_PROBES) });
  const uploaded: { video: ServiceVideo; folderId: number }[] = [];
  const client = new ServiceClient({ baseUrl: host.baseUrl, apiKey: host.apiKey, logger: log, secrets: log, deadlineMs: 5_000, retry: { maxAttempts: 1, baseMs: 0, capMs: 0 }, connection });
  late.client = client;
  let db = openDatabase(dbFile);
  const build = (extra?: Partial<UploadEngineOptions>): UploadEngine =>
    new UploadEngine({
      db,
      api: client,
      connectivity: connection,
      events: sink as EventSink,
      logger: log,
      secrets: log,
      onVideoUploaded: (video, folderId) => uploaded.push({ video, folderId }),
      ...FAST,
      ...options.engine,
      ...extra,
    });
  const rig: Rig = {
    host,
    dir,
    dbFile,
    db,
    client,
    connection,
    log,
    sink,
    uploaded,
    engine: build(),
    async restart(extra) {
      await rig.engine.stop();
      db.close();
      db = openDatabase(dbFile);
      rig.db = db;
      rig.engine = build(extra);
      rig.engine.start();
      return rig.engine;
    },
    async close() {
      await rig.engine.stop();
      connection.stop();
      db.close();
      await host.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  if (options.start !== false) rig.engine.start();
  return rig;
}

/** Waits (bounded) until `check` holds, polling; fails with `what` otherwise. */
export async function until(check: () => boolean, what: string, limitMs = 20_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function settled(jobs: readonly UploadJob[]): boolean {
  return jobs.every((job) => ['done', 'failed', 'cancelled', 'changed', 'paused'].includes(job.state));
}
