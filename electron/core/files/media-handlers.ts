// media:open and media:release: lending a local video to the page for playback (see
// media-tokens.ts). Only a path the person granted, or the file a video was uploaded from
// on this machine, is lent, and only when its content is a video container.
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import { AppError } from '../../../shared/errors.ts';
import { said, type Said } from '../../../shared/said.ts';
import type { Handlers } from '../rpc/dispatch.ts';
import { identityOf } from './file-identity.ts';
import type { LentFile, MediaTokens } from './media-tokens.ts';
import { sniffVideo, SNIFF_BYTES } from './video.ts';

/** O_NONBLOCK: a path swapped for a pipe never hangs the open. */
const READ_NO_BLOCK = constants.O_RDONLY | constants.O_NONBLOCK;

/** The scheme the Electron shell serves lent videos on (electron/main/media-protocol.ts). */
export const MEDIA_SCHEME = 'vidlift-media';
export const MEDIA_HOST = 'local';

export function electronMediaUrl(token: string): string {
  return `${MEDIA_SCHEME}://${MEDIA_HOST}/${token}`;
}

interface MediaHandlerDeps {
  tokens: MediaTokens;
  /** Whether the page may have this file played: granted, or uploaded from here. */
  mayLend: (path: string) => boolean;
  /** The URL the host serves a token on. */
  url: (token: string) => string;
}

function refuse(reason: Said): never {
  throw new AppError('validation', reason, { retryable: false });
}

export function createMediaHandlers(deps: MediaHandlerDeps): Pick<Handlers, 'media:open' | 'media:release'> {
  return {
    'media:open': async ({ path }) => {
      const name = basename(path);
      if (!deps.mayLend(path)) refuse(said('media_not_granted'));
      // One handle for every check, and the identity of what it opened goes with the token: the
      // path is served later only while it still holds this very file (media-range.ts).
      let handle: FileHandle;
      try {
        handle = await open(path, READ_NO_BLOCK);
      } catch {
        refuse(said('picked_file_missing', { name }));
      }
      let file: LentFile;
      try {
        const info = await handle.stat({ bigint: true });
        if (!info.isFile()) refuse(said('media_not_file', { name }));
        const head = Buffer.alloc(SNIFF_BYTES);
        let bytesRead: number;
        try {
          ({ bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0));
        } catch {
          refuse(said('picked_file_unreadable', { name }));
        }
        if (sniffVideo(head.subarray(0, bytesRead)) === null) refuse(said('media_not_video', { name }));
        file = { path, ...identityOf(info) };
      } finally {
        await handle.close();
      }
      return { url: deps.url(deps.tokens.issue(file)), name };
    },
    'media:release': ({ url }) => {
      const token = url.split('/').pop() ?? '';
      deps.tokens.release(token);
      return { ok: true as const };
    },
  };
}
