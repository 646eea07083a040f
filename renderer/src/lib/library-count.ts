// The count beside the Library heading. A library-wide search counts its own matches (never
// the folder it was started from) and says when it shows only the first part of them.
import { m } from '../../../shared/i18n/index.ts';
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
    if (matches === null) return m.tasks_count_searching();
    if (matches > shown) return m.tasks_count_first_of_found({ shown: formatCount(shown), count: matches });
    return m.tasks_count_found({ count: matches });
  }
  return folderFiles === null ? '' : m.tasks_count_videos({ count: folderFiles });
}
