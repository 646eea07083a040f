// The count beside the Library heading. A library-wide search counts its own matches (never
// the folder it was started from) and says when it shows only the first part of them.
import { formatCount } from './format.ts';

export interface CountFacts {
  /** Videos in the open folder, when a folder is shown. */
  folderFiles: number | null;
  /** A library-wide search is shown. */
  searching: boolean;
  /** Every match of that search; null while it has not answered. */
  matches: number | null;
  /** Matches listed. */
  shown: number;
}

export function libraryCountText({ folderFiles, searching, matches, shown }: CountFacts): string {
  if (searching) {
    if (matches === null) return 'Searching…';
    if (matches > shown) return `first ${formatCount(shown)} of ${formatCount(matches)} found`;
    return `${formatCount(matches)} found`;
  }
  return folderFiles === null ? '' : `${formatCount(folderFiles)} videos`;
}
