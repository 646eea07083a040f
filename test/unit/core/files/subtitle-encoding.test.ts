// Real subtitle files in the encodings people have, made here with iconv-lite: detection,
// conversion to UTF-8 with the text unchanged, the repairs, the preview, and the 500 KB rule
// applied after conversion.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { detectSubtitleEncoding } from '../../../../electron/core/files/subtitle-encoding.ts';
import { prepareSubtitleBytes, prepareSubtitleFile, SUBTITLE_MAX_SOURCE_BYTES } from '../../../../electron/core/files/subtitle-prepare.ts';
import { repairSubtitle, srtToVtt } from '../../../../electron/core/files/subtitle-repair.ts';
import { SUBTITLE_MAX_BYTES } from '../../../../electron/core/files/subtitle.ts';
import { AppError } from '../../../../shared/errors.ts';
import { tempDir } from './image-fixtures.ts';

const { dir, cleanup } = tempDir('vidlift-subenc-');
afterAll(cleanup);

function clock(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
}

function srt(...texts: string[]): string {
  return texts.map((text, i) => `${i + 1}\n${clock(i * 2 + 1)},000 --> ${clock(i * 2 + 2)},500\n${text}\n`).join('\n');
}

// Several cues of natural text per language: the detector needs some text to be sure.
const RUSSIAN = srt('Привет, мир! Как у тебя дела сегодня?', 'Это проверка субтитров в кодировке.', 'Съешь же ещё этих мягких французских булок.', 'Да выпей чаю, пожалуйста.');
const FRENCH = srt('Café crème, naïve façade — déjà vu.', 'Ça va très bien, merci beaucoup !', 'Où est la bibliothèque ? Près de l’hôtel.', 'Voilà, c’est fini.');
const CZECH = srt('Příliš žluťoučký kůň úpěl ďábelské ódy.', 'Zažij skvělé ďábelské dobrodružství.', 'Hleď, toto je šťastný den.', 'Děkuji, že jste přišli.');
const JAPANESE = srt('こんにちは、世界。これは字幕のテストです。', '今日はとても良い天気ですね。', 'ありがとうございました。また会いましょう。');
const CHINESE = srt('你好，世界。这是字幕测试。', '我们正在检查编码是否正确。', '谢谢大家，明天见。');
const GREEK = srt('Καλημέρα κόσμε, αυτό είναι μια δοκιμή.', 'Ευχαριστώ πολύ για την υπομονή σας.', 'Τα λέμε αύριο το πρωί.');
const KOREAN = srt('안녕하세요 세계. 이것은 자막 시험입니다.', '오늘 날씨가 정말 좋네요.', '감사합니다. 내일 봐요.');

const CASES: Array<{ encoding: string; text: string; bom?: boolean }> = [
  { encoding: 'windows-1251', text: RUSSIAN },
  { encoding: 'koi8-r', text: RUSSIAN },
  { encoding: 'windows-1252', text: FRENCH },
  { encoding: 'iso-8859-2', text: CZECH },
  { encoding: 'iso-8859-7', text: GREEK },
  { encoding: 'shift_jis', text: JAPANESE },
  { encoding: 'gb18030', text: CHINESE },
  { encoding: 'euc-kr', text: KOREAN },
  { encoding: 'utf-16le', text: RUSSIAN, bom: true },
  { encoding: 'utf-16be', text: JAPANESE, bom: true },
  { encoding: 'utf-16le', text: FRENCH },
  { encoding: 'utf-16be', text: CZECH },
  { encoding: 'utf-8', text: CHINESE, bom: true },
  { encoding: 'utf-8', text: GREEK },
];

