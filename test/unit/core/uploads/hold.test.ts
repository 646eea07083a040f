// A pause that keeps the connection, on the pump: while held no slice is written (the file
// is not read further than the buffers already out), the same pump goes on after release
// with every byte once and in order, and once the last slice is through a pause cannot hold.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { pumpFile } from '../../../../electron/core/uploads/pump.ts';
import { TokenBucket } from '../../../../electron/core/uploads/throttle.ts';
import { TransferHold } from '../../../../electron/core/uploads/hold.ts';

const dir = mkdtempSync(join(tmpdir(), 'vidlift-hold-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function sink(): Writable & { received: Buffer[] } {
  const received: Buffer[] = [];
  const writable = new Writable({
    highWaterMark: 64 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      received.push(Buffer.from(chunk));
      setImmediate(callback);
    },
  });
  return Object.assign(writable, { received });
}

const ticks = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('TransferHold on the pump', () => {
  it('writes nothing while held and goes on after release with every byte once, in order', async () => {
    const content = randomBytes(40 * 16_384);
    const path = join(dir, 'held');
    writeFileSync(path, content);
    const out = sink();
    const hold = new TransferHold();
    const changes: boolean[] = [];
    hold.onChange((held) => changes.push(held));
    // A limit slices the file finely, so the hold lands mid-file.
    const bucket = new TokenBucket(16_384 * 40, Date.now);
    let progress = 0;
    const pumping = pumpFile(out, { path, size: content.length, chunkSize: 65_536, bucket, signal: new AbortController().signal, onProgress: (b) => (progress = b), lastChunk: () => true, hold });
    while (progress === 0) await ticks(1);
    expect(hold.hold()).toBe(true);
    await ticks(20);
    const whileHeld = out.received.length;
    await ticks(50);
    expect(out.received.length).toBe(whileHeld);
    expect(Buffer.concat(out.received).length).toBeLessThan(content.length);
    hold.release();
    await pumping;
    expect(Buffer.concat(out.received).equals(content)).toBe(true);
    expect(changes).toEqual([true, false]);
  });

  it('a held pump still stops when aborted', async () => {
    const content = randomBytes(300_000);
    const path = join(dir, 'aborted');
    writeFileSync(path, content);
    const hold = new TransferHold();
    hold.hold();
    const controller = new AbortController();
    const pumping = pumpFile(sink(), { path, size: content.length, chunkSize: 65_536, bucket: new TokenBucket(null, Date.now), signal: controller.signal, onProgress() {}, lastChunk: () => true, hold });
    await ticks(5);
    controller.abort(new Error('cancelled'));
    await expect(pumping).rejects.toThrow('cancelled');
  });

  it('a pause that comes as the last slice is asked for holds it; the slice is asked for again once released', async () => {
    const content = randomBytes(10_000);
    const path = join(dir, 'sealed');
    writeFileSync(path, content);
    const out = sink();
    const hold = new TransferHold();
    const asked: number[] = [];
    const pumping = pumpFile(out, {
      path,
      size: content.length,
      chunkSize: 65_536,
      bucket: new TokenBucket(null, Date.now),
      signal: new AbortController().signal,
      onProgress() {},
      // The first time, a pause has just come (as the main thread answers the transfer thread).
      lastChunk: () => {
        asked.push(out.received.length);
        if (asked.length === 1) return !hold.hold();
        hold.seal();
        return true;
      },
      hold,
    });
    for (let tick = 0; asked.length === 0 && tick < 10_000; tick++) await ticks(1);
    await ticks(20);
    expect(asked).toEqual([0]);
    expect(out.received.length).toBe(0);
    hold.release();
    await pumping;
    expect(asked).toEqual([0, 0]);
    expect(Buffer.concat(out.received).equals(content)).toBe(true);
    expect(hold.hold()).toBe(false);
  });
});
