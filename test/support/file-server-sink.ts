// A file server on loopback that takes any upload and answers OK with one file code, and a
// transfer's input for it: what the transfer thread's tests (test/integration/uploads,
// test/boot) send files to; the proxy bench sends its transfers with the same input.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TokenBucket } from '../../electron/core/uploads/throttle.ts';
import type { TransferInput } from '../../electron/core/uploads/transfer.ts';

export interface FileServerSink {
  /** The upload URL (a file server's /upload/01). */
  url: string;
  /** Body bytes of the latest request so far, and its whole body once it ended. */
  received: { bytes: number; body: Buffer };
  close(): Promise<void>;
}

export async function startFileServerSink(fileCode: string): Promise<FileServerSink> {
  const received = { bytes: 0, body: Buffer.alloc(0) };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    received.bytes = 0;
    req.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received.bytes += chunk.length;
    });
    req.on('end', () => {
      received.body = Buffer.concat(chunks);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: 200, msg: 'OK', result: [{ filecode: fileCode, title: 'clip' }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload/01`,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A transfer of the file at `path` to `url`, unthrottled, with XXH3 and callbacks that do nothing unless given. */
export function transferInput(url: string, path: string, size: number, more: Partial<TransferInput> = {}): TransferInput {
  return {
    url,
    session: 'a1b2c3d4e5f6',
    folderId: 0,
    path,
    fileName: 'clip.mp4',
    contentType: 'video/mp4',
    size,
    bucket: new TokenBucket(null, Date.now),
    signal: new AbortController().signal,
    onProgress: () => {},
    onLastChunk: () => {},
    onBodySent: () => {},
    sendStallMs: 5_000,
    replyTimeoutMs: 5_000,
    hash: 'xxh3-64',
    ...more,
  };
}
