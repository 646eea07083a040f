// Remote URL imports: what the composition root wires.
export { RemoteImports, DEFAULT_POLL_MS, DEFAULT_HIDDEN_POLL_MS } from './remote-imports.ts';
export type { RemoteImportsOptions, AddResult, ActionResult } from './remote-imports.ts';
export { createRemoteHandlers } from './handlers.ts';
export type { RemoteHandlers } from './handlers.ts';
export type { Timers } from '../timers.ts';
export { realTimers } from '../timers.ts';
export { checkUrls } from './urls.ts';
