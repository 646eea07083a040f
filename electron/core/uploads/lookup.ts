// After a reply was lost (or the app died) once the whole body may have reached the file
// server, the video may exist already. Sending again blindly would make a duplicate, so
// first look in the target folder for a video with this file's title and size. A file server
// may have stored the title otherwise (verification.ts): a video of this size whose title is
// this name as a known receiver changes it counts too, found in the folder's newest pages.
import type { ServiceApi } from '../api/service-api.ts';
import type { ServiceVideo } from '../api/schemas.ts';
import { compareTitle, titleSearch } from './verification.ts';

const PAGE_SIZE = 100;
/** The listing is newest first; an upload from minutes ago is on the first pages. */
const MAX_PAGES = 5;

interface LookupInput {
  folderId: number;
  fileName: string;
  size: number;
  /** Videos other jobs already own: never claimed by this one. */
  exclude: ReadonlySet<string>;
  signal?: AbortSignal;
}

/** Titles the service may give an uploaded file: its name, or its name without extension. */
export function candidateTitles(fileName: string): string[] {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? [fileName, fileName.slice(0, dot)] : [fileName];
}

export async function findUploadedVideo(api: ServiceApi, input: LookupInput): Promise<ServiceVideo | null> {
  const titles = new Set(candidateTitles(input.fileName).map((title) => title.toLowerCase()));
  const isThisFile = (video: ServiceVideo): boolean =>
    video.size === input.size && !input.exclude.has(video.id) && (titles.has(video.name.toLowerCase()) || storedFrom(input.fileName, video.name));
  const search = titleSearch(candidateTitles(input.fileName).at(-1) ?? input.fileName);
  // By the title first; then unfiltered, for a title stored otherwise that the search misses.
  for (const filter of [{ search }, {}]) {
    for (let page = 1; page <= MAX_PAGES; page++) {
      const options = input.signal ? { signal: input.signal } : undefined;
      const result = await api.videos({ folder: input.folderId, page, perPage: PAGE_SIZE, ...filter }, options);
      const match = result.list.find(isThisFile);
      if (match) return match;
      if (result.list.length < PAGE_SIZE) break;
    }
  }
  return null;
}

/** The title is this name as it is sent, or as a known receiver changes it. */
function storedFrom(fileName: string, title: string): boolean {
  const check = compareTitle(fileName, title);
  return check.status === 'same' || (check.status === 'differs' && check.reasons.length > 0);
}
