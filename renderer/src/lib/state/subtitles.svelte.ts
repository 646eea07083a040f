// Subtitle tracks of the video in the details pane: attach a file or a URL.
import type { Subtitle } from '../../../../shared/model.ts';
import type { SubtitlePreview } from '../../../../shared/media.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';
import { accountLifecycle } from './account-lifecycle.ts';
import { getLocale, m } from '../../../../shared/i18n/index.ts';

export const MAX_SUBTITLE_BYTES = 500 * 1024;
/**
 * The 500 KB limit counts the UTF-8 bytes sent; a file in another encoding may be larger on
 * disk (UTF-16 up to twice), so only files that cannot fit in any encoding are refused here.
 */
export const MAX_SUBTITLE_SOURCE_BYTES = 2 * MAX_SUBTITLE_BYTES;
export const LANGUAGE_PATTERN = /^\w+$/;

/** Offered in the language field; any code matching ^\w+$ is accepted. Named by Intl in the language in force. */
export const COMMON_LANGUAGES: readonly string[] = ['en', 'es', 'fr', 'de', 'it', 'pt', 'pt_BR', 'nl', 'pl', 'ru', 'uk', 'tr', 'ar', 'hi', 'id', 'ja', 'ko', 'zh', 'vi', 'th'];

/** "Portuguese (Brazil)" for pt_BR, in the window's language; the code itself when Intl has no name. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(getLocale(), { type: 'language', languageDisplay: 'standard' }).of(code.replace('_', '-')) ?? code;
  } catch {
    return code;
  }
}

export function looksLikeSubtitle(file: File): boolean {
  return /\.(srt|vtt)$/i.test(file.name);
}

/** Checks that need no round trip; the core checks the content again. */
export function subtitleFileProblem(file: File): string | null {
  if (!looksLikeSubtitle(file)) return m.tasks_subs_not_subtitle();
  if (file.size > MAX_SUBTITLE_SOURCE_BYTES) return m.tasks_subs_too_large();
  return null;
}

export function languageProblem(language: string): string | null {
  if (!language.trim()) return m.tasks_subs_language_missing();
  if (!LANGUAGE_PATTERN.test(language.trim())) return m.tasks_subs_language_invalid();
  return null;
}

export class Subtitles {
  videoId = $state<string | null>(null);
  items = $state.raw<Subtitle[]>([]);
  loading = $state(false);
  readonly #api: ApiClient;

  constructor(api: ApiClient = defaultApi) {
    this.#api = api;
  }

  async load(videoId: string): Promise<void> {
    if (this.videoId !== videoId) this.items = [];
    this.videoId = videoId;
    this.loading = true;
    try {
      const { items } = await this.#api.call('subtitles:list', { videoId });
      if (this.videoId === videoId) this.items = items;
    } finally {
      if (this.videoId === videoId) this.loading = false;
    }
  }

  /** What would be sent: encoding, repairs, first cues, the WebVTT the service stores. */
  async preview(file: File | string, encoding?: string): Promise<SubtitlePreview> {
    const path = typeof file === 'string' ? file : this.#api.pathForFile(file);
    return this.#api.call('subtitles:preview', { path, ...(encoding ? { encoding } : {}) });
  }

  /** `encoding` only when the person overrode the detected one. */
  async addFile(videoId: string, language: string, file: File | string, encoding?: string): Promise<Subtitle> {
    const path = typeof file === 'string' ? file : this.#api.pathForFile(file);
    return this.#added(await this.#api.call('subtitles:addFile', { videoId, language: language.trim(), path, ...(encoding ? { encoding } : {}) }));
  }

  async addUrl(videoId: string, language: string, url: string): Promise<Subtitle> {
    return this.#added(await this.#api.call('subtitles:addUrl', { videoId, language: language.trim(), url: url.trim() }));
  }

  #added(subtitle: Subtitle): Subtitle {
    if (subtitle.videoId === this.videoId) {
      this.items = [...this.items.filter((s) => s.language !== subtitle.language), subtitle];
    }
    return subtitle;
  }

  /** Back to the first state (sign-out, another account): nothing of the last one stays. */
  reset(): void {
    this.videoId = null;
    this.items = [];
    this.loading = false;
  }
}

export const subtitles = new Subtitles();
accountLifecycle.register({ name: 'subtitles', forget: () => subtitles.reset() });
