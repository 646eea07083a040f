// The uploads' transfer thread as the packaged app runs it: the shell's builtTransferWorker
// finds the built script beside the main bundle (out/main/upload-transfer.js, npm run
// test:boot builds it) and a file goes through it to a file server on loopback (issue 33 §3).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtTransferWorker } from '../../electron/main/core-start.ts';
import { hashFile } from '../../electron/core/files/content-hash.ts';
import { TransferError } from '../../electron/core/uploads/transfer.ts';
import { sendFileHere, startTransferWorkerFromSource, useTransferWorker } from '../../electron/core/uploads/transfer-thread.ts';
import { startFileServerSink, transferInput, type FileServerSink } from '../support/file-server-sink.ts';

const outMain = join(import.meta.dirname, '../../out/main');
const dir = mkdtempSync(join(tmpdir(), 'vidlift-built-transfer-'));
let sink: FileServerSink;

beforeAll(async () => {
  sink = await startFileServerSink('p2v8n4c6x1qa');
});

afterAll(async () => {
  useTransferWorker(startTransferWorkerFromSource);
  await sink.close();
  rmSync(dir, { recursive: true, force: true });
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
    const sent = await sendFileHere(transferInput(sink.url, path, content.length, { onProgress: (bytes) => progress.push(bytes) }));
    expect(sent.fileCode).toBe('p2v8n4c6x1qa');
    expect(sink.received.body.indexOf(content)).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(content.length);
    expect(sent.digest).toEqual((await hashFile(path, { size: content.length }, ['xxh3-64']))![0]);
    const missing = await sendFileHere(transferInput(sink.url, join(dir, 'gone.mp4'), 10)).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(TransferError);
    expect((missing as TransferError).kind).toBe('file');
    // One thread serves both.
    expect(started).toBe(1);
  });

  it('is not offered where no script was built', () => {
    expect(builtTransferWorker(join(import.meta.dirname, '../../electron/main'))).toBeUndefined();
  });
});
