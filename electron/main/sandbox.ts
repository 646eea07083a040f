// "Try with the local sandbox" (source tree only): starts the sandbox video host from
// test/host on loopback and hands its address and key to the core. The host is loaded at
// run time from the source tree, never bundled: packaged builds do not contain it, and
// there the core refuses sandbox:start before this is ever called.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AppError } from '../../shared/errors.ts';

interface SandboxHost {
  baseUrl: string;
  apiKey: string;
  close(): Promise<void>;
}

type HostModule = { startHost(options: { seed: 'demo' }): Promise<SandboxHost> };

export interface SandboxStarter {
  start(): Promise<{ baseUrl: string; apiKey: string }>;
  close(): Promise<void>;
}

export function sandboxStarter(appPath: string, load: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url)): SandboxStarter {
  let host: Promise<SandboxHost> | null = null;
  return {
    async start() {
      host ??= (async () => {
        const module = (await load(pathToFileURL(join(appPath, 'test', 'host', 'index.ts')).href)) as HostModule;
        return module.startHost({ seed: 'demo' });
      })();
      try {
        const { baseUrl, apiKey } = await host;
        return { baseUrl, apiKey };
      } catch (error) {
        host = null;
        throw new AppError('unavailable', 'The local sandbox could not be started. The log has the details.', { cause: error, retryable: true });
      }
    },
    async close() {
      const running = host;
      host = null;
      if (running) await running.then((h) => h.close()).catch(() => undefined);
    },
  };
}
