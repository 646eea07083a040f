// The main bundle's entry (out/main/index.js): V8's code cache for the rest of the main process
// (issue 33), then the app (index.ts). Node's compile cache keeps the code V8 compiled for each
// module on disk, keyed by the module's path and content, and the next start reads it instead
// of parsing and compiling again; electron-vite's bytecode option would need the Electron binary
// at build time. What it saves, measured: docs/electron-runtime.md. The app is imported with a
// top-level await: Electron emits 'ready' only after the entry has resolved (docs/tutorial/esm.md),
// so what index.ts must do before 'ready' still does.
import { enableCompileCache, flushCompileCache } from 'node:module';
import { join } from 'node:path';
import { app } from 'electron';

// In the profile, not the shared temporary folder: another user's cache is never read. A
// cache that cannot be used (read-only profile) leaves the start as it was.
enableCompileCache(join(app.getPath('userData'), 'Code Cache', 'main'));
await import('./index.ts');
// Written at quit and once the start's code is compiled (a start that never quits still gets it).
app.on('will-quit', () => flushCompileCache());
void app.whenReady().then(() => setTimeout(() => flushCompileCache(), 10_000).unref());
