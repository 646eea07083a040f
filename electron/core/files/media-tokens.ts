// Local videos lent to the page for playback (picking a thumbnail from a frame). The page
// never names a file: it asks for a path the person granted (or the file a video was
// uploaded from), and gets an unguessable URL for that one file, valid for one playback
// session: until the page releases it, it has been idle for IDLE_MS, or MAX_AGE_MS have
// passed. The URL carries only the token; the host's protocol handler (Electron's media
// scheme, the harness's loopback server) asks this registry for the path behind it.
// Each loan also holds the identity of the file that was checked when it was lent (device,
// inode, size, mtime: file-identity.ts): the path alone would serve whatever is at it when
// asked (another file renamed over it, or a link to a file the page was never lent), so
// media-range.ts serves only that same file. Size and mtime catch an inode number reused by a
// new file after the lent one was deleted.
import { randomBytes } from 'node:crypto';
import type { FileIdentity } from './file-identity.ts';

export const MEDIA_TOKEN_IDLE_MS = 10 * 60_000;
export const MEDIA_TOKEN_MAX_AGE_MS = 2 * 60 * 60_000;
/** At most this many lent at once; the oldest is taken back first. */
export const MEDIA_TOKENS_MAX = 8;

/** 32 random bytes, base64url: 43 characters of [A-Za-z0-9_-]. */
const MEDIA_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The file a token lends: its path and the identity of the file checked there. */
export interface LentFile extends FileIdentity {
  path: string;
}

interface Loan {
  file: LentFile;
  issuedAt: number;
  usedAt: number;
}

export class MediaTokens {
  readonly #loans = new Map<string, Loan>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** A fresh token for this file (each call a new one: tokens are never shared or reused). */
  issue(file: LentFile): string {
    this.#sweep();
    while (this.#loans.size >= MEDIA_TOKENS_MAX) {
      const oldest = this.#loans.keys().next().value;
      if (oldest === undefined) break;
      this.#loans.delete(oldest);
    }
    const token = randomBytes(32).toString('base64url');
    const now = this.#now();
    this.#loans.set(token, { file: { ...file }, issuedAt: now, usedAt: now });
    return token;
  }

  /** The file behind a token still valid, or null; each use keeps it alive. */
  resolve(token: string): LentFile | null {
    if (!MEDIA_TOKEN_PATTERN.test(token)) return null;
    this.#sweep();
    const loan = this.#loans.get(token);
    if (!loan) return null;
    loan.usedAt = this.#now();
    return loan.file;
  }

  release(token: string): void {
    this.#loans.delete(token);
  }

  get size(): number {
    this.#sweep();
    return this.#loans.size;
  }

  #sweep(): void {
    const now = this.#now();
    for (const [token, loan] of this.#loans) {
      if (now - loan.usedAt > MEDIA_TOKEN_IDLE_MS || now - loan.issuedAt > MEDIA_TOKEN_MAX_AGE_MS) this.#loans.delete(token);
    }
  }
}
