import { describe, expect, it } from 'vitest';
import { aboutDuration, ATTEMPT_OUTCOME, holdSentence, restartSentence } from '../../../../renderer/src/lib/upload-words.ts';
import { formatBytes } from '../../../../renderer/src/lib/format.ts';
import { AttemptOutcome } from '../../../../shared/history.ts';

describe('what a row says of a held pause and of a restart', () => {
  it('words the patience as a person would', () => {
    expect(aboutDuration(60_000)).toBe('about a minute');
    expect(aboutDuration(1_000)).toBe('about 1 second');
    expect(aboutDuration(30_000)).toBe('about 30 seconds');
    expect(aboutDuration(300_000)).toBe('about 5 minutes');
  });

  it('says a held row resumes where it stopped for the patience, then starts again', () => {
    expect(holdSentence({ since: 0, until: 60_000 })).toBe('Paused — resumes where it stopped for about a minute; after that the file starts again');
  });

  it('says a cut transfer starts again from the beginning, why, and the bytes lost', () => {
    expect(restartSentence({ state: 'waiting', restart: { cause: 'cut', bytesLost: 340 * 1024 * 1024 } })).toBe(
      `The connection broke: starting again from the beginning (the service cannot continue an interrupted upload) · ${formatBytes(340 * 1024 * 1024)} lost`,
    );
    expect(restartSentence({ state: 'paused', restart: { cause: 'pause-expired', bytesLost: 2048 } })).toBe(
      `Paused longer than the file server waits: it starts again from the beginning when resumed · ${formatBytes(2048)} lost`,
    );
    expect(restartSentence({ state: 'uploading', restart: { cause: 'pause-dropped', bytesLost: 0 } })).toBe('started again from the beginning');
    expect(restartSentence({ state: 'waiting', restart: null })).toBeNull();
  });

  it('has words for every way an attempt ends', () => {
    expect(Object.keys(ATTEMPT_OUTCOME).sort()).toEqual([...AttemptOutcome.options].sort());
  });
});
