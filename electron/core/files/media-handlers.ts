// media:open and media:release: lending a local video to the page for playback (see
// media-tokens.ts). Only a path the person granted, or the file a video was uploaded from
// on this machine, is lent, and only when its content is a video container.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { AppError } from '../../../shared/errors.ts';
import type { Handlers } from '../rpc/dispatch.ts';
import type { MediaTokens } from './media-tokens.ts';
import { sniffVideoFile } from './video.ts';

/** The scheme the Electron shell serves lent videos on (electron/main/media-protocol.ts). */
export const MEDIA_SCHEME = 'vidlift-media';
export const MEDIA_HOST = 'local';

export function electronMediaUrl(token: string): string {
  return `${MEDIA_SCHEME}://${MEDIA_HOST}/${token}`;
}

export interface MediaHandlerDeps {
  tokens: MediaTokens;
  /** Whether the page may have this file played: granted, or uploaded from here. */
  mayLend: (path: string) => boolean;
  /** The URL the host serves a token on. */
  url: (token: string) => string;
}

function refuse(message: string): never {
  throw new AppError('validation', message, { retryable: false });
}

export function createMediaHandlers(deps: MediaHandlerDeps): Pick<Handlers, 'media:open' | 'media:release'> {
  return {
    'media:open': async ({ path }) => {
      const name = basename(path);
      if (!deps.mayLend(path)) refuse('Vidlift may only play files you picked, dropped or uploaded from this computer. Choose the video again.');
      let isFile = false;
      try {
        isFile = (await stat(path)).isFile();
      } catch {
        refuse(`There is no file “${name}” any more; it may have been moved or deleted.`);
      }
      if (!isFile) refuse(`“${name}” is not a file.`);
      let kind;
      try {
        kind = await sniffVideoFile(path);
      } catch {
        refuse(`“${name}” cannot be read.`);
      }
      if (kind === null) refuse(`“${name}” is not a video file.`);
      return { url: deps.url(deps.tokens.issue(path)), name };
    },
    'media:release': ({ url }) => {
      const token = url.split('/').pop() ?? '';
      deps.tokens.release(token);
      return { ok: true as const };
    },
  };
}
