// The job transition table, exhaustively: every state × every event, against a table of
// the expected next state written out here by hand (not derived from the code under test).
import { describe, expect, it } from 'vitest';
import type { UploadState } from '../../../../shared/model.ts';
import { said } from '../../../../shared/said.ts';
import {
  ARRIVED_BEFORE_CANCEL,
  UPLOAD_STATES,
  transition,
  type JobEvent,
  type JobEventType,
} from '../../../../electron/core/uploads/job-transitions.ts';

const NOW = 1_700_000_000_000;
const ERROR = { code: 'server' as const, message: 'HTTP 502', retryable: true };

/** One sample of every event type. */
const EVENTS: Record<JobEventType, JobEvent> = {
  pause: { type: 'pause' },
  resume: { type: 'resume' },
  cancel: { type: 'cancel', now: NOW },
  retry: { type: 'retry', file: null },
  'retry-file-missing': { type: 'retry-file-missing' },
  'cancel-checked': { type: 'cancel-checked', now: NOW },
  'cancel-check-later': { type: 'cancel-check-later', at: NOW + 4_000 },
  'file-changed': { type: 'file-changed', reason: said('file_changed'), now: NOW },
  'not-there-yet': { type: 'not-there-yet' },
  started: { type: 'started', attempts: 2, now: 1_000 },
  'last-chunk': { type: 'last-chunk' },
  held: { type: 'held', bytesSent: 400, now: NOW, until: NOW + 60_000 },
  unheld: { type: 'unheld', now: NOW },
  'body-sent': { type: 'body-sent' },
  'video-id': { type: 'video-id', videoId: 'abcdefghijkl' },
  landed: { type: 'landed', links: { downloadUrl: 'https://d/x', embedUrl: 'https://e/x' }, now: NOW },
  stopped: { type: 'stopped', intent: 'pause', maybeReceived: false, now: NOW },
  offline: { type: 'offline', maybeReceived: false },
  'file-unreadable': { type: 'file-unreadable', said: said('file_unreadable_now'), maybeReceived: false, now: NOW },
  'retry-later': { type: 'retry-later', error: ERROR, at: NOW + 5_000, maybeReceived: false },
  failed: { type: 'failed', error: ERROR, maybeReceived: false, now: NOW },
};

// What each event makes of a job in each state: the next state, 'same' (columns change, the
// state does not), or '-' (does not apply: ignored).
type Next = UploadState | 'same' | '-';
const S = 'same';
const _ = '-';
//                     waiting      uploading    finishing    paused      done  failed      cancelled   cancelling  changed
const EXPECTED: Record<JobEventType, readonly Next[]> = {
  pause: /*         */ ['paused', _, _, _, _, _, _, _, _],
  resume: /*        */ [_, _, _, 'waiting', _, _, _, _, _],
  cancel: /*        */ ['cancelled', _, _, 'cancelled', _, 'cancelled', _, _, 'cancelled'],
  retry: /*         */ [_, _, _, _, _, 'waiting', 'waiting', _, 'waiting'],
  'retry-file-missing': [_, _, _, _, _, _, _, _, S],
  'cancel-checked': /**/ [_, _, _, _, _, _, _, 'cancelled', _],
  'cancel-check-later': [_, _, _, _, _, _, _, S, _],
  'file-changed': /* */ ['changed', _, _, _, _, _, _, _, _],
  'not-there-yet': /**/ [S, _, _, _, _, _, _, _, _],
  started: /*       */ ['uploading', _, _, _, _, _, _, _, _],
  'last-chunk': /*  */ [_, S, _, _, _, _, _, _, _],
  held: /*          */ [_, 'paused', _, _, _, _, _, _, _],
  // Only a held job (a run holding its request open, below) is unheld.
  unheld: /*        */ [_, _, _, _, _, _, _, _, _],
  'body-sent': /*   */ [_, 'finishing', _, _, _, _, _, _, _],
  'video-id': /*    */ [S, S, S, _, _, _, _, S, _],
  landed: /*        */ ['done', 'done', 'done', _, _, _, _, 'done', _],
  stopped: /*       */ ['paused', 'paused', 'paused', _, _, _, _, _, _],
  offline: /*       */ ['waiting', 'waiting', 'waiting', _, _, _, _, _, _],
  'file-unreadable': [/**/ 'changed', 'changed', 'changed', _, _, _, _, _, _],
  'retry-later': /* */ ['waiting', 'waiting', 'waiting', _, _, _, _, _, _],
  failed: /*        */ ['failed', 'failed', 'failed', _, _, _, _, _, _],
};

