// The core's one logger. Every registered secret (the API key, each upload session) is
// replaced by `[redacted]` in the finished line, after messages, fields, URLs, error
// messages, stacks and causes have all been turned into text, so nothing can slip around
// it. Redaction is by value, in every form a secret commonly takes on its way into a log:
// as is, URL-encoded, JSON-escaped, and base64 (standard and url-safe, alone or embedded in
// a longer base64 string at any alignment).
import type { Logger, LogLevel, SecretRegistry } from './logger.ts';

export const REDACTED = '[redacted]';

/** Shorter values would wipe ordinary text; the key is 16 characters, sessions longer. */
const MIN_SECRET_LENGTH = 6;

export interface LogRecord {
  level: LogLevel;
  /** Epoch ms. */
  time: number;
  /** The finished, redacted line (without a trailing newline). */
  line: string;
}

export interface LogSink {
  write(record: LogRecord): void;
}

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export class Redactor implements SecretRegistry {
  readonly #patterns = new Set<string>();
  #sorted: string[] = [];

  addSecret(value: string): void {
    if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH) return;
    let added = false;
    for (const form of secretForms(value)) {
      if (form.length >= MIN_SECRET_LENGTH && !this.#patterns.has(form)) {
        this.#patterns.add(form);
        added = true;
      }
    }
    // Longest first, so a form that contains another is replaced whole.
    if (added) this.#sorted = [...this.#patterns].sort((a, b) => b.length - a.length);
  }

  redact(text: string): string {
    let out = text;
    for (const pattern of this.#sorted) {
      if (out.includes(pattern)) out = out.split(pattern).join(REDACTED);
    }
    return out;
  }
}

/** Every text form of `secret` that is redacted. */
export function secretForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = new Set<string>([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]);
  forms.add(encodeURIComponent(secret).replace(/%20/g, '+'));
  for (const encoded of [bytes.toString('base64'), bytes.toString('base64url')]) {
    forms.add(encoded);
    forms.add(encoded.replace(/=+$/, ''));
  }
  // Inside a longer base64 string the secret starts at one of three byte alignments; the
  // characters that only depend on the secret's own bytes are the same in every such string.
  for (let shift = 0; shift < 3; shift++) {
    const usable = Math.floor((bytes.length - shift) / 3) * 3;
    if (usable < 9) continue;
    const middle = bytes.subarray(shift, shift + usable);
    forms.add(middle.toString('base64'));
    forms.add(middle.toString('base64url'));
  }
  return [...forms];
}

/** Turns log fields into text, keeping what matters in errors (name, message, code, stack, cause). */
export function serializeFields(fields: Record<string, unknown>): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(fields, (_key, value: unknown) => {
    if (value instanceof Error) return describeError(value, seen);
    if (value instanceof URL) return value.href;
    if (typeof value === 'bigint') return value.toString();
    if (typeof value === 'object' && value !== null) {
      if (seen.has(value)) return '[circular]';
      seen.add(value);
    }
    return value;
  });
}

function describeError(error: Error, seen: WeakSet<object>): Record<string, unknown> {
  if (seen.has(error)) return { circular: true };
  seen.add(error);
  const out: Record<string, unknown> = { name: error.name, message: error.message };
  const code = (error as { code?: unknown }).code;
  if (code !== undefined) out.code = code;
  if (error.stack) out.stack = error.stack;
  if (error.cause !== undefined) out.cause = error.cause instanceof Error ? describeError(error.cause, seen) : error.cause;
  return out;
}

interface RedactingLoggerOptions {
  sinks: LogSink[];
  minLevel?: LogLevel;
  now?: () => number;
  /** Share one redactor between loggers (or pre-load it). */
  redactor?: Redactor;
}

export class RedactingLogger implements Logger, SecretRegistry {
  readonly #sinks: LogSink[];
  readonly #minLevel: number;
  readonly #now: () => number;
  readonly #redactor: Redactor;

  constructor(options: RedactingLoggerOptions) {
    this.#sinks = options.sinks;
    this.#minLevel = LEVELS[options.minLevel ?? 'info'];
    this.#now = options.now ?? Date.now;
    this.#redactor = options.redactor ?? new Redactor();
  }

  addSecret(value: string): void {
    this.#redactor.addSecret(value);
  }

  /** For other writers (crash reports, the shell) that must apply the same redaction. */
  redact(text: string): string {
    return this.#redactor.redact(text);
  }

  debug(message: string, fields?: Record<string, unknown>): void {
    this.#log('debug', message, fields);
  }
  info(message: string, fields?: Record<string, unknown>): void {
    this.#log('info', message, fields);
  }
  warn(message: string, fields?: Record<string, unknown>): void {
    this.#log('warn', message, fields);
  }
  error(message: string, fields?: Record<string, unknown>): void {
    this.#log('error', message, fields);
  }

  #log(level: LogLevel, message: string, fields: Record<string, unknown> | undefined): void {
    if (LEVELS[level] < this.#minLevel) return;
    const time = this.#now();
    let text = `${new Date(time).toISOString()} ${level.toUpperCase()} ${String(message)}`;
    if (fields && Object.keys(fields).length > 0) {
      try {
        text += ` ${serializeFields(fields)}`;
      } catch {
        text += ' [fields could not be written]';
      }
    }
    const line = this.#redactor.redact(text);
    for (const sink of this.#sinks) {
      try {
        sink.write({ level, time, line });
      } catch {
        // A failing sink (full disk) must never break the code that logs.
      }
    }
  }
}

/** Writes lines to stderr (stdout is left to the program's own output). */
export class ConsoleSink implements LogSink {
  readonly #stream: { write(text: string): unknown };

  constructor(stream: { write(text: string): unknown } = process.stderr) {
    this.#stream = stream;
  }

  write(record: LogRecord): void {
    this.#stream.write(`${record.line}\n`);
  }
}

/** Keeps lines in memory (tests, and a "copy diagnostics" view). */
export class MemorySink implements LogSink {
  readonly records: LogRecord[] = [];
  write(record: LogRecord): void {
    this.records.push(record);
  }
  get text(): string {
    return this.records.map((r) => r.line).join('\n');
  }
}
