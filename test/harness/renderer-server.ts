// Serves the real renderer (renderer/, Svelte through Vite) for the browser harness, with
// the bridge script injected ahead of the app so `window.api` exists before the app starts.
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { resolve } from 'node:path';
import type { BridgeConfig } from './protocol.ts';
import { windowCatalogAlias } from '../../resources/i18n/catalog-aliases.ts';

const repo = resolve(import.meta.dirname, '../..');
const CONFIG_ID = 'virtual:vidlift-harness-config';
const BRIDGE = resolve(repo, 'test/harness/bridge.ts');

function harnessPlugin(config: () => BridgeConfig): Plugin {
  return {
    name: 'vidlift-harness',
    resolveId(id) {
      return id === CONFIG_ID ? `\0${CONFIG_ID}` : null;
    },
    load(id) {
      return id === `\0${CONFIG_ID}` ? `export default ${JSON.stringify(config())};` : null;
    },
    transformIndexHtml: {
      order: 'pre',
      handler: () => [{ tag: 'script', attrs: { type: 'module', src: `/@fs${BRIDGE}` }, injectTo: 'head-prepend' }],
    },
  };
}

export async function startRendererServer(config: () => BridgeConfig, port = 0): Promise<{ url: string; server: ViteDevServer }> {
  const server = await createServer({
    configFile: false,
    root: resolve(repo, 'renderer'),
    plugins: [svelte(), harnessPlugin(config)],
    resolve: { conditions: ['browser'], alias: [windowCatalogAlias(repo)] },
    // cors: false: Vite's default CORS would let any web page read the virtual config module,
    // and with it the socket's token.
    server: { host: '127.0.0.1', port, strictPort: port !== 0, fs: { allow: [repo] }, hmr: false, cors: false },
    logLevel: 'warn',
    clearScreen: false,
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('renderer server has no address');
  return { url: `http://127.0.0.1:${address.port}/`, server };
}