describe('the job transition table', () => {
  it('covers every event and every state', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(EVENTS).sort());
    expect(UPLOAD_STATES).toHaveLength(9);
  });

  for (const [type, row] of Object.entries(EXPECTED) as [JobEventType, readonly Next[]][]) {
    for (const [index, state] of UPLOAD_STATES.entries()) {
      const expected = row[index];
      it(`${type} on ${state} → ${expected}`, () => {
        const patch = transition({ state, size: 1000 }, EVENTS[type]);
        if (expected === '-') expect(patch).toBeNull();
        else if (expected === 'same') {
          expect(patch).not.toBeNull();
          expect(patch?.state).toBeUndefined();
        } else expect(patch?.state).toBe(expected);
      });
    }
  }

  it('ends a run from byte 0 and remembers a body that may have arrived', () => {
    for (const event of [
      { type: 'offline', maybeReceived: true },
      { type: 'stopped', intent: 'hold', maybeReceived: true, now: NOW },
      { type: 'failed', error: ERROR, maybeReceived: true, now: NOW },
    ] as JobEvent[]) {
      expect(transition({ state: 'finishing', size: 9 }, event)).toMatchObject({ bytes_sent: 0, maybe_received: 1 });
    }
    expect(transition({ state: 'uploading', size: 9 }, { type: 'offline', maybeReceived: false })).not.toHaveProperty('maybe_received');
  });

  it('says why a stopped job stopped', () => {
    const stop = (intent: 'pause' | 'cancel' | 'hold' | 'shutdown') =>
      transition({ state: 'uploading', size: 9 }, { type: 'stopped', intent, maybeReceived: false, now: NOW });
    expect(stop('pause')).toMatchObject({ state: 'paused' });
    expect(stop('cancel')).toMatchObject({ state: 'cancelled', finished_at: NOW });
    expect(stop('hold')).toMatchObject({ state: 'waiting', next_attempt_at: 0 });
    expect(stop('shutdown')).toMatchObject({ state: 'waiting', restarted: 1 });
  });

  it('cancels a job whose body may have arrived only once the service was asked (simulation seeds 627, 2073)', () => {
    // Not running (waiting after a lost reply, or failed): cancelling, due at once, not finished.
    for (const state of ['waiting', 'paused', 'failed', 'changed'] as const) {
      expect(transition({ state, size: 9, maybe_received: 1 }, EVENTS.cancel)).toEqual({ state: 'cancelling', bytes_sent: 0, next_attempt_at: 0, restart_cause: null, bytes_lost: 0 });
      expect(transition({ state, size: 9, maybe_received: 0 }, EVENTS.cancel)).toMatchObject({ state: 'cancelled', finished_at: NOW });
    }
    // Running: a cancel held back until the body's fate was known, which stayed unknown.
    const stopped = (maybeReceived: boolean, maybe_received = 0) =>
      transition({ state: 'finishing', size: 9, maybe_received }, { type: 'stopped', intent: 'cancel', maybeReceived, now: NOW });
    expect(stopped(true)).toMatchObject({ state: 'cancelling', maybe_received: 1, next_attempt_at: 0 });
    expect(stopped(false, 1)).toMatchObject({ state: 'cancelling' });
    expect(stopped(false)).toMatchObject({ state: 'cancelled', finished_at: NOW });
    // The look found nothing: cancelled, and nothing left to look for.
    expect(transition({ state: 'cancelling', size: 9, maybe_received: 1 }, EVENTS['cancel-checked'])).toMatchObject({ state: 'cancelled', maybe_received: 0, finished_at: NOW });
    // It found the video: done, with the code the window words.
    const links = { downloadUrl: null, embedUrl: null };
    expect(transition({ state: 'cancelling', size: 9 }, { type: 'landed', links, now: NOW, cancelledLate: true })).toMatchObject({ state: 'done', note: ARRIVED_BEFORE_CANCEL });
    // Asked again later: still cancelling, never cancelled while unknown.
    expect(transition({ state: 'cancelling', size: 9 }, EVENTS['cancel-check-later'])).toEqual({ next_attempt_at: NOW + 4_000 });
  });

  it('keeps a video that arrived after a cancel, with a note; a plain landing clears it', () => {
    const links = { downloadUrl: null, embedUrl: null };
    const late = transition({ state: 'finishing', size: 9 }, { type: 'landed', links, now: NOW, cancelledLate: true });
    expect(late).toMatchObject({ state: 'done', note: ARRIVED_BEFORE_CANCEL, bytes_sent: 9 });
    expect(transition({ state: 'finishing', size: 9 }, { type: 'landed', links, now: NOW })).toMatchObject({ note: null });
  });

  it('writes what was verified with the landing (issue 26), and nothing when it was not checked', () => {
    const links = { downloadUrl: null, embedUrl: null };
    const verification = { title: { status: 'same' as const }, folder: 'found' as const };
    expect(transition({ state: 'finishing', size: 9 }, { type: 'landed', links, now: NOW, verification })).toMatchObject({ verification: JSON.stringify(verification) });
    expect(transition({ state: 'finishing', size: 9 }, { type: 'landed', links, now: NOW })).toMatchObject({ verification: null });
  });

  it('retries a changed file with its new size and time, and a failed one afresh', () => {
    const changed = transition({ state: 'changed', size: 9 }, { type: 'retry', file: { size: 12, mtimeMs: 5.7 } });
    expect(changed).toMatchObject({ state: 'waiting', size: 12, mtime_ms: 5, maybe_received: 0, attempts: 0, error_code: null });
    expect(transition({ state: 'failed', size: 9 }, { type: 'retry', file: null })).not.toHaveProperty('size');
  });

  it('schedules a retry at the given time with a retryable error', () => {
    expect(transition({ state: 'uploading', size: 9 }, EVENTS['retry-later'])).toMatchObject({
      state: 'waiting',
      next_attempt_at: NOW + 5_000,
      error_retryable: 1,
    });
  });

  it('holds a transfer as paused with its bytes kept, and only the run moves a held job', () => {
    const held = { state: 'paused' as const, size: 1000, held_until: NOW + 60_000 };
    expect(transition({ state: 'uploading', size: 1000 }, EVENTS.held)).toEqual({ state: 'paused', bytes_sent: 400, held_since: NOW, held_until: NOW + 60_000 });
    expect(transition(held, EVENTS.unheld)).toEqual({ state: 'uploading', held_since: null, held_until: null });
    // A resume or cancel command is the scheduler's to carry out (release or stop the run).
    expect(transition(held, EVENTS.resume)).toBeNull();
    expect(transition(held, EVENTS.cancel)).toBeNull();
    // A paused job that is not held has no run to end.
    expect(transition({ state: 'paused', size: 1000 }, { type: 'stopped', intent: 'pause-expired', maybeReceived: false, now: NOW })).toBeNull();
  });

  it('says why a held file starts again, with the bytes lost, and stays paused', () => {
    const held = { state: 'paused' as const, size: 1000, held_until: NOW + 60_000 };
    for (const intent of ['pause-expired', 'pause-dropped'] as const) {
      expect(transition(held, { type: 'stopped', intent, maybeReceived: false, now: NOW, bytesSent: 400 })).toMatchObject({
        state: 'paused',
        bytes_sent: 0,
        held_until: null,
        restart_cause: intent,
        bytes_lost: 400,
      });
    }
    // The app closed while held: still paused (the person paused it), and it says so.
    expect(transition(held, { type: 'stopped', intent: 'shutdown', maybeReceived: false, now: NOW, bytesSent: 400 })).toMatchObject({ state: 'paused', restart_cause: 'app-closed', bytes_lost: 400 });
    expect(transition(held, { type: 'stopped', intent: 'cancel', maybeReceived: false, now: NOW, bytesSent: 400 })).toMatchObject({ state: 'cancelled' });
  });

  it('says a transfer cut by the network starts again, with the bytes lost; nothing to say when nothing was sent', () => {
    const cut = { ...ERROR, code: 'offline' as const };
    expect(transition({ state: 'uploading', size: 1000 }, { type: 'retry-later', error: cut, at: NOW, maybeReceived: false, bytesSent: 700 })).toMatchObject({ restart_cause: 'cut', bytes_lost: 700 });
    expect(transition({ state: 'uploading', size: 1000 }, { type: 'offline', maybeReceived: false, bytesSent: 700 })).toMatchObject({ restart_cause: 'cut', bytes_lost: 700 });
    expect(transition({ state: 'uploading', size: 1000 }, { type: 'retry-later', error: ERROR, at: NOW, maybeReceived: false, bytesSent: 5 })).toMatchObject({ restart_cause: 'server-error', bytes_lost: 5 });
    expect(transition({ state: 'waiting', size: 1000 }, { type: 'retry-later', error: cut, at: NOW, maybeReceived: false, bytesSent: 0 })).not.toHaveProperty('restart_cause');
    // Done, a cancel or a person's retry clear what was said.
    const links = { downloadUrl: null, embedUrl: null };
    expect(transition({ state: 'finishing', size: 9 }, { type: 'landed', links, now: NOW })).toMatchObject({ restart_cause: null, bytes_lost: 0 });
    expect(transition({ state: 'failed', size: 9 }, { type: 'retry', file: null })).toMatchObject({ restart_cause: null, bytes_lost: 0 });
  });
});
