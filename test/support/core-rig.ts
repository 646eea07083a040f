// The composition root against the sandbox host, for integration tests: a host with a seed,
// a core on a fresh data folder (keys in memory), signed in, and a folder of granted files;
// everything closed and removed by the returned cleanup. Plus a bounded wait.
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Core, CoreOptions } from '../../electron/core/core.ts';
import { createCore } from '../../electron/core/services.ts';
import { MemorySecretStore } from '../../electron/core/secrets/memory-store.ts';
import { startHost, type Host, type HostOptions } from '../host/index.ts';

export interface CoreRig {
  host: Host;
  core: Core;
  /** The temporary root (data, logs and files are under it). */
  root: string;
  /** A granted folder for the test's files. */
  dir: string;
  close(): Promise<void>;
}

export async function coreRig(options: { seed?: HostOptions['seed']; signIn?: boolean; core?: Partial<CoreOptions> } = {}): Promise<CoreRig> {
  const host = await startHost({ seed: options.seed ?? 'demo' });
  const root = await mkdtemp(join(tmpdir(), 'vidlift-rig-'));
  const core = await createCore({ dataDir: join(root, 'data'), logDir: join(root, 'logs'), sandboxAvailable: false, secretStore: new MemorySecretStore(), ...options.core });
  const dir = join(root, 'files');
  mkdirSync(dir);
  core.grantPath(dir);
  if (options.signIn !== false) await core.handlers['accounts:add']({ baseUrl: host.baseUrl, key: host.apiKey });
  return {
    host,
    core,
    root,
    dir,
    close: async () => {
      await core.close();
      await host.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Polls `check` every 50 ms, at most 20 s. */
export async function until(what: string, check: () => unknown): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}
