// Generated image and subtitle fixtures for the file-check tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

export function tempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A real grey RGB PNG of the given size. */
export function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const raw = Buffer.alloc((1 + width * 3) * height, 0x80);
  for (let y = 0; y < height; y++) raw[y * (1 + width * 3)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG's structure: SOI, APP0, SOF0 (the size), SOS, scan bytes, EOI. */
export function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  const sos = Buffer.from([0xff, 0xda, 0x00, 0x0c, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3f, 0x00]);
  const scan = Buffer.alloc(2048, 0x55);
  scan[100] = 0xff; // a stuffed 0xFF in entropy data is followed by 0x00
  scan[101] = 0x00;
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, sos, scan, Buffer.from([0xff, 0xd9])]);
}

export function gif(width: number, height: number): Buffer {
  const b = Buffer.from('GIF89a\0\0\0\0\0\0\0;', 'latin1');
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  return b;
}

export const SRT = `1
00:00:01,000 --> 00:00:04,000
Hello there.

2
00:00:05,500 --> 00:00:07,250
General Kenobi!
`;

export const VTT = `WEBVTT

00:01.000 --> 00:04.000
Hello there.

01:00:05.500 --> 01:00:07.250 align:start
General Kenobi!
`;
