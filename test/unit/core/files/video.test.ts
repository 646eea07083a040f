import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasVideoExtension, sniffVideo, sniffVideoFileBlocking, videoContentType } from '../../../../electron/core/files/video.ts';

const hex = (text: string): Uint8Array => Buffer.from(text.replace(/\s/g, ''), 'hex');

describe('sniffVideo', () => {
  it('recognises the common containers by their first bytes', () => {
    expect(sniffVideo(hex('00000020 66747970 69736f6d 00000200'))).toBe('mp4');
    expect(sniffVideo(hex('00000014 66747970 71742020 00000000'))).toBe('mov');
    expect(sniffVideo(hex('00000014 66747970 33677034 00000000'))).toBe('3gp');
    expect(sniffVideo(Buffer.concat([hex('1a45dfa3 9f4286 81 01 4282 84'), Buffer.from('webm')]))).toBe('webm');
    expect(sniffVideo(Buffer.concat([hex('1a45dfa3 a34286 81 01 4282 88'), Buffer.from('matroska')]))).toBe('matroska');
    expect(sniffVideo(Buffer.concat([Buffer.from('RIFF'), hex('00000000'), Buffer.from('AVI LIST')]))).toBe('avi');
    expect(sniffVideo(Buffer.concat([Buffer.from('FLV'), hex('01 05')]))).toBe('flv');
    expect(sniffVideo(hex('3026b275 8e66cf11 a6d900aa 0062ce6c'))).toBe('asf');
    expect(sniffVideo(hex('000001ba 44000400'))).toBe('mpeg-ps');
    expect(sniffVideo(Buffer.from('OggS\0\x02'))).toBe('ogg');
    const ts = Buffer.alloc(188 * 3);
    ts[0] = 0x47;
    ts[188] = 0x47;
    ts[376] = 0x47;
    expect(sniffVideo(ts)).toBe('mpeg-ts');
  });

  it('says null for anything else', () => {
    expect(sniffVideo(Buffer.from('this is a text file renamed to .mp4'))).toBeNull();
    expect(sniffVideo(hex('89504e47 0d0a1a0a'))).toBeNull();
    expect(sniffVideo(hex('ffd8ffe0'))).toBeNull();
    expect(sniffVideo(new Uint8Array(0))).toBeNull();
    expect(sniffVideo(Buffer.concat([Buffer.from('RIFF'), hex('00000000'), Buffer.from('WAVE')]))).toBeNull();
  });

  it('reads the head of a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vidlift-sniff-'));
    try {
      writeFileSync(join(dir, 'v'), Buffer.concat([hex('00000020 66747970 69736f6d'), Buffer.alloc(10_000)]));
      writeFileSync(join(dir, 't.mp4'), 'hello');
      expect(sniffVideoFileBlocking(join(dir, 'v'))).toBe('mp4');
      expect(sniffVideoFileBlocking(join(dir, 't.mp4'))).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('knows video extensions and content types', () => {
    expect(hasVideoExtension('/a/B.MKV')).toBe(true);
    expect(hasVideoExtension('/a/b.txt')).toBe(false);
    expect(hasVideoExtension('/a/mp4')).toBe(false);
    expect(videoContentType('mp4')).toBe('video/mp4');
    expect(videoContentType(null)).toBe('application/octet-stream');
  });
});
