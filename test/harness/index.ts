// The browser harness: the sandbox host, the real core on a temporary data folder, the
// contract served over a loopback WebSocket with a random per-run token, and the real
// renderer served by Vite with a bridge that builds window.api over that socket.
// `npm run dev:web` runs it for a person; the end-to-end tests run it for Playwright.
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHost } from '../host/index.ts';
import { createCore } from '../../electron/core/services.ts';
import { createDispatcher } from '../../electron/core/rpc/dispatch.ts';
import { MemorySecretStore } from '../../electron/core/secrets/memory-store.ts';
import type { Core } from '../../electron/core/core.ts';
import { startWsTransport } from './ws-transport.ts';
import { startRendererServer } from './renderer-server.ts';
import { createHarnessShell, type HarnessShell } from './shell-handlers.ts';
import { startMediaServer } from './media-server.ts';
import { fixtureGrantFilter } from './fixture-grants.ts';
import { acceptDrop } from '../../electron/main/drop.ts';
import { AppError } from '../../shared/errors.ts';
import { shownKey } from '../support/shown-account.ts';

type Host = Awaited<ReturnType<typeof startHost>>;
type HostOptions = NonNullable<Parameters<typeof startHost>[0]>;

export interface HarnessOptions {
  seed?: HostOptions['seed'];
  /** Connect the core to the sandbox at start (as if the person had entered the key). */
  configured?: boolean;
  hostOptions?: Omit<HostOptions, 'seed'>;
  /** Fixed port for the page (dev:web); tests use a free one. */
  port?: number;
  logToConsole?: boolean;
  /** Runs on the empty data folder before the core starts (e.g. to leave a damaged file there). */
  prepareDataDir?: (dataDir: string) => Promise<void>;
}

export interface Harness {
  url: string;
  host: Host;
  core: Core;
  shell: HarnessShell;
  dataDir: string;
  /** Folder whose files stand for what the person drops or picks in the page. */
  fixtureDir: string;
  close(): Promise<void>;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const root = await mkdtemp(join(tmpdir(), 'vidlift-harness-'));
  const dataDir = join(root, 'data');
  const fixtureDir = join(root, 'files');
  await mkdir(fixtureDir, { recursive: true });
  if (options.prepareDataDir) {
    await mkdir(dataDir, { recursive: true });
    await options.prepareDataDir(dataDir);
  }

  const insideFixtures = fixtureGrantFilter(fixtureDir);
  const host = await startHost({ seed: options.seed ?? 'demo', ...options.hostOptions });
  let pageOrigin: string | null = null;
  const late: { core?: Core } = {};
  const media = await startMediaServer(
    () => late.core!,
    () => pageOrigin,
  );
  // The keychain is exercised by its own tests against gnome-keyring; the harness keeps each
  // run's key in memory so parallel runs never share or leave behind a keychain entry.
  const core = await createCore({
    dataDir,
    logDir: join(root, 'logs'),
    sandboxAvailable: true,
    secretStore: new MemorySecretStore(),
    startSandbox: async () => ({ baseUrl: host.baseUrl, apiKey: host.apiKey }),
    logToConsole: options.logToConsole ?? false,
    mediaUrl: (token) => media.url(token),
  });
  late.core = core;
  if (options.configured) {
    const result = await core.handlers['accounts:add']({ baseUrl: host.baseUrl, key: host.apiKey });
    if (!shownKey(result).hasKey) throw new Error('harness: the sandbox key was not accepted');
  }

  const shell = createHarnessShell((path) => core.grantPath(path), (path) => core.grantSavePath(path), core);
  const dispatch = createDispatcher({ ...core.handlers, ...shell.handlers }, core.account, {
    onInternalError: (method, error) => core.logger.error(`harness: ${method} failed`, { error: String(error) }),
  });
  const token = randomBytes(24).toString('base64url');
  const transport = await startWsTransport({
    dispatch,
    events: core.events,
    token,
    allowedOrigin: () => pageOrigin,
    onGrant: (path) => {
      const allowed = insideFixtures(path);
      if (allowed) core.grantPath(allowed);
      else core.logger.warn('harness: a grant outside the fixture folder was refused');
    },
    onDrop: (message, accountId) =>
      acceptDrop(message, accountId, {
        dispatch,
        grantPath: (path) => {
          const allowed = insideFixtures(path);
          if (!allowed) throw new AppError('validation', 'harness: a drop outside the fixture folder was refused');
          core.grantPath(allowed);
        },
      }),
    onError: (error) => core.logger.error('harness: a socket message failed', { error }),
  });
  const renderer = await startRendererServer(() => ({ wsUrl: transport.url, token, fixtureDir }), options.port ?? 0);
  pageOrigin = new URL(renderer.url).origin;

  return {
    url: renderer.url,
    host,
    core,
    shell,
    dataDir,
    fixtureDir,
    close: async () => {
      await renderer.server.close();
      await transport.close();
      await media.close();
      await core.close();
      await host.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
