// Subtitle tracks of the video in the details pane: attach a file or a URL.
import type { Subtitle } from '../../../../shared/model.ts';
import type { SubtitlePreview } from '../../../../shared/media.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';
import { accountLifecycle } from './account-lifecycle.ts';

export const MAX_SUBTITLE_BYTES = 500 * 1024;
/**
 * The 500 KB limit counts the UTF-8 bytes sent; a file in another encoding may be larger on
 * disk (UTF-16 up to twice), so only files that cannot fit in any encoding are refused here.
 */
export const MAX_SUBTITLE_SOURCE_BYTES = 2 * MAX_SUBTITLE_BYTES;
export const LANGUAGE_PATTERN = /^\w+$/;

/** Offered in the language field; any code matching ^\w+$ is accepted. */
export const COMMON_LANGUAGES: ReadonlyArray<{ code: string; name: string }> = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Spanish' },
  { code: 'fr', name: 'French' },
  { code: 'de', name: 'German' },
  { code: 'it', name: 'Italian' },
  { code: 'pt', name: 'Portuguese' },
  { code: 'pt_BR', name: 'Portuguese (Brazil)' },
  { code: 'nl', name: 'Dutch' },
  { code: 'pl', name: 'Polish' },
  { code: 'ru', name: 'Russian' },
  { code: 'uk', name: 'Ukrainian' },
  { code: 'tr', name: 'Turkish' },
  { code: 'ar', name: 'Arabic' },
  { code: 'hi', name: 'Hindi' },
  { code: 'id', name: 'Indonesian' },
  { code: 'ja', name: 'Japanese' },
  { code: 'ko', name: 'Korean' },
  { code: 'zh', name: 'Chinese' },
  { code: 'vi', name: 'Vietnamese' },
  { code: 'th', name: 'Thai' },
];

export function looksLikeSubtitle(file: File): boolean {
  return /\.(srt|vtt)$/i.test(file.name);
}

/** Checks that need no round trip; the core checks the content again. */
export function subtitleFileProblem(file: File): string | null {
  if (!looksLikeSubtitle(file)) return 'Choose an SRT or WebVTT file (.srt or .vtt).';
  if (file.size > MAX_SUBTITLE_SOURCE_BYTES) return 'This subtitle file is larger than 500 KB, the most the service takes.';
  return null;
}

export function languageProblem(language: string): string | null {
  if (!language.trim()) return 'Choose the language of the subtitles.';
  if (!LANGUAGE_PATTERN.test(language.trim())) return 'A language code is letters, digits or underscores, like en or pt_BR.';
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
