// Operations 17, 20, 21: thumbnails and subtitles.
import { imageSize } from 'image-size';
import { readJson, readMultipart } from '../body.ts';
import type { Ctx, Routes } from '../core.ts';
import { download, DownloadError } from '../download.ts';
import { fail, MESSAGES } from '../errors.ts';
import { decodeText, sniffImage, sniffSubtitle } from '../sniff.ts';
import { normalizeVtt, srtToVtt } from '../srt.ts';
import type { Video } from '../state.ts';
import { bodyId, httpUrl, ID_RE, language as validLanguage } from '../validate.ts';
import { ownedVideo } from './videos.ts';

export const THUMB_MAX_WIDTH = 1600;
export const THUMB_MAX_HEIGHT = 1200;
export const THUMB_ATTEMPTS_PER_MINUTE = 3;
export const SUBTITLE_MAX_BYTES = 500 * 1024;
const THUMB_MAX_BYTES = 10 * 1024 * 1024;

function fieldId(fields: Record<string, string>): string {
  const id = fields.id;
  if (id === undefined || id === '') return fail('id is required');
  if (!ID_RE.test(id)) return fail('id must be 12 word characters');
  return id;
}

async function thumbnail(ctx: Ctx): Promise<unknown> {
  const form = await readMultipart(ctx.req, THUMB_MAX_BYTES);
  if (form.fields.action === 'delete') {
    const video = ownedVideo(ctx, fieldId(form.fields));
    delete video.thumbnail;
    return { url: '', message: 'Thumbnail deleted' };
  }
  if (form.fields.action !== undefined && form.fields.action !== '' && form.fields.action !== 'upload') {
    return fail('action must be delete, or omitted for an upload');
  }
  // Every upload attempt counts, valid or not; refused ones do not extend the lock-out.
  const now = ctx.core.clock();
  const attempts = ctx.account.thumbAttempts.filter((t) => now - t < 60_000);
  if (attempts.length >= THUMB_ATTEMPTS_PER_MINUTE) {
    ctx.account.thumbAttempts = attempts;
    return fail(`Too many thumbnail uploads: at most ${THUMB_ATTEMPTS_PER_MINUTE} per minute`);
  }
  attempts.push(now);
  ctx.account.thumbAttempts = attempts;
  if (ctx.core.brokenDeploy) return fail(MESSAGES.brokenDeploy);
  const video = ownedVideo(ctx, fieldId(form.fields));
  const file = form.file;
  if (!file || file.fieldName !== 'file') return fail('file is required');
  if (file.tooLarge) return fail('Image file is too large');
  const kind = sniffImage(file.bytes.subarray(0, 16));
  if (kind !== 'jpeg' && kind !== 'png') return fail('Thumbnail must be a JPEG or PNG image');
  let width: number;
  let height: number;
  try {
    const size = imageSize(file.bytes);
    width = size.width;
    height = size.height;
  } catch {
    return fail('Image could not be read');
  }
  if (width > THUMB_MAX_WIDTH || height > THUMB_MAX_HEIGHT) {
    return fail(`Thumbnail must be at most ${THUMB_MAX_WIDTH} x ${THUMB_MAX_HEIGHT} pixels (got ${width} x ${height})`);
  }
  video.thumbnail = { type: kind, width, height, bytes: file.bytes, version: (video.thumbnail?.version ?? 0) + 1 };
  return { url: ctx.core.videoUrls(video.id, video.thumbnail).thumbnail, message: 'Thumbnail updated' };
}

/** Accepts SRT or WebVTT by content and stores WebVTT. */
function storeSubtitle(ctx: Ctx, video: Video, lang: string, bytes: Buffer): unknown {
  const text = decodeText(bytes);
  const kind = text === undefined ? 'other' : sniffSubtitle(text);
  if (text === undefined || kind === 'other') return fail('Subtitle must be an SRT or WebVTT file');
  const vtt = kind === 'srt' ? srtToVtt(text) : normalizeVtt(text);
  const existing = video.subtitles.find((s) => s.language === lang);
  if (existing) existing.vtt = vtt;
  else video.subtitles.push({ language: lang, vtt });
  return { subtitle: { language: lang, url: `${ctx.core.baseUrl}/sub/${video.id}/${lang}.vtt` } };
}

async function subtitleFile(ctx: Ctx): Promise<unknown> {
  const form = await readMultipart(ctx.req, SUBTITLE_MAX_BYTES);
  if (ctx.core.brokenDeploy) return fail(MESSAGES.brokenDeploy);
  const id = fieldId(form.fields);
  const lang = validLanguage(form.fields.language);
  const video = ownedVideo(ctx, id);
  const file = form.file;
  if (!file || file.fieldName !== 'file') return fail('file is required');
  if (file.tooLarge) return fail('Subtitle file is larger than 500 KB');
  return storeSubtitle(ctx, video, lang, file.bytes);
}

async function subtitleUrl(ctx: Ctx): Promise<unknown> {
  const body = await readJson(ctx.req);
  const id = bodyId(body);
  const lang = validLanguage(body.language);
  const url = httpUrl(body.url);
  const video = ownedVideo(ctx, id);
  let bytes: Buffer;
  try {
    const result = await download(url, { timeoutMs: ctx.core.subtitleTimeoutMs, maxBytes: SUBTITLE_MAX_BYTES, keep: true });
    bytes = result.bytes ?? Buffer.alloc(0);
  } catch (e) {
    if (e instanceof DownloadError) return fail(`Subtitle download failed: ${e.message}`);
    throw e;
  }
  return storeSubtitle(ctx, video, lang, bytes);
}

export const mediaRoutes: Routes = {
  'POST /v1/videos/thumbnail': thumbnail,
  'POST /v1/subtitles/upload': subtitleFile,
  'POST /v1/subtitles/upload/url': subtitleUrl,
};
