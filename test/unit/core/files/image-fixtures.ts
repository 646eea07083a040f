// Generated image and subtitle fixtures for the file-check tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makePng } from '../../../host/png.ts';

export function tempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A real grey RGB PNG of the given size (the sandbox host's own PNG writer). */
export function png(width: number, height: number): Buffer {
  return makePng(width, height, [0x80, 0x80, 0x80]);
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
