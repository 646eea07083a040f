// An import the service finished, but whose "video" is most likely not one: the service
// takes whatever the address answered (an error page, a text file) and lists it as a video.
// The app cannot read the file the service made, so it goes by what it knows: the size the
// service downloaded, and the file name the address or the video carries. A code, worded by
// the window (shared/model.ts RemoteItem.suspect).
import { extname } from 'node:path';
import type { RemoteItem } from '../../../shared/model.ts';
import { fileNameOf } from './imported-video.ts';
import type { RemoteRow } from './store.ts';
import { COPIED_STATUS } from './refresh.ts';

/** Below this no container holds a frame of video (the smallest real clips are several KB). */
export const MIN_VIDEO_BYTES = 1024;

/** Names that say what the file is, and it is not a video (pages, text, pictures, sound, archives). */
const NOT_VIDEO_EXTENSIONS: ReadonlySet<string> = new Set([
  '.txt', '.html', '.htm', '.xhtml', '.json', '.xml', '.csv', '.md', '.log', '.srt', '.vtt',
  '.jpg', '.jpeg', '.png', '.gif', '.webp', '.svg', '.bmp', '.pdf',
  '.mp3', '.wav', '.flac', '.m4a', '.aac', '.opus',
  '.zip', '.rar', '.7z', '.gz', '.tar', '.exe', '.dmg', '.apk',
]);

export type Suspect = NonNullable<RemoteItem['suspect']>;

export function suspectImport(row: RemoteRow, videoName: string | null): Suspect | null {
  if (row.phase !== 'remote' || row.status !== COPIED_STATUS) return null;
  if (row.bytesTotal > 0 && row.bytesTotal < MIN_VIDEO_BYTES) return 'too_small';
  const names = [videoName, fileNameOf(row.url)].filter((n): n is string => n !== null);
  if (names.some((name) => NOT_VIDEO_EXTENSIONS.has(extname(name).toLowerCase()))) return 'not_a_video_name';
  return null;
}
