// The faults the simulator draws, each with its weight: ONE table per place a fault can
// strike. A schedule's faults come from its seed alone; `none` is what a healthy world does.
import type { Rng } from '../host/rng.ts';

/** A request to the service (operations 1-21). */
export const API_FAULTS = {
  none: 70,
  /** The service did the work, then the connection dropped before its reply came back. */
  'reply-lost': 5,
  /** The reply's body stopped halfway (the service acted). */
  'body-cut': 3,
  /** A gateway's 502/503 page: the service never saw the request. */
  'gateway-5xx': 4,
  /** The service's own HTTP 500 {message, status: 500}: overloaded, rate limited. */
  'app-error-500': 3,
  'rate-limited': 2,
  /** No answer at all until the client's deadline (the exchange stays open). */
  stall: 3,
  'dns-failure': 2,
  'connection-refused': 3,
} as const;

/** Connecting to a file server. */
export const CONNECT_FAULTS = { none: 85, 'dns-failure': 5, 'connection-refused': 6, stall: 4 } as const;

/** Sending the body: the connection dies before the last byte left. */
export const BODY_FAULTS = { none: 85, 'body-cut': 10, stall: 5 } as const;

/** When the whole body reached the file server: what the server made of it. */
export const ARRIVE_FAULTS = {
  none: 78,
  /** The last bytes never arrived: the server made nothing, the client cannot tell. */
  'cut-before-server': 4,
  /** `file_status: OK` with an empty file code: the server made nothing (CSUploader). */
  'ok-empty-code': 4,
  /** The server made the video, then wrote a reply cut short. */
  'malformed-reply': 4,
  /** A 502 page from a proxy before the file server: nothing made. */
  'gateway-5xx': 4,
  /** The server refused the session (spent or bound elsewhere). */
  'session-refused': 2,
  stall: 4,
} as const;

/** The reply to a whole body, on its way back. */
export const REPLY_FAULTS = { none: 85, 'reply-lost': 10, stall: 5 } as const;

/** What the world does next, at each step of a schedule while faults are on. */
export const STEP_WEIGHTS = {
  deliver: 60,
  timer: 18,
  person: 10,
  crash: 3,
  'clock-jump': 2,
  'key-refused': 1,
  'file-changed': 2,
  'db-fault': 2,
  'network-down': 2,
} as const;

/** What the person does at a random moment. */
export const PERSON_ACTIONS = {
  'add-files': 4,
  pause: 2,
  'pause-all': 1,
  resume: 2,
  'resume-all': 1,
  cancel: 1,
  retry: 2,
  'retry-failed': 1,
  move: 1,
  'create-folder': 2,
  'rename-folder': 2,
  'retry-change': 1,
  'discard-change': 1,
  'sync-now': 1,
} as const;

export function draw<K extends string>(rng: Rng, table: Readonly<Record<K, number>>): K {
  const entries = Object.entries(table) as Array<[K, number]>;
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let at = rng.next() * total;
  for (const [key, weight] of entries) {
    at -= weight;
    if (at < 0) return key;
  }
  return entries[entries.length - 1]![0];
}
