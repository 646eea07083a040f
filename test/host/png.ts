// Generates real PNG files in code: the demo thumbnails the host serves (they must load
// in a browser) and test fixtures of exact dimensions.
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** An RGB PNG; `shade` draws a diagonal gradient so thumbnails are not flat blocks. */
export function makePng(width: number, height: number, rgb: [number, number, number], shade = false): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    const base = y * row;
    raw[base] = 0;
    for (let x = 0; x < width; x++) {
      const f = shade ? 0.55 + (0.45 * (x + y)) / (width + height) : 1;
      const p = base + 1 + x * 3;
      raw[p] = Math.round(rgb[0] * f);
      raw[p + 1] = Math.round(rgb[1] * f);
      raw[p + 2] = Math.round(rgb[2] * f);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A deterministic colour per video id, so a library grid looks varied but stable. */
export function colorFor(id: string): [number, number, number] {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  const hue = (h >>> 0) % 360;
  const s = 0.55;
  const l = 0.5;
  const k = (n: number): number => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))));
  return [f(0), f(8), f(4)];
}