describe('subtitle encodings', () => {
  for (const { encoding, text, bom } of CASES) {
    it(`detects ${encoding}${bom ? ' with a BOM' : ''} and converts it to the same text in UTF-8`, async () => {
      const bytes = iconv.encode(text, encoding, { addBOM: bom ?? false });
      const path = join(dir, `${encoding}${bom ? '-bom' : ''}.srt`);
      writeFileSync(path, bytes);
      expect(detectSubtitleEncoding(bytes).encoding).toBe(encoding);
      const prepared = await prepareSubtitleFile(path);
      expect(prepared.preview.encoding).toBe(encoding);
      expect(prepared.bytes.toString('utf8')).toBe(text);
      expect(prepared.size).toBe(Buffer.byteLength(text));
      expect(prepared.preview.cues[0]?.text).toBe(text.split('\n')[2]);
    });
  }

  it('reads with the encoding the person chose instead of the detected one', () => {
    const bytes = iconv.encode(RUSSIAN, 'windows-1251');
    const wrong = prepareSubtitleBytes(bytes, 'ru.srt', 'windows-1252');
    expect(wrong.preview.overridden).toBe(true);
    expect(wrong.preview.detectedEncoding).toBe('windows-1251');
    expect(wrong.bytes.toString('utf8')).not.toBe(RUSSIAN);
    expect(prepareSubtitleBytes(bytes, 'ru.srt', 'windows-1251').bytes.toString('utf8')).toBe(RUSSIAN);
  });

  it('refuses an encoding it does not offer', () => {
    expect(() => prepareSubtitleBytes(Buffer.from(RUSSIAN), 'ru.srt', 'ebcdic')).toThrow(/not a text encoding/);
  });

  it('applies the 500 KB limit to the UTF-8 bytes after conversion', () => {
    // 6,000 Russian cues: 421 KB in CP1251, 588 KB in UTF-8 (Cyrillic letters take two bytes there).
    const big = srt(...Array.from({ length: 6000 }, (_, i) => RUSSIAN.split('\n\n')[i % 4]?.split('\n')[2] ?? ''));
    const bytes = iconv.encode(big, 'windows-1251');
    expect(bytes.length).toBeLessThan(SUBTITLE_MAX_BYTES);
    const error = (() => {
      try {
        prepareSubtitleBytes(bytes, 'big.srt');
        return null;
      } catch (e) {
        return e as AppError;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect(error?.message).toContain(`“big.srt” is ${Math.ceil(Buffer.byteLength(big) / 1024)} KB after conversion to UTF-8; subtitle files can be at most 500 KB`);
    // An ASCII file in UTF-16 is 508 KB on disk and half that in UTF-8: the limit is on what is sent.
    const ascii = `1\n00:00:01,000 --> 00:00:02,000\n${'a'.repeat(260_000)}\n`;
    const utf16 = iconv.encode(ascii, 'utf-16le', { addBOM: true });
    expect(utf16.length).toBeGreaterThan(SUBTITLE_MAX_BYTES);
    expect(prepareSubtitleBytes(utf16, 'wide.srt').size).toBe(Buffer.byteLength(ascii));
  });

  it('refuses, unread, a source file that could not fit 500 KB in any encoding', async () => {
    const path = join(dir, 'huge.srt');
    writeFileSync(path, Buffer.alloc(SUBTITLE_MAX_SOURCE_BYTES + 1, 0x61));
    await expect(prepareSubtitleFile(path)).rejects.toThrow(/at most 500 KB/);
  });
});

describe('subtitle repairs', () => {
  it('removes byte-order marks, mixed line endings, wrong separators, missing blank lines and numbering gaps', () => {
    const broken = '\uFEFF3\r\n00:00:01.000 --> 00:00:02.000\r\nOne\n7\n00:00:03,000 --> 00:00:04,000\rTwo\r\n\n\n\n9\n0:00:05,5 --> 00:00:06,000\nThree\n';
    const { text, fixes } = repairSubtitle(broken, 'srt');
    expect(text).toBe('1\n00:00:01,000 --> 00:00:02,000\nOne\n\n2\n00:00:03,000 --> 00:00:04,000\nTwo\n\n3\n00:00:05,500 --> 00:00:06,000\nThree\n');
    expect(fixes).toEqual([
      'removed the byte-order mark',
      'made the mixed line endings uniform',
      'wrote 2 cue timings with commas (SRT)',
      'added 1 missing blank line between cues',
      'numbered the cues 1, 2, 3 … without gaps',
    ]);
  });

  it('leaves a clean SRT and a clean WebVTT as they are', () => {
    const clean = srt('One', 'Two');
    expect(repairSubtitle(clean, 'srt')).toEqual({ text: clean, fixes: [] });
    const vtt = 'WEBVTT\n\nintro\n00:00:01.000 --> 00:00:02.000 align:start\nOne\n\n00:00:03.000 --> 00:00:04.000\nTwo\n';
    expect(repairSubtitle(vtt, 'vtt')).toEqual({ text: vtt, fixes: [] });
  });

  it('writes WebVTT timings with periods, keeping cue identifiers and settings', () => {
    const { text, fixes } = repairSubtitle('WEBVTT\r\n\r\nintro\r\n00:01,000 --> 00:02,000 line:0\r\nOne\r\n', 'vtt');
    expect(text).toBe('WEBVTT\n\nintro\n00:01.000 --> 00:02.000 line:0\nOne\n');
    expect(fixes).toContain('wrote 1 cue timing with periods (WebVTT)');
  });

  it('keeps a first cue whose timing cannot be read, so the check still names it', () => {
    expect(() => prepareSubtitleBytes(Buffer.from('1\n00:00:01 --> 00:00:02\nOne\n\n2\n00:00:03,000 --> 00:00:04,000\nTwo\n'), 'bad.srt')).toThrow(
      /broken cue timing on line 2/,
    );
  });

  it('previews the SRT as the WebVTT the service stores', () => {
    const prepared = prepareSubtitleBytes(iconv.encode(RUSSIAN, 'windows-1251'), 'ru.srt');
    expect(prepared.preview.vtt).toBe(srtToVtt(RUSSIAN));
    expect(prepared.preview.vtt?.startsWith('WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nПривет, мир!')).toBe(true);
    expect(prepared.preview.cueCount).toBe(4);
    expect(prepared.preview.cues[1]).toEqual({ index: 2, start: '00:00:03,000', end: '00:00:04,500', text: 'Это проверка субтитров в кодировке.' });
  });
});
