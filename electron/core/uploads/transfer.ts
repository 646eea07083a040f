// One streamed upload: the file read from disk in 512 KiB pieces (pump.ts), through the shared
// bandwidth limit, between the multipart head and tail (file-server.ts), onto the socket
// with backpressure. Memory stays flat whatever the file size. Failures say
// whether the whole body may have reached the server (then the caller must look for the
// video before sending again) and whether trying again can help.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { buildUploadEnvelope, parseFileServerReply, REPLY_LIMIT_BYTES, UPLOAD_METHOD, uploadRequestUrl, type UploadReply } from './file-server.ts';
import { FileShrankError, pumpFile, type PumpInput } from './pump.ts';
import { FileSwappedError } from '../files/file-identity.ts';
import { watchProxy, type Route } from '../net/network.ts';
import { ContentHasher, hashAlgorithms } from '../files/content-hash.ts';
import type { ContentDigest, DigestAlgorithm } from '../files/content-digest.ts';
import { said, type Said } from '../../../shared/said.ts';
import { sayInEnglish } from '../../../shared/i18n/say-english.ts';

/**
 * The size of each piece read, sent and hashed. 512 KiB: each piece is read, handed to the
 * socket and hashed while it is still in the core's cache. Against 1 MiB pieces it cost about
 * 5% less CPU per GB (2 GiB uploads on loopback, 16 alternated runs of each: median 0.378
 * against 0.397 CPU s/GB, the copy from the page cache being the largest part of either);
 * 256 KiB pieces cost as much as 1 MiB ones, and 64 KiB pieces more (13 and 5 alternated runs).
 */
export const READ_CHUNK = 512 * 1024;

type TransferFailureKind =
  | 'network' // refused, reset, DNS: the server may not have got the body
  | 'timeout' // no progress while sending, or no reply in time
  | 'server' // an HTTP 5xx page
  | 'refused' // the file server answered and said no (bad reply, 4xx, redirect)
  | 'file' // the local file could not be read or changed size while reading
  | 'aborted'; // paused or cancelled here

export class TransferError extends Error {
  readonly kind: TransferFailureKind;
  /** The whole body may have reached the file server: look for the video before resending. */
  readonly maybeReceived: boolean;
  /** What a person reads of it (the message is its English, for the log). */
  readonly said: Said;

  constructor(kind: TransferFailureKind, why: Said, maybeReceived: boolean, cause?: unknown) {
    super(sayInEnglish(why), cause === undefined ? undefined : { cause });
    this.name = 'TransferError';
    this.said = why;
    this.kind = kind;
    this.maybeReceived = maybeReceived;
  }

  get retryable(): boolean {
    return this.kind === 'network' || this.kind === 'timeout' || this.kind === 'server';
  }
}

/**
 * What the pump reads and reports (the file, its identity and size, the throttle, progress,
 * the hold), the last-chunk warning that persists "maybe received", the content hash to take
 * of the bytes sent, plus the request around it.
 */
export type TransferInput = Omit<PumpInput, 'chunkSize' | 'lastChunk' | 'onRead' | 'blockingReads'> & {
  /** Called synchronously before the last file bytes are handed to the socket (the hold sealed first). */
  onLastChunk: () => void;
  /** The digest to take of the bytes as they are sent (duplicates.ts): no second read of the file. */
  hash?: DigestAlgorithm;
  url: string;
  session: string;
  folderId: number;
  fileName: string;
  contentType: string;
  /** Called once every body byte was handed to the kernel: waiting for the reply now. */
  onBodySent: () => void;
  sendStallMs: number;
  replyTimeoutMs: number;
  /** How to reach the file server (a 'fresh' route from Network); direct when absent. */
  route?: Route;
};

/** The file server's reply, and the digest of the bytes sent (null when none was asked or not every byte was read). */
export interface SentFile extends UploadReply {
  digest: ContentDigest | null;
}

/**
 * The port to the file server: on real sockets, the transfer thread (transfer-thread.ts) or
 * sendFile below; a simulated file server in the deterministic simulation (test/sim), which
 * must fail the same ways (TransferError).
 */
export type SendFile = (input: TransferInput) => Promise<SentFile>;

