// The thumbnail queue: the service takes 3 per minute, so replacements wait their turn and
// the window counts down to the next slot.
import type { ImageCheck, ThumbnailQueue } from '../../../../shared/model.ts';
import { THUMBNAIL_MAX } from '../../../../shared/thumbnail-size.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';
import { baseName } from '../format.ts';
import type { MethodInput } from '../../../../shared/contract.ts';
import { accountLifecycle } from './account-lifecycle.ts';
import { m } from '../../../../shared/i18n/index.ts';

export const MAX_THUMB_WIDTH = THUMBNAIL_MAX.width;
export const MAX_THUMB_HEIGHT = THUMBNAIL_MAX.height;

/** An image proposed for a video: checked locally, previewed, not sent yet. */
export interface ThumbnailDraft {
  videoId: string;
  path: string;
  name: string;
  /** Object URL of a dropped File; null for a path picked in the native dialog. */
  previewUrl: string | null;
  check: ImageCheck | null;
  /** Why it cannot be used (wrong type, too large), in words. */
  problem: string | null;
  checking: boolean;
}

/**
 * Any image, not only the kinds the service takes: a WebP or GIF dropped on a thumbnail
 * gets the thumbnail check's own answer (JPEG or PNG only), never the upload queue's
 * "not a video file".
 */
export function looksLikeImage(file: File): boolean {
  return /^image\//.test(file.type) || /\.(png|jpe?g|webp|gif|bmp|tiff?|heic|heif|avif)$/i.test(file.name);
}

export class Thumbnails {
  draft = $state<ThumbnailDraft | null>(null);
  queue = $state.raw<ThumbnailQueue>({ waiting: 0, nextSlotAt: null });
  /** Ticks once a second while something waits, to drive the countdown. */
  now = $state(Date.now());
  readonly #api: ApiClient;
  readonly #clock: () => number;
  #ticker: ReturnType<typeof setInterval> | undefined;

  constructor(api: ApiClient = defaultApi, clock: () => number = Date.now) {
    this.#api = api;
    this.#clock = clock;
  }

  /** Whole seconds until the next upload may go; null when nothing waits. */
  get secondsToNextSlot(): number | null {
    const at = this.queue.nextSlotAt;
    if (at === null || this.queue.waiting === 0) return null;
    return Math.max(0, Math.ceil((at - this.now) / 1000));
  }

  async load(): Promise<void> {
    this.#apply(await this.#api.call('videos:thumbnailQueue'));
  }

  start(): () => void {
    const off = this.#api.on('thumbnails:changed', (q) => this.#apply(q));
    return () => {
      off();
      this.#stopTicker();
    };
  }

  /** Proposes a dropped or picked image for a video and checks it before anything is sent. */
  async propose(videoId: string, source: { file: File } | { path: string }): Promise<void> {
    this.discard();
    const path = 'file' in source ? this.#api.pathForFile(source.file) : source.path;
    const name = 'file' in source ? source.file.name : baseName(path);
    const previewUrl = 'file' in source && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(source.file) : null;
    this.draft = { videoId, path, name, previewUrl, check: null, problem: null, checking: true };
    const draft = this.draft;
    try {
      const check = await this.check(path);
      if (this.draft !== draft) return;
      const tooLarge = check.width > MAX_THUMB_WIDTH || check.height > MAX_THUMB_HEIGHT;
      this.draft = {
        ...draft,
        check,
        checking: false,
        problem: tooLarge ? m.tasks_thumb_too_large({ size: `${check.width} × ${check.height}`, most: `${MAX_THUMB_WIDTH} × ${MAX_THUMB_HEIGHT}` }) : null,
      };
    } catch (error) {
      if (this.draft !== draft) return;
      const message = error instanceof Error ? error.message : String(error);
      this.draft = { ...draft, checking: false, problem: message || m.tasks_thumb_not_image() };
    }
  }

  /** Queues the checked draft; the service's rate limit decides when it goes. */
  async confirm(): Promise<void> {
    const draft = this.draft;
    if (!draft || draft.problem || !draft.check) return;
    await this.replace(draft.videoId, draft.path);
    this.discard();
  }

  discard(): void {
    if (this.draft?.previewUrl) URL.revokeObjectURL(this.draft.previewUrl);
    this.draft = null;
  }

  /** Type and size checked locally before anything is sent. */
  check(path: string): Promise<ImageCheck> {
    return this.#api.call('videos:checkThumbnail', { path });
  }

  async replace(videoId: string, path: string): Promise<void> {
    this.#apply(await this.#api.call('videos:setThumbnail', { id: videoId, path }));
  }

  /** A frame taken from the video itself (base64 image bytes), through the same checks and queue as a picked image. */
  async replaceWithFrame(videoId: string, type: MethodInput<'videos:setThumbnailFrame'>['type'], data: string): Promise<void> {
    this.#apply(await this.#api.call('videos:setThumbnailFrame', { id: videoId, type, data }));
  }

  async remove(videoId: string): Promise<void> {
    this.#apply(await this.#api.call('videos:deleteThumbnail', { id: videoId }));
  }

  #apply(queue: ThumbnailQueue): void {
    this.queue = queue;
    this.now = this.#clock();
    if (queue.waiting > 0 && queue.nextSlotAt !== null) this.#startTicker();
    else this.#stopTicker();
  }

  #startTicker(): void {
    if (this.#ticker !== undefined) return;
    this.#ticker = setInterval(() => (this.now = this.#clock()), 1000);
  }

  #stopTicker(): void {
    clearInterval(this.#ticker);
    this.#ticker = undefined;
  }

  /** Back to the first state (sign-out, another account): nothing of the last one stays. */
  reset(): void {
    this.#stopTicker();
    this.draft = null;
    this.queue = { waiting: 0, nextSlotAt: null };
    this.now = this.#clock();
  }
}

export const thumbnails = new Thumbnails();
accountLifecycle.register({
  name: 'thumbnails',
  follow: () => thumbnails.start(),
  load: { title: m.tasks_load_thumbnails_failed, run: () => thumbnails.load() },
  forget: () => thumbnails.reset(),
});
