// Issue 26 §4: what the outbox says of a thumbnail names the video; a frame the app saved
// under an internal file name is called a frame of the video, a picked image by its file.
import { describe, expect, it } from 'vitest';
import { kinds } from '../../../../electron/core/library/outbox-kinds.ts';

describe('thumbnail change summaries', () => {
  it('name the video, and the file only when the person picked it', () => {
    const base = { videoId: 'abcdefghijkl', videoName: 'Harbour at dawn.mp4' };
    expect(kinds['thumbnail.set'].summary({ ...base, path: '/data/frames/abcdefghijkl-1732412345678.png', frame: true })).toBe(
      'Set the thumbnail of “Harbour at dawn.mp4” to a frame of the video',
    );
    expect(kinds['thumbnail.set'].summary({ ...base, path: '/home/me/Pictures/cover.jpg' })).toBe('Set the thumbnail of “Harbour at dawn.mp4” from cover.jpg');
  });
});
