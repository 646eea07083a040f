// The English notes older versions wrote into upload_jobs.note, read as the codes that say
// them now (migration 10). Only the texts an older Vidlift wrote; anything else stays as written.
import { said, storeSaid, type Said } from '../../../shared/said.ts';
import { readStoredSaid } from '../../../shared/i18n/say.ts';

/** The video refusals of video.ts, which carried a file name, a container and a codec. */
const REFUSALS: ReadonlyArray<{ pattern: RegExp; said: (g: string[]) => Said }> = [
  { pattern: /^“(.*)” has no video in it: its (.+) container holds only (.+) sound\. Only videos are uploaded\.$/s, said: ([name, container, codec]) => said('skip_sound_only_in', { name: name!, container: container!, codec: codec! }) },
  { pattern: /^“(.*)” has no video in it: it holds only (.+) sound\. Only videos are uploaded\.$/s, said: ([name, codec]) => said('skip_sound_only', { name: name!, codec: codec! }) },
  { pattern: /^“(.*)” has no video in it: its (.+) container holds no video track\. Only videos are uploaded\.$/s, said: ([name, container]) => said('skip_no_video_track_in', { name: name!, container: container! }) },
  { pattern: /^“(.*)” has no video in it: it holds no video track\. Only videos are uploaded\.$/s, said: ([name]) => said('skip_no_video_track', { name: name! }) },
];

/** An old English note as the stored said thing that says it, or null when no code says it. */
export function noteAsSaid(note: string): string | null {
  for (const { pattern, said: build } of REFUSALS) {
    const match = pattern.exec(note);
    if (match) return storeSaid(build(match.slice(1)));
  }
  const read = readStoredSaid(note);
  return read.code === 'as_written' ? null : storeSaid(read);
}
