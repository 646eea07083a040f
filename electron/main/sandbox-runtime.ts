// "Try with the local sandbox" loads the sandbox host's TypeScript source (test/host) with
// Node's type stripping, inside Electron's main process (see docs/electron-runtime.md).
// Electron 45's Node 24 strips types, but a runtime that does not (stripping turned off, an
// older or differently built Node) would fail with a module-format error no person can act
// on. This guard answers at once, in words, with the way round it: run the sandbox in a
// terminal and connect to it with the address and key it prints.
import { AppError } from '../../shared/errors.ts';
import type { SandboxStarter } from './sandbox.ts';

/** What process.features.typescript says: 'strip' or 'transform' when .ts files load, false otherwise. */
export type TypeScriptSupport = NodeJS.ProcessFeatures['typescript'] | undefined;

export const NO_TYPE_STRIPPING_MESSAGE =
  'This copy of Vidlift cannot start the sandbox itself (its runtime does not load TypeScript). ' +
  'Run `npm run sandbox` in a terminal, then connect with the address and key it prints.';

/** The starter itself when the runtime strips types; otherwise one that refuses with the way round. */
export function guardSandboxRuntime(starter: SandboxStarter, support: TypeScriptSupport = process.features.typescript): SandboxStarter {
  if (support === 'strip' || support === 'transform') return starter;
  return {
    start: () => Promise.reject(new AppError('unavailable', NO_TYPE_STRIPPING_MESSAGE, { retryable: false })),
    close: () => starter.close(),
  };
}
