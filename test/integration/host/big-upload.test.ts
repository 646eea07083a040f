import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost } from '../../host/index.ts';
import type { Host } from '../../host/index.ts';
import { uploadFile, uploadTarget } from './helpers.ts';

const GIB = 1024 * 1024 * 1024;
const TOTAL = 2 * GIB;
const BLOCK = randomBytes(1024 * 1024);
let progress: (sent: number) => void = () => {};

let host: Host;
beforeAll(async () => {
  host = await startHost({});
});
afterAll(() => host.close());

/** Streams a multipart body of TOTAL file bytes from a generator, with Content-Length and backpressure. */
async function streamUpload(url: string, session: string): Promise<{ status: number; text: string; sha256: string }> {
  const boundary = '----vidliftBigUpload';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="sess_id"\r\n\r\n${session}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const req = request(url, {
    method: 'POST',
    agent: false,
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': head.length + TOTAL + tail.length },
  });
  const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
  });
  const hash = createHash('sha256');
  req.write(head);
  for (let sent = 0; sent < TOTAL; sent += BLOCK.length) {
    hash.update(BLOCK);
    progress(sent);
    if (!req.write(BLOCK)) await once(req, 'drain');
  }
  req.end(tail);
  return { ...(await response), sha256: hash.digest('hex') };
}

describe('2 GiB upload through the file server', () => {
  it('streams in flat memory and records size and sha256', async () => {
    // Warm up first (the hashing worker starts on the first upload): the baseline is steady state.
    expect((await uploadFile(await uploadTarget(host), Buffer.alloc(4 * 1024 * 1024, 1), 'warm.bin')).status).toBe(200);
    const target = await uploadTarget(host);
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    let firstHalfPeak = baseline;
    let sentSoFar = 0;
    progress = (n) => {
      sentSoFar = n;
    };
    const sampler = setInterval(() => {
      const rss = process.memoryUsage().rss;
      peak = Math.max(peak, rss);
      if (sentSoFar < TOTAL / 2) firstHalfPeak = Math.max(firstHalfPeak, rss);
    }, 50);
    const t0 = Date.now();
    let result: { status: number; text: string; sha256: string };
    try {
      result = await streamUpload(target.url, target.session);
    } finally {
      clearInterval(sampler);
    }
    const seconds = (Date.now() - t0) / 1000;
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(result.status).toBe(200);
    const reply = JSON.parse(result.text) as { result: Array<{ filecode: string; size: number }> };
    expect(reply.result[0]?.size).toBe(TOTAL);
    const video = host.control.videos().find((v) => v.id === reply.result[0]?.filecode);
    expect(video).toMatchObject({ name: 'big.bin', size: TOTAL, sha256: result.sha256 });
    const growthMiB = (peak - baseline) / 1024 / 1024;
    const lateGrowthMiB = (peak - firstHalfPeak) / 1024 / 1024;
    console.log(`2 GiB in ${seconds.toFixed(1)} s (${(2048 / seconds).toFixed(0)} MiB/s, host and client hashing in one process), RSS growth ${growthMiB.toFixed(1)} MiB, second half ${lateGrowthMiB.toFixed(1)} MiB`);
    // Socket read buffers are freed by GC, which V8 triggers after ~64 MiB of external
    // memory: so the bound is about that, and memory must not keep growing in the second half.
    expect(growthMiB).toBeLessThan(96);
    expect(lateGrowthMiB).toBeLessThan(32);
  }, 120_000);
});
