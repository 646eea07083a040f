// How the facts of a local video file read in the queue and the details pane:
// "2:05 · 1920 × 1080 · AVC / AAC · 6.6 Mbit/s".
import type { MediaInfo } from '../../../shared/media.ts';
import { getLocale, m } from '../../../shared/i18n/index.ts';

/** A length as a clock: 0:07, 2:05, 1:02:03. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor(s / 60) % 60;
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** 6565490 → "6.6 Mbit/s", 381367 → "381 kbit/s": the number in the language's own digits and separators. */
export function formatBitrate(bitsPerSecond: number): string {
  if (bitsPerSecond >= 1_000_000) {
    const rate = new Intl.NumberFormat(getLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bitsPerSecond / 1_000_000);
    return m.tasks_bitrate_mbit({ rate });
  }
  return m.tasks_bitrate_kbit({ rate: new Intl.NumberFormat(getLocale()).format(Math.max(1, Math.round(bitsPerSecond / 1000))) });
}

/** The facts that are known, joined; null when none is. */
export function describeMedia(media: MediaInfo | null | undefined): string | null {
  if (!media) return null;
  const codecs = [media.videoCodec, media.audioCodec].filter((c): c is string => c !== null).join(' / ');
  const parts = [
    media.durationSeconds !== null ? formatClock(media.durationSeconds) : null,
    media.width !== null && media.height !== null ? `${media.width} × ${media.height}` : null,
    codecs || null,
    media.bitrate !== null ? formatBitrate(media.bitrate) : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
}
