// Shared helpers for the client's integration tests: a tiny recording HTTP server on
// loopback (a "foreign" origin, a subtitle source) and files in a temp folder.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { ServiceError } from '../../../electron/core/api/errors.ts';

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface TinyServer {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

/** Answers every request with `reply` (default: 200 and a small SRT) and records its headers. */
export async function startTinyServer(reply?: { status: number; type: string; body: string }): Promise<TinyServer> {
  const requests: Recorded[] = [];
  const answer = reply ?? { status: 200, type: 'application/x-subrip', body: '1\n00:00:01,000 --> 00:00:02,000\nHello\n' };
  const server: Server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    res.writeHead(answer.status, { 'content-type': answer.type, 'content-length': Buffer.byteLength(answer.body) });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function tempDir(prefix: string): { dir: string; cleanup(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The ServiceError a call ended with (the test fails if it succeeded or threw something else). */
export async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}
