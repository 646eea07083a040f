// Issue 26 §4: what the outbox says of a thumbnail names the video; a frame the app saved
// under an internal file name is called a frame of the video, a picked image by its file.
import { describe, expect, it } from 'vitest';
import { kinds } from '../../../../../electron/core/library/outbox/kinds.ts';

describe('thumbnail change summaries', () => {
  it('name the video, and the file only when the person picked it', () => {
    const base = { videoId: 'abcdefghijkl', videoName: 'Harbour at dawn.mp4' };
    expect(kinds['thumbnail.set'].summary({ ...base, path: '/data/frames/abcdefghijkl-1732412345678.png', frame: true })).toBe(
      'Set the thumbnail of “Harbour at dawn.mp4” to a frame of the video',
    );
    expect(kinds['thumbnail.set'].summary({ ...base, path: '/home/me/Pictures/cover.jpg' })).toBe('Set the thumbnail of “Harbour at dawn.mp4” from cover.jpg');
  });
});

describe('remote-import queue action summaries', () => {
  it('use the remote page’s words, and name the import a delete is about when it is known', () => {
    expect(kinds['remote.deleteInactive'].summary({})).toBe('Remove the finished and failed remote imports');
    expect(kinds['remote.delete'].summary({ id: 'abcdefghijkl', url: 'https://media.example/a.mp4' })).toBe('Remove the remote import of https://media.example/a.mp4');
    // Queued by an older version, which kept only the id.
    expect(kinds['remote.delete'].summary({ id: 'abcdefghijkl', url: null })).toBe('Remove the remote import abcdefghijkl');
  });
});