/** The exchange on this thread, its file read through libuv's pool. */
export function sendFile(input: TransferInput): Promise<SentFile> {
  return exchange(input, {
    blockingReads: false,
    // Synchronously after the gate: no pause can slip in between the two.
    lastChunk: () => letLastChunkGo(input),
  });
}

/**
 * The main thread's answer before the last chunk leaves (inline, or asked by the transfer
 * thread): false when a pause came first; else the hold is sealed and "maybe received" written.
 */
export function letLastChunkGo(input: Pick<TransferInput, 'hold' | 'onLastChunk'>): boolean {
  if (input.hold?.held) return false;
  input.hold?.seal();
  input.onLastChunk();
  return true;
}

/** Where an exchange runs: this thread, or the transfer thread, which asks the main one at the last chunk. */
export interface ExchangeSite {
  blockingReads: boolean;
  /** PumpInput.lastChunk: seals the hold and tells of the last chunk, or false when a pause came first; rejects once `signal` aborts. */
  lastChunk: (signal: AbortSignal) => boolean | Promise<boolean>;
}

/** One upload's request, on whichever thread runs it. */
export function exchange(input: Omit<TransferInput, 'onLastChunk'>, site: ExchangeSite): Promise<SentFile> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let connected = false;
    let lastChunkSeen = false;

    const url = uploadRequestUrl(input.url);
    // Stops the file pump when the exchange ends for any reason (not only a pause or cancel).
    const pumpStop = new AbortController();
    const envelope = buildUploadEnvelope({
      session: input.session,
      folderId: input.folderId,
      fileName: input.fileName,
      contentType: input.contentType,
      size: input.size,
    });
    const headers = { 'content-type': envelope.contentType, 'content-length': String(envelope.contentLength) };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    // No agent: a fresh connection per file, never a stale pooled one; redirects are never
    // followed (node:http does not), so the session reaches only this URL.
    const req = send(url, { method: UPLOAD_METHOD, headers, agent: input.route?.agent ?? false });
    const proxy = watchProxy(req, input.route?.route ?? { kind: 'direct' });

    let replyDeadline: ReturnType<typeof setTimeout> | null = null;
    // A held transfer sends nothing on purpose: that silence is not a stall. How long the
    // server keeps waiting is the hold's own limit (the scheduler's patience timer).
    const unwatchHold = input.hold?.onChange((held) => {
      if (!settled) req.setTimeout(held ? 0 : input.sendStallMs);
    });
    const content = contentHasher(input.size, input.hash);
    const finish = (error: unknown, result?: UploadReply): void => {
      if (settled) return;
      settled = true;
      if (replyDeadline) clearTimeout(replyDeadline);
      unwatchHold?.();
      input.signal.removeEventListener('abort', onAbort);
      pumpStop.abort();
      if (error !== undefined) {
        req.destroy();
        reject(toTransferError(error, connected && lastChunkSeen));
      } else if (result) resolve({ ...result, digest: content?.digest() ?? null });
    };
    const onAbort = (): void => finish(new TransferError('aborted', said('upload_stopped'), false));
    if (input.signal.aborted) {
      onAbort();
      return;
    }
    input.signal.addEventListener('abort', onAbort, { once: true });

    req.on('socket', (socket) => {
      socket.once('connect', () => {
        connected = true;
      });
      if (!socket.connecting) connected = true;
    });
    req.setTimeout(input.sendStallMs, () =>
      finish(new TransferError('timeout', said('file_server_silent'), connected && lastChunkSeen)),
    );
    req.on('finish', () => {
      input.onBodySent();
      req.setTimeout(input.replyTimeoutMs);
      // The idle timer alone would let a server that drips a byte now and then hold the
      // upload for hours: the whole reply has one deadline.
      replyDeadline = setTimeout(
        () => finish(new TransferError('timeout', said('file_server_reply_late'), true)),
        input.replyTimeoutMs,
      );
    });
    req.on('error', (error) => {
      const failure = proxy.failure(error);
      // The proxy never let the body through: nothing can have arrived.
      finish(failure ? new TransferError('network', failure.said, false, error) : error);
    });
    req.on('response', (res) => {
      const refusal = proxy.refusal();
      if (refusal) {
        res.destroy();
        finish(new TransferError('network', refusal.said, false));
        return;
      }
      readReply(res).then(
        (reply) => finish(undefined, reply),
        (error: unknown) => finish(error),
      );
    });
    // head, the file's bytes (read, throttled, counted as the socket writes them), tail.
    req.write(envelope.head);
    // A stop of the transfer ends the exchange (onAbort above), and so stops the pump: one plain
    // signal (a combined one re-checks its sources on each read of `aborted`, once per piece).
    const pumpSignal = pumpStop.signal;
    pumpFile(req, {
      ...input,
      chunkSize: READ_CHUNK,
      signal: pumpSignal,
      blockingReads: site.blockingReads,
      lastChunk: async () => {
        const through = await site.lastChunk(pumpSignal);
        if (through) lastChunkSeen = true;
        return through;
      },
      ...(content ? { onRead: (bytes: Uint8Array) => content.update(bytes) } : {}),
    }).then(
      () => req.end(envelope.tail),
      (error: unknown) => {
        if (!pumpStop.signal.aborted && !input.signal.aborted) finish(fileError(error));
      },
    );
  });
}

