// The real core as the shells build it: createCore (electron/core/services.ts) on a data
// folder, its handlers plus the shell's methods behind the dispatcher, as test/harness does.
// Imported by path at run time, so the runs that can go without it still run while the
// composition root is being written (startCoreTarget then answers null).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Core, CoreOptions } from '../../electron/core/core.ts';
import { createDispatcher, type Dispatch } from '../../electron/core/rpc/dispatch.ts';
import { MemorySecretStore } from '../../electron/core/secrets/memory-store.ts';
import { isAccountMethod, isMethodName } from '../../shared/contract.ts';
import type { Envelope } from '../../shared/errors.ts';
import { createHarnessShell } from '../harness/shell-handlers.ts';
import { shownKey } from '../support/shown-account.ts';

const SERVICES = join(import.meta.dirname, '../../electron/core/services.ts');

export interface CoreTarget {
  core: Core;
  dispatch: (method: string, input: unknown) => Promise<Envelope<unknown>>;
  /** The dispatcher itself: the caller names the account (or a malformed one), as a hostile page could. */
  dispatchNaming: Dispatch;
  grant(path: string): void;
  dataDir: string;
  logDir: string;
  /** Failures the dispatcher reported as internal (a bug, never a refusal). */
  internalErrors: string[];
  close(): Promise<void>;
}

export function coreAvailable(): boolean {
  return existsSync(SERVICES);
}

export async function loadCreateCore(): Promise<(options: CoreOptions) => Promise<Core> | Core> {
  const module = (await import(SERVICES)) as { createCore: (options: CoreOptions) => Promise<Core> | Core };
  return module.createCore;
}

export interface CoreTargetOptions {
  root: string;
  /** Connect to this service with this key at start (accounts:add), as the person would. */
  baseUrl?: string;
  apiKey?: string;
  logToConsole?: boolean;
}

export async function startCoreTarget(options: CoreTargetOptions): Promise<CoreTarget | null> {
  if (!coreAvailable()) return null;
  const createCore = await loadCreateCore();
  const dataDir = join(options.root, 'data');
  const logDir = join(options.root, 'logs');
  const core = await createCore({
    dataDir,
    logDir,
    sandboxAvailable: false,
    secretStore: new MemorySecretStore(),
    logToConsole: options.logToConsole ?? false,
  });
  if (options.baseUrl && options.apiKey) {
    const status = await core.handlers['accounts:add']({ baseUrl: options.baseUrl, key: options.apiKey });
    if (!shownKey(status).hasKey) throw new Error('the core did not accept the sandbox key');
  }
  const shell = createHarnessShell((path) => core.grantPath(path));
  const internalErrors: string[] = [];
  const dispatch: Dispatch = createDispatcher(
    { ...core.handlers, ...shell.handlers },
    core.account,
    { onInternalError: (method, error) => internalErrors.push(`${method}: ${error instanceof Error ? error.message : String(error)}`) },
  );
  return {
    core,
    // As the window does: an account-scoped call names the account shown (so attacks reach its handlers).
    dispatch: (method, input) => dispatch(method, input, isMethodName(method) && isAccountMethod(method) ? core.shownAccountId() : undefined),
    dispatchNaming: dispatch,
    grant: (path) => core.grantPath(path),
    dataDir,
    logDir,
    internalErrors,
    close: () => core.close(),
  };
}
