import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { getEventListeners } from 'node:events';
import { randomBytes } from 'node:crypto';
import { FileShrankError, pumpFile } from '../../../../electron/core/uploads/pump.ts';
import { TokenBucket } from '../../../../electron/core/uploads/throttle.ts';

const dir = mkdtempSync(join(tmpdir(), 'vidlift-pump-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A slow socket: takes each write on the next tick, keeps copies of what it got. */
function slowSink(highWaterMark = 64 * 1024): Writable & { received: Buffer[] } {
  const received: Buffer[] = [];
  const sink = new Writable({
    highWaterMark,
    write(chunk: Buffer, _encoding, callback) {
      received.push(Buffer.from(chunk));
      setImmediate(callback);
    },
  });
  return Object.assign(sink, { received });
}

function fileOf(bytes: number): { path: string; content: Buffer } {
  const content = randomBytes(bytes);
  const path = join(dir, `f-${bytes}-${Math.random()}`);
  writeFileSync(path, content);
  return { path, content };
}

const unlimited = () => new TokenBucket(null, Date.now);

describe('pumpFile', () => {
  it('sends exactly the file, reusing its buffers, and reports progress as writes complete', async () => {
    const { path, content } = fileOf(10 * 65_536 + 123);
    const sink = slowSink();
    const progress: number[] = [];
    let lastChunkAt = -1;
    await pumpFile(sink, {
      path,
      size: content.length,
      chunkSize: 65_536,
      bucket: unlimited(),
      signal: new AbortController().signal,
      onProgress: (bytes) => progress.push(bytes),
      lastChunk: () => {
        lastChunkAt = sink.received.length;
        return true;
      },
    });
    expect(Buffer.concat(sink.received).equals(content)).toBe(true);
    expect(progress.at(-1)).toBe(content.length);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    // Announced before the final piece was handed on.
    expect(lastChunkAt).toBe(sink.received.length - 1);
  });

  it('splits reads into slices of the bandwidth limit', async () => {
    const { path, content } = fileOf(100_000);
    const sink = slowSink();
    const bucket = new TokenBucket(40_000, Date.now);
    await pumpFile(sink, { path, size: content.length, chunkSize: 65_536, bucket, signal: new AbortController().signal, onProgress() {}, lastChunk: () => true });
    expect(Buffer.concat(sink.received).equals(content)).toBe(true);
    expect(Math.max(...sink.received.map((b) => b.length))).toBeLessThanOrEqual(bucket.sliceSize());
  });

  it('hands every piece to the content hash once, in file order, while its buffer still holds it', async () => {
    // More pieces than the pool of three, each read ahead while the one before is written (and,
    // under a limit, sent in slices): a piece hashed twice, out of turn, or from a buffer
    // already refilled shows here as bytes that are not the file's.
    const cases = [
      { content: fileOf(10 * 65_536 + 123), bucket: unlimited() },
      { content: fileOf(4 * 65_536 + 123), bucket: new TokenBucket(200_000, Date.now) },
    ];
    for (const { content: file, bucket } of cases) {
      const seen: Buffer[] = [];
      const sink = slowSink();
      await pumpFile(sink, {
        path: file.path,
        size: file.content.length,
        chunkSize: 65_536,
        bucket,
        signal: new AbortController().signal,
        onProgress() {},
        lastChunk: () => true,
        onRead: (bytes) => seen.push(Buffer.from(bytes)),
      });
      expect(Buffer.concat(seen).equals(file.content)).toBe(true);
      expect(seen.length).toBe(Math.ceil(file.content.length / 65_536));
      expect(Buffer.concat(sink.received).equals(file.content)).toBe(true);
    }
  });

  it('refuses a file that got shorter than it was when queued', async () => {
    const { path } = fileOf(200_000);
    truncateSync(path, 50_000);
    await expect(
      pumpFile(slowSink(), { path, size: 200_000, chunkSize: 65_536, bucket: unlimited(), signal: new AbortController().signal, onProgress() {}, lastChunk: () => true }),
    ).rejects.toBeInstanceOf(FileShrankError);
  });

  it('stops when aborted', async () => {
    const { path, content } = fileOf(5_000_000);
    const controller = new AbortController();
    const sink = slowSink(1024);
    const pumping = pumpFile(sink, { path, size: content.length, chunkSize: 65_536, bucket: unlimited(), signal: controller.signal, onProgress() {}, lastChunk: () => true });
    setImmediate(() => controller.abort(new Error('paused')));
    await expect(pumping).rejects.toThrow('paused');
    expect(Buffer.concat(sink.received).length).toBeLessThan(content.length);
  });
});

describe('pumpFile when the socket stops taking writes', () => {
  it('ends (and closes the file) once stopped, even with every buffer still out', async () => {
    const { path, content } = fileOf(2_000_000);
    const controller = new AbortController();
    // A socket that takes writes and never completes them (a server that stopped reading).
    const stuck = new Writable({ highWaterMark: 1 << 30, write() {} });
    const pumping = pumpFile(stuck, { path, size: content.length, chunkSize: 65_536, bucket: unlimited(), signal: controller.signal, onProgress() {}, lastChunk: () => true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort(new Error('the exchange ended'));
    await expect(pumping).rejects.toThrow('the exchange ended');
  });

  it('ends with the socket\'s failure when the socket is destroyed while the pump waits for room', async () => {
    const { path, content } = fileOf(2_000_000);
    // Takes the first write and never completes it: the pump waits for a drain that never comes.
    const stuck = new Writable({ highWaterMark: 1024, write() {} });
    stuck.on('error', () => {});
    const pumping = pumpFile(stuck, { path, size: content.length, chunkSize: 65_536, bucket: unlimited(), signal: new AbortController().signal, onProgress() {}, lastChunk: () => true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    stuck.destroy(new Error('connection reset'));
    await expect(pumping).rejects.toThrow();
  });
});

describe('pumpFile\'s listeners', () => {
  it('waits for the socket with one set of listeners for the whole file, and leaves none behind', async () => {
    const { path, content } = fileOf(40 * 65_536);
    const sink = slowSink(1024);
    const controller = new AbortController();
    const before = { drain: sink.listenerCount('drain'), close: sink.listenerCount('close'), abort: getEventListeners(controller.signal, 'abort').length };
    let most = 0;
    sink.on('drain', () => {
      most = Math.max(most, sink.listenerCount('drain'));
    });
    await pumpFile(sink, { path, size: content.length, chunkSize: 65_536, bucket: unlimited(), signal: controller.signal, onProgress() {}, lastChunk: () => true });
    expect(Buffer.concat(sink.received).equals(content)).toBe(true);
    // Its own listener and the one above, however many pieces waited for a drain.
    expect(most).toBe(before.drain + 2);
    expect(sink.listenerCount('drain')).toBe(before.drain + 1);
    expect(sink.listenerCount('close')).toBe(before.close);
    expect(getEventListeners(controller.signal, 'abort').length).toBe(before.abort);
  });
});
