// Content checks: the service decides by bytes, never by file name or declared type.
export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'other';

export function sniffImage(head: Uint8Array): ImageKind {
  const b = (i: number): number => head[i] ?? -1;
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47 && b(4) === 0x0d && b(5) === 0x0a && b(6) === 0x1a && b(7) === 0x0a) return 'png';
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpeg';
  if (b(0) === 0x47 && b(1) === 0x49 && b(2) === 0x46 && b(3) === 0x38) return 'gif';
  if (b(0) === 0x52 && b(1) === 0x49 && b(2) === 0x46 && b(3) === 0x46 && b(8) === 0x57 && b(9) === 0x45) return 'webp';
  return 'other';
}

export type SubtitleKind = 'vtt' | 'srt' | 'other';

const SRT_CUE = /^\d+[ \t]*\r?\n[ \t]*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}[ \t]+-->[ \t]+\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}/;

export function sniffSubtitle(text: string): SubtitleKind {
  const t = text.replace(/^\uFEFF/, '');
  if (/^WEBVTT(?:[ \t][^\r\n]*)?(?:\r?\n|$)/.test(t)) return 'vtt';
  if (SRT_CUE.test(t.replace(/^\s+/, ''))) return 'srt';
  return 'other';
}

/** Strict UTF-8 decode; binary junk is not a subtitle. */
export function decodeText(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
