// The Library heading's count (issue 17, item 6): a library-wide search counts its own matches,
// says when it lists only the first of them, and never shows the previous folder's count.
import { describe, expect, it } from 'vitest';
import { libraryCountText } from '../../../../renderer/src/lib/library-count.ts';

describe('libraryCountText', () => {
  it('says "first 500 of N" when the search found more than it lists', () => {
    expect(libraryCountText({ folderFiles: 32, searching: true, matches: 12_016, shown: 500 })).toBe('first 500 of 12,016 found');
  });

  it('counts the search, not the folder it started from', () => {
    expect(libraryCountText({ folderFiles: 32, searching: true, matches: 164, shown: 164 })).toBe('164 found');
    expect(libraryCountText({ folderFiles: 32, searching: true, matches: null, shown: 0 })).toBe('Searching…');
  });

  it('counts the folder when no library-wide search is shown', () => {
    expect(libraryCountText({ folderFiles: 32, searching: false, matches: null, shown: 32 })).toBe('32 videos');
    expect(libraryCountText({ folderFiles: null, searching: false, matches: null, shown: 0 })).toBe('');
  });
});
