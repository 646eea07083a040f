// The uploads' transfer thread as the packaged app runs it: the shell's builtTransferWorker
// finds the built script beside the main bundle (out/main/upload-transfer.js, npm run
// test:boot builds it) and a file goes through it to a file server on loopback (issue 33 §3).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtTransferWorker } from '../../electron/main/core-start.ts';
import { hashFile } from '../../electron/core/files/content-hash.ts';
import { TokenBucket } from '../../electron/core/uploads/throttle.ts';
import { TransferError } from '../../electron/core/uploads/transfer.ts';
import { sendFileHere, startTransferWorkerFromSource, useTransferWorker } from '../../electron/core/uploads/transfer-thread.ts';

const outMain = join(import.meta.dirname, '../../out/main');
const dir = mkdtempSync(join(tmpdir(), 'vidlift-built-transfer-'));
let server: Server;
let url: string;
let body = Buffer.alloc(0);

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      body = Buffer.concat(chunks);
      res.end(JSON.stringify({ status: 200, msg: 'OK', result: [{ filecode: 'p2v8n4c6x1qa', title: 'clip' }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload/01`;
});

afterAll(async () => {
  useTransferWorker(startTransferWorkerFromSource);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const input = (path: string, size: number, progress: number[]) => ({
  url,
  session: 'b7c8d9e0f1a2',
  folderId: 0,
  path,
  fileName: 'clip.mp4',
  contentType: 'video/mp4',
  size,
  bucket: new TokenBucket(null, Date.now),
  signal: new AbortController().signal,
  onProgress: (bytes: number) => progress.push(bytes),
  onLastChunk: () => {},
  onBodySent: () => {},
  sendStallMs: 5_000,
  replyTimeoutMs: 5_000,
  hash: 'xxh3-64' as const,
});

describe('the built transfer thread', () => {
  it('sends a file through out/main/upload-transfer.js, with its digest, and fails a missing file as a file problem', async () => {
    const start = builtTransferWorker(outMain);
    expect(start).toBeDefined();
    let started = 0;
    useTransferWorker((options) => {
      started++;
      return start!(options);
    });
    const path = join(dir, 'clip.mp4');
    const content = randomBytes(2 * 1024 * 1024 + 99);
    writeFileSync(path, content);
    const progress: number[] = [];
    const sent = await sendFileHere(input(path, content.length, progress));
    expect(sent.fileCode).toBe('p2v8n4c6x1qa');
    expect(body.indexOf(content)).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(content.length);
    expect(sent.digest).toEqual((await hashFile(path, { size: content.length }, ['xxh3-64']))![0]);
    const missing = await sendFileHere(input(join(dir, 'gone.mp4'), 10, [])).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(TransferError);
    expect((missing as TransferError).kind).toBe('file');
    // One thread serves both.
    expect(started).toBe(1);
  });

  it('is not offered where no script was built', () => {
    expect(builtTransferWorker(join(import.meta.dirname, '../../electron/main'))).toBeUndefined();
  });
});
