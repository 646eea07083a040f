// What every reliability run shares: the shape of its result, the figures the runner adds
// up, and small helpers (temp folders, random secrets, secret search, bounded waits).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The figures of the runner's last line; each run fills the ones it measures. */
export interface Totals {
  uploads: number;
  crash_rounds: number;
  hostile: number;
  fuzz: number;
  lost: number;
  duplicates: number;
  crashes: number;
  leaks: number;
  /** The attacks run: attacks tried, and those refused (the suite fails when refused < attacks). */
  attacks: number;
  refused: number;
}

export const TOTAL_KEYS: readonly (keyof Totals)[] = ['uploads', 'crash_rounds', 'hostile', 'fuzz', 'lost', 'duplicates', 'crashes', 'leaks', 'attacks', 'refused'];

export function emptyTotals(): Totals {
  return { uploads: 0, crash_rounds: 0, hostile: 0, fuzz: 0, lost: 0, duplicates: 0, crashes: 0, leaks: 0, attacks: 0, refused: 0 };
}

export interface RunResult {
  /** The run's one summary line, e.g. `chaos: files=40 faults=37 ...`. */
  summary: string;
  totals: Partial<Totals>;
  /** Every broken promise, in words (a non-empty list fails the suite). */
  problems: string[];
}

export interface ReliabilityRun {
  name: string;
  /** One sentence: what the run proves. */
  proves: string;
  execute(): Promise<RunResult>;
}

/** Formats `name: a=1 b=2` from an ordered record. */
export function summaryLine(name: string, figures: Record<string, number | string>): string {
  return `${name}: ${Object.entries(figures)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ')}`;
}

/** A temp folder removed by the returned function (runs never leave files behind). */
export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `vidlift-rel-${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** A 16-character API key in the service's format (`^\w{12}$`-style word characters). */
export function randomApiKey(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(16);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** A seeded PRNG (mulberry32): the same seed gives the same run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Every form a secret takes on its way into a file, a log or a URL: plain, URL-encoded,
 * base64 (standard and url-safe, padded or not), hex (both cases). A scan looks for each.
 */
export function leakForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = new Set<string>([
    secret,
    encodeURIComponent(secret),
    bytes.toString('base64'),
    bytes.toString('base64').replace(/=+$/, ''),
    bytes.toString('base64url'),
    bytes.toString('hex'),
    bytes.toString('hex').toUpperCase(),
  ]);
  return [...forms].filter((form) => form.length >= 8);
}

export interface LeakHit {
  where: string;
  form: 'plain' | 'encoded';
  secretKind: string;
}

/** Searches `haystack` for every form of every secret; returns where each was found. */
export function findLeaks(haystack: Buffer | string, where: string, secrets: ReadonlyMap<string, string>): LeakHit[] {
  const text = typeof haystack === 'string' ? haystack : haystack.toString('latin1');
  const hits: LeakHit[] = [];
  for (const [secret, kind] of secrets) {
    for (const form of leakForms(secret)) {
      if (text.includes(form)) {
        hits.push({ where, form: form === secret ? 'plain' : 'encoded', secretKind: kind });
        break;
      }
    }
  }
  return hits;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` every `everyMs` until it is true or `timeoutMs` passed; answers whether it became true. */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 50): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= end) return false;
    await sleep(everyMs);
  }
}

/** Resolves with the promise's outcome, or `{ timedOut: true }` after `ms` (the promise keeps running). */
export async function withinMs<T>(promise: Promise<T>, ms: number): Promise<{ timedOut: false; value: T } | { timedOut: false; error: unknown } | { timedOut: true }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ timedOut: true }>((resolve) => {
    timer = setTimeout(() => resolve({ timedOut: true }), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        (value) => ({ timedOut: false as const, value }),
        (error: unknown) => ({ timedOut: false as const, error }),
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `work` over `items` with at most `limit` at a time. */
export async function pool<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index] as T, index);
    }
  });
  await Promise.all(lanes);
}

/** A message a person can read: a sentence, not a stack trace or a raw errno. */
export function isReadable(message: unknown): boolean {
  if (typeof message !== 'string') return false;
  const text = message.trim();
  return text.length >= 8 && text.length <= 600 && !/\n\s+at /.test(text) && !/^(Error|TypeError|RangeError):/.test(text) && /[a-z]{3}/i.test(text);
}

/** The scan must be able to fail: it has to find a secret planted in each form it claims to know. */
export function assertLeakScanWorks(): void {
  const secret = randomApiKey();
  const secrets = new Map([[secret, 'canary']]);
  for (const form of leakForms(secret)) {
    if (findLeaks(`prefix ${form} suffix`, 'canary', secrets).length !== 1) throw new Error(`the leak scan misses the form ${form}`);
  }
  if (findLeaks('nothing to see here', 'canary', secrets).length !== 0) throw new Error('the leak scan finds leaks where there are none');
}
