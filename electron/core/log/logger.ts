// The one logger interface of the core. The implementation (redacting.ts) replaces every
// registered secret (API key, upload sessions) by value before anything is written.
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Registers values that must never be written anywhere (the key, each upload session). */
export interface SecretRegistry {
  addSecret(value: string): void;
  /**
   * The text with every registered secret replaced (plain, URL-encoded, JSON-escaped and
   * base64 forms). Whatever a server says goes through this before it is stored or shown:
   * a service or file server may echo the key or the upload session back.
   */
  redact(text: string): string;
}
