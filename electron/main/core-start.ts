// Starts the core with what the shell provides around it: the keychain (or safeStorage where
// the keychain cannot be used), the system proxy as Chromium resolves it, the worker threads
// built beside the main bundle, and in the source tree the local sandbox host.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { SafeStorage, Session } from 'electron';
import type { Core } from '../core/core.ts';
import { createCore } from '../core/services.ts';
import type { StartSyncWorker } from '../core/library/sync/writer.ts';
import { useSubtitleWorker, type StartSubtitleWorker } from '../core/files/subtitle-thread.ts';
import { useTransferWorker, type StartTransferWorker } from '../core/uploads/transfer-thread.ts';
import { useFileCheckWorker, type StartFileCheckWorker } from '../core/uploads/file-check-thread.ts';
import { parsePacAnswer } from '../core/net/proxy-route.ts';
import { FallbackSecretStore } from '../core/secrets/fallback-store.ts';
import { KeytarSecretStore } from '../core/secrets/keytar-store.ts';
import type { AppPaths } from './paths.ts';
import { safeStorageFallback } from './safe-storage-store.ts';
import { sandboxStarter, type SandboxStarter } from './sandbox.ts';
import { guardSandboxRuntime } from './sandbox-runtime.ts';

export interface CoreStartOptions {
  packaged: boolean;
  paths: Pick<AppPaths, 'secretsFile'>;
  /** Where the main bundle sits (out/main): the worker scripts are built beside it. */
  mainDir: string;
  appPath: string;
  dataDir: string;
  logDir: string;
  safeStorage: SafeStorage;
  session: Pick<Session, 'resolveProxy'>;
}

export interface StartedCore {
  core: Core;
  /** The local sandbox host (closed after the core when the app quits). */
  sandbox: SandboxStarter;
}

export async function startCore(options: CoreStartOptions): Promise<StartedCore> {
  const { packaged } = options;
  // The keychain first; where it cannot be used, safeStorage when it really encrypts.
  const secretStore = new FallbackSecretStore(new KeytarSecretStore(), safeStorageFallback({ safeStorage: options.safeStorage, file: options.paths.secretsFile }));
  // Where this runtime cannot load the sandbox's TypeScript, say how to run it instead.
  const sandbox = guardSandboxRuntime(sandboxStarter(options.appPath));
  // Built: the bundle's own script; from source the core keeps its TypeScript worker.
  const subtitleWorker = builtSubtitleWorker(options.mainDir);
  if (subtitleWorker) useSubtitleWorker(subtitleWorker);
  const transferWorker = builtTransferWorker(options.mainDir);
  if (transferWorker) useTransferWorker(transferWorker);
  const fileCheckWorker = builtFileCheckWorker(options.mainDir);
  if (fileCheckWorker) useFileCheckWorker(fileCheckWorker);
  const core = await createCore({
    dataDir: options.dataDir,
    logDir: options.logDir,
    sandboxAvailable: !packaged,
    secretStore,
    // The system's proxy settings, PAC and WPAD, as Chromium itself resolves them.
    proxy: { routeFor: (url) => options.session.resolveProxy(url.href).then(parsePacAnswer) },
    startSyncWorker: builtSyncWorker(options.mainDir),
    // The shell opens the accounts once the window's app calls are answered (start.ts).
    startAccountsLater: true,
    ...(packaged ? {} : { startSandbox: () => sandbox.start(), logToConsole: true }),
  });
  return { core, sandbox };
}

/** Starts the worker script `fileName` built beside the main bundle (electron.vite.config.ts); undefined where it was not built. */
function builtWorker(mainDir: string, fileName: string): ((options: WorkerOptions) => Worker) | undefined {
  const script = join(mainDir, fileName);
  if (!existsSync(script)) return undefined;
  return (options) => new Worker(script, options);
}

/**
 * The library's sync writer thread, built beside the main bundle (out/main/sync-writer.js);
 * run from source (tests), the core starts its TypeScript file instead.
 */
export function builtSyncWorker(mainDir: string): StartSyncWorker | undefined {
  return builtWorker(mainDir, 'sync-writer.js');
}

/** The uploads' transfer thread, built beside the main bundle (out/main/upload-transfer.js). */
export function builtTransferWorker(mainDir: string): StartTransferWorker | undefined {
  return builtWorker(mainDir, 'upload-transfer.js');
}

/** The subtitle preparation thread, built beside the main bundle (out/main/subtitle-prepare.js). */
export function builtSubtitleWorker(mainDir: string): StartSubtitleWorker | undefined {
  return builtWorker(mainDir, 'subtitle-prepare.js');
}

/** The thread dropped files are checked on, built beside the main bundle (out/main/file-check.js). */
export function builtFileCheckWorker(mainDir: string): StartFileCheckWorker | undefined {
  return builtWorker(mainDir, 'file-check.js');
}
