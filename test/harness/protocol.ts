// Messages of the harness transport: the contract carried over a loopback WebSocket so the
// real renderer runs in Chromium against the real core. Shared by both ends.
import type { Envelope } from '../../shared/errors.ts';

export type ClientMessage =
  | { type: 'hello'; token: string }
  | { type: 'call'; id: number; method: string; input: unknown }
  | { type: 'grant'; path: string }
  /** The preload's dropFiles: uploads:add's input with the dropped Files' paths, answered by a result. */
  | { type: 'drop'; id: number; message: unknown };

export type ServerMessage =
  | { type: 'ready' }
  | { type: 'result'; id: number; envelope: Envelope<unknown> }
  | { type: 'event'; event: string; payload: unknown };

export interface BridgeConfig {
  wsUrl: string;
  token: string;
  /** Folder whose files stand for what the person drops or picks in the browser. */
  fixtureDir: string;
}
