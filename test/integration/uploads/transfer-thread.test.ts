// The transfer thread (electron/core/uploads/transfer-thread.ts) against a real file server on
// loopback: what crosses between the threads (progress, the last chunk, the hold, the
// bandwidth limit, a stop, the digest) and a thread that dies. The engine's own tests run
// their uploads through it too (it is the engine's default port).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { hashFile } from '../../../electron/core/files/content-hash.ts';
import { TransferHold } from '../../../electron/core/uploads/hold.ts';
import { TokenBucket } from '../../../electron/core/uploads/throttle.ts';
import { TransferError, type TransferInput } from '../../../electron/core/uploads/transfer.ts';
import { sendFileHere, startTransferWorkerFromSource, useTransferWorker, type StartTransferWorker } from '../../../electron/core/uploads/transfer-thread.ts';
import { startFileServerSink, transferInput, type FileServerSink } from '../../support/file-server-sink.ts';

let sink: FileServerSink;
let url: string;
let dir: string;
/** Body bytes the server has received on its latest request, and that request's whole body. */
let received: FileServerSink['received'];
let threadsStarted = 0;
const countingStart: StartTransferWorker = (options) => {
  threadsStarted++;
  return startTransferWorkerFromSource(options);
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vidlift-transfer-thread-'));
  sink = await startFileServerSink('k3x9w2m4q8zt');
  ({ url, received } = sink);
});

beforeEach(() => {
  received.bytes = 0;
  received.body = Buffer.alloc(0);
});
afterEach(() => useTransferWorker(countingStart));

afterAll(async () => {
  useTransferWorker(startTransferWorkerFromSource);
  await sink.close();
  rmSync(dir, { recursive: true, force: true });
});

function fileOf(bytes: number): { path: string; content: Buffer } {
  const content = randomBytes(bytes);
  const path = join(dir, `clip-${bytes}-${Math.random()}.mp4`);
  writeFileSync(path, content);
  return { path, content };
}

interface Told {
  events: string[];
  progress: number[];
}

function inputFor(path: string, size: number, told: Told, more: Partial<TransferInput> = {}): TransferInput {
  return transferInput(url, path, size, {
    onProgress: (bytes) => told.progress.push(bytes),
    onLastChunk: () => told.events.push('last-chunk'),
    onBodySent: () => told.events.push('body-sent'),
    ...more,
  });
}

