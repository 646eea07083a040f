// Messages of the harness transport: the contract carried over a loopback WebSocket so the
// real renderer runs in Chromium against the real core. Shared by both ends.
import type { Envelope } from '../../shared/errors.ts';

export type ClientMessage =
  | { type: 'hello'; token: string }
  /** `accountId`: the account an account-scoped call names (null: none shown); absent for app calls. */
  | { type: 'call'; id: number; method: string; input: unknown; accountId?: unknown }
  | { type: 'grant'; path: string }
  /** The preload's dropFiles: uploads:add's input with the dropped Files' paths, answered by a result. */
  | { type: 'drop'; id: number; message: unknown; accountId?: unknown };

export type ServerMessage =
  | { type: 'ready' }
  | { type: 'result'; id: number; envelope: Envelope<unknown> }
  /** `accountId`: the account an account-scoped event is about; null for the app's own. */
  | { type: 'event'; event: string; payload: unknown; accountId: string | null };

export interface BridgeConfig {
  wsUrl: string;
  token: string;
  /** Folder whose files stand for what the person drops or picks in the browser. */
  fixtureDir: string;
}
