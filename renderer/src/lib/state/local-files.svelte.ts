// The local file each video was uploaded from (when it was uploaded from this machine), asked
// once per video and kept: the details pane shows its length, the thumbnail panel plays it.
import { SvelteMap } from 'svelte/reactivity';
import type { MethodOutput } from '../../../../shared/contract.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';
import { accountLifecycle } from './account-lifecycle.ts';

export type LocalVideoFile = NonNullable<MethodOutput<'videos:localFile'>['file']>;

export class LocalFiles {
  /** videoId -> the file, or null when it was not uploaded from here; absent while unknown. */
  readonly byVideo = new SvelteMap<string, LocalVideoFile | null>();
  readonly #api: ApiClient;

  constructor(api: ApiClient = defaultApi) {
    this.#api = api;
  }

  async load(videoId: string): Promise<LocalVideoFile | null> {
    const known = this.byVideo.get(videoId);
    if (known !== undefined) return known;
    const { file } = await this.#api.call('videos:localFile', { id: videoId });
    this.byVideo.set(videoId, file);
    return file;
  }

  /** Back to the first state (sign-out, another account): nothing of the last one stays. */
  reset(): void {
    this.byVideo.clear();
  }
}

export const localFiles = new LocalFiles();
accountLifecycle.register({ name: 'local files', forget: () => localFiles.reset() });