async function until(check: () => boolean, what: string, limitMs = 10_000): Promise<void> {
  for (const start = Date.now(); !check(); ) {
    if (Date.now() - start > limitMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the transfer thread', () => {
  it('sends the whole file from the thread: progress to its end, the last chunk told before the body is sent, the digest of its bytes', async () => {
    useTransferWorker(countingStart);
    const before = threadsStarted;
    const { path, content } = fileOf(3 * 1024 * 1024 + 4_321);
    const told: Told = { events: [], progress: [] };
    const sent = await sendFileHere(inputFor(path, content.length, told));
    expect(threadsStarted).toBe(before + 1);
    expect(sent.fileCode).toBe('k3x9w2m4q8zt');
    expect(received.body.indexOf(content)).toBeGreaterThan(0);
    expect(told.progress.at(-1)).toBe(content.length);
    expect(told.progress).toEqual([...told.progress].sort((a, b) => a - b));
    expect(told.events).toEqual(['last-chunk', 'body-sent']);
    expect(sent.digest).toEqual((await hashFile(path, { size: content.length }, ['xxh3-64']))![0]);
  });

  it('a transfer held from the start sends no file byte until released; once its last chunk went, a pause cannot hold it', async () => {
    const { path, content } = fileOf(200_000);
    const told: Told = { events: [], progress: [] };
    const hold = new TransferHold();
    hold.hold();
    const sending = sendFileHere(inputFor(path, content.length, told, { hold }));
    await until(() => received.bytes > 0, 'the multipart head');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.bytes).toBeLessThan(1_000);
    expect(told.events).toEqual([]);
    hold.release();
    const sent = await sending;
    expect(sent.fileCode).toBe('k3x9w2m4q8zt');
    expect(received.body.indexOf(content)).toBeGreaterThan(0);
    expect(hold.hold()).toBe(false);
  });

  it('a stop mid-file settles at once as stopped, and the same thread serves the next transfer', async () => {
    useTransferWorker(countingStart);
    const { path, content } = fileOf(2 * 1024 * 1024);
    const told: Told = { events: [], progress: [] };
    const controller = new AbortController();
    // 256 KiB a second: the stop lands mid-file.
    const sending = sendFileHere(inputFor(path, content.length, told, { signal: controller.signal, bucket: new TokenBucket(256 * 1024, Date.now) }));
    await until(() => received.bytes > 100_000, 'part of the file');
    const started = threadsStarted;
    controller.abort();
    const error = await sending.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransferError);
    expect((error as TransferError).kind).toBe('aborted');
    expect(told.events).toEqual([]);
    const next = fileOf(100_000);
    await expect(sendFileHere(inputFor(next.path, next.content.length, { events: [], progress: [] }))).resolves.toMatchObject({ fileCode: 'k3x9w2m4q8zt' });
    expect(threadsStarted).toBe(started);
  });

  it('a last chunk whose "maybe received" cannot be written fails the transfer before those bytes leave, and the thread goes on', async () => {
    const { path, content } = fileOf(3 * 1024 * 1024);
    const error = await sendFileHere(
      inputFor(path, content.length, { events: [], progress: [] }, {
        onLastChunk: () => {
          throw new Error('disk full');
        },
      }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransferError);
    expect((error as TransferError).said.code).toBe('upload_internal_see_log');
    expect((error as TransferError).maybeReceived).toBe(false);
    // The request never ends: its last bytes never left (the server sets the body at its end).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.body.length).toBe(0);
    expect(received.bytes).toBeLessThan(content.length);
    const next = fileOf(100_000);
    await expect(sendFileHere(inputFor(next.path, next.content.length, { events: [], progress: [] }))).resolves.toMatchObject({ fileCode: 'k3x9w2m4q8zt' });
  });

  it('a new bandwidth limit reaches a transfer under way on the thread', async () => {
    const { path, content } = fileOf(4 * 1024 * 1024);
    const told: Told = { events: [], progress: [] };
    // At 64 KiB a second this file would take a minute; lifted, it goes at once.
    const bucket = new TokenBucket(64 * 1024, Date.now);
    const sending = sendFileHere(inputFor(path, content.length, told, { bucket }));
    await until(() => received.bytes > 20_000, 'the first slices');
    bucket.setRate(null);
    await expect(sending).resolves.toMatchObject({ fileCode: 'k3x9w2m4q8zt' });
    expect(received.body.indexOf(content)).toBeGreaterThan(0);
  });

  it('a thread that dies fails its transfers as worth another try, nothing said to have arrived', async () => {
    useTransferWorker(() => new Worker('process.exit(7)', { eval: true }));
    const { path, content } = fileOf(100_000);
    const error = await sendFileHere(inputFor(path, content.length, { events: [], progress: [] })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransferError);
    expect((error as TransferError).retryable).toBe(true);
    expect((error as TransferError).maybeReceived).toBe(false);
    expect((error as TransferError).said.code).toBe('upload_internal_see_log');
  });

  it('without a thread script (the bundled command line), the same exchange runs on this thread', async () => {
    useTransferWorker(null);
    const before = threadsStarted;
    const { path, content } = fileOf(1024 * 1024 + 7);
    const told: Told = { events: [], progress: [] };
    const sent = await sendFileHere(inputFor(path, content.length, told));
    expect(threadsStarted).toBe(before);
    expect(received.body.indexOf(content)).toBeGreaterThan(0);
    expect(told.events).toEqual(['last-chunk', 'body-sent']);
    expect(sent.digest).toEqual((await hashFile(path, { size: content.length }, ['xxh3-64']))![0]);
  });
});