/** The running digest asked for; none when this thread cannot take that algorithm (no XXH3 module here). */
function contentHasher(size: number, algorithm: DigestAlgorithm | undefined): ContentHasher | null {
  if (algorithm === undefined || !hashAlgorithms().canTake(algorithm)) return null;
  return new ContentHasher(size, [algorithm]);
}

async function readReply(res: IncomingMessage): Promise<UploadReply> {
  const status = res.statusCode ?? 0;
  if (status >= 300 && status < 400) {
    res.resume();
    throw new TransferError('refused', said('file_server_redirected', { status }), true);
  }
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > REPLY_LIMIT_BYTES) {
      res.destroy();
      throw new TransferError('refused', said('file_server_reply_huge'), true);
    }
    chunks.push(chunk);
  }
  return readFileServerReply(status, Buffer.concat(chunks).toString('utf8'));
}

/** The file server's whole reply, read: the upload's file code, or why not (a TransferError). */
export function readFileServerReply(status: number, body: string): UploadReply {
  const reply = parseFileServerReply(status, body);
  if (reply.ok) return { fileCode: reply.fileCode, title: reply.title };
  // A 5xx page is the server failing, not refusing this file: worth another try. So is a
  // success status whose reply cannot be read at all: the server may have stored the file,
  // and failing for good would leave "failed" beside its video; the next try looks for it
  // first (found by the simulation, test/sim, seed 1587).
  const unreadable = status < 300 && !isJson(body);
  throw new TransferError(status >= 500 || unreadable ? 'server' : 'refused', reply.said, true);
}

function isJson(body: string): boolean {
  try {
    JSON.parse(body.replace(/^\uFEFF/, '').trim());
    return true;
  } catch {
    return false;
  }
}

function fileError(error: unknown): unknown {
  if (error instanceof TransferError) return error;
  if (error instanceof FileShrankError || error instanceof FileSwappedError) return new TransferError('file', error.said, false, error);
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR' || code === 'EPERM') {
    return new TransferError('file', said('file_unreadable_now'), false, error);
  }
  return error;
}

function toTransferError(error: unknown, maybeReceived: boolean): TransferError {
  if (error instanceof TransferError) {
    // Stopped here, a local file problem, or an explicit refusal: nothing to look for.
    if (error.kind === 'aborted' || error.kind === 'file' || error.kind === 'refused') return error;
    return new TransferError(error.kind, error.said, maybeReceived, error);
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  return new TransferError('network', said(NETWORK_REASONS[code] ?? 'file_server_connection_failed'), maybeReceived, error);
}

/** What each socket error code means for the file server (codes of shared/said.ts without params). */
const NETWORK_REASONS: Record<string, 'file_server_refused_connection' | 'file_server_closed_connection' | 'file_server_timed_out' | 'file_server_not_found' | 'file_server_unreachable' | 'network_unreachable'> = {
  ECONNREFUSED: 'file_server_refused_connection',
  ECONNRESET: 'file_server_closed_connection',
  EPIPE: 'file_server_closed_connection',
  ETIMEDOUT: 'file_server_timed_out',
  ENOTFOUND: 'file_server_not_found',
  EAI_AGAIN: 'file_server_not_found',
  EHOSTUNREACH: 'file_server_unreachable',
  ENETUNREACH: 'network_unreachable',
};
