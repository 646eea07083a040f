// Frames from a local video played in a <video> element: where to take them, whether one is
// black, and capturing one as the thumbnail image the service takes (JPEG or PNG, at most
// 1600 x 1200, the aspect ratio kept).
import { m } from '../../../shared/i18n/index.ts';

export const MAX_THUMB_WIDTH = 1600;
export const MAX_THUMB_HEIGHT = 1200;
export const JPEG_QUALITY = 0.9;
/** Suggested frames, evenly spaced. */
export const SUGGESTIONS = 6;
/** Mean luma (0-255) of a small downscale below which a frame counts as black. */
export const BLACK_LUMA = 20;
/** The downscale the black check looks at. */
const PROBE_W = 32;
const PROBE_H = 18;

/** The size that fits within max x max, aspect ratio kept, never enlarged. */
export function fitWithin(width: number, height: number, maxWidth = MAX_THUMB_WIDTH, maxHeight = MAX_THUMB_HEIGHT): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** `count` times evenly spaced over the video: the middle of each of `count` equal slots. */
export function suggestionTimes(duration: number, count = SUGGESTIONS): number[] {
  if (!(duration > 0)) return [];
  return Array.from({ length: count }, (_, i) => (duration * (i + 0.5)) / count);
}

/** Where to look for a frame that is not black: the slot's middle, then later by quarter slots. */
export function blackSkipTimes(middle: number, slot: number, duration: number, tries = 4): number[] {
  return Array.from({ length: tries }, (_, k) => Math.min(Math.max(0, duration - 0.05), middle + (k * slot) / 4));
}

/** Mean luma (Rec. 601) of RGBA pixels. */
export function meanLuma(pixels: Uint8ClampedArray): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i + 3 < pixels.length; i += 4) {
    sum += 0.299 * (pixels[i] ?? 0) + 0.587 * (pixels[i + 1] ?? 0) + 0.114 * (pixels[i + 2] ?? 0);
    n++;
  }
  return n === 0 ? 0 : sum / n;
}

export function isBlackFrame(video: HTMLVideoElement): boolean {
  const canvas = document.createElement('canvas');
  canvas.width = PROBE_W;
  canvas.height = PROBE_H;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return false;
  context.drawImage(video, 0, 0, PROBE_W, PROBE_H);
  return meanLuma(context.getImageData(0, 0, PROBE_W, PROBE_H).data) < BLACK_LUMA;
}

/** Moves the video to `time` and waits until that frame can be drawn. */
export function seekTo(video: HTMLVideoElement, time: number, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(m.tasks_frame_seek_timeout())), timeoutMs);
    const finish = (error?: Error) => {
      clearTimeout(timer);
      video.removeEventListener('seeked', onSeeked);
      video.removeEventListener('error', onError);
      if (error) reject(error);
      else resolve();
    };
    const onSeeked = () => finish();
    const onError = () => finish(new Error(m.tasks_frame_seek_failed()));
    video.addEventListener('seeked', onSeeked);
    video.addEventListener('error', onError);
    video.currentTime = time;
  });
}

/** The frame shown now, at the video's size scaled to fit 1600 x 1200. */
export function captureFrame(video: HTMLVideoElement, type: 'jpeg' | 'png'): Promise<Blob> {
  const { width, height } = fitWithin(video.videoWidth, video.videoHeight);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error(m.tasks_frame_no_canvas()));
  context.drawImage(video, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(m.tasks_frame_not_encoded()))), `image/${type}`, JPEG_QUALITY),
  );
}

/** A small picture of the frame shown now, for the suggestion strip. */
export function frameSnapshot(video: HTMLVideoElement, width = 160): string {
  const { width: w, height: h } = fitWithin(video.videoWidth, video.videoHeight, width, width);
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  canvas.getContext('2d')?.drawImage(video, 0, 0, w, h);
  return canvas.toDataURL('image/jpeg', 0.8);
}

export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** "0:03.2": a position in the video with tenths, for the scrubber. */
export function formatPosition(seconds: number): string {
  const s = Math.max(0, seconds);
  const minutes = Math.floor(s / 60);
  const rest = (s - minutes * 60).toFixed(1).padStart(4, '0');
  return `${minutes}:${rest}`;
}
