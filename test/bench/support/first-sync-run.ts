// Runs a first sync of the scale bench in a process of its own (first-sync-child.ts), built.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { FirstSyncFigures, FirstSyncOrders } from './first-sync-child.ts';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The first-sync process and the sync writer thread built as the app ships its main process:
 * bundled JavaScript (out/bench/), no TypeScript loader in either (run from source, the loader
 * was ~17 MiB of the process and ~10 MiB of the thread). Returns the two scripts.
 */
async function buildFirstSyncChild(): Promise<{ child: string; worker: string }> {
  const root = join(here, '../../..');
  const outDir = join(root, 'out/bench');
  const entries = { 'first-sync-child': join(here, 'first-sync-child.ts'), 'sync-writer': join(root, 'electron/core/library/sync/writer.worker.ts') };
  // One build per script: the thread's bundle holds only what the thread runs.
  for (const [name, entry] of Object.entries(entries)) {
    await build({
      configFile: false, logLevel: 'warn', root,
      build: { ssr: true, outDir, emptyOutDir: false, target: 'node22', minify: false, rollupOptions: { input: { [name]: entry }, output: { entryFileNames: '[name].mjs', format: 'es' } } },
    });
  }
  return { child: join(outDir, 'first-sync-child.mjs'), worker: join(outDir, 'sync-writer.mjs') };
}

/** Runs a first sync in a process holding only the core (first-sync-child.ts, built) and returns its figures. */
export async function firstSyncInChild(orders: Omit<FirstSyncOrders, 'workerScript'>): Promise<FirstSyncFigures> {
  const built = await buildFirstSyncChild();
  const child = spawn(process.execPath, [built.child], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin!.end(`${JSON.stringify({ ...orders, workerScript: built.worker } satisfies FirstSyncOrders)}\n`);
  const lines = createInterface({ input: child.stdout! });
  const line = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the first sync's process exited (${code})`)));
  });
  lines.close();
  return JSON.parse(line) as FirstSyncFigures;
}
