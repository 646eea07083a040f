// The file system, answered at once. The core reads files with node:fs/promises, whose
// answers come back from a thread pool in whatever order the pool finishes them: two jobs
// checking their files at once would race, and a seed would not replay. In the simulation
// each of those calls is done synchronously and answered on the next microtask, so the
// order of everything depends on the seed alone. The files themselves are real (a temporary
// folder in memory, /dev/shm when there is one).
import fs from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';

const require = createRequire(import.meta.url);
const promises = require('node:fs/promises') as Record<string, unknown>;

type Fn = (...args: never[]) => unknown;

/** A FileHandle over a synchronous descriptor: the methods the core's file reads call. */
class SyncFileHandle {
  readonly fd: number;
  #closed = false;
  constructor(fd: number) {
    this.fd = fd;
  }
  read(buffer: Buffer, offset = 0, length = buffer.length - offset, position: number | null = null): Promise<{ bytesRead: number; buffer: Buffer }> {
    return answer(() => ({ bytesRead: fs.readSync(this.fd, buffer, offset, length, position), buffer }));
  }
  stat(options?: { bigint?: boolean }): Promise<fs.Stats | fs.BigIntStats> {
    return answer(() => fs.fstatSync(this.fd, options?.bigint ? { bigint: true } : undefined));
  }
  readFile(): Promise<Buffer> {
    return answer(() => {
      const size = fs.fstatSync(this.fd).size;
      const out = Buffer.alloc(size);
      let at = 0;
      while (at < size) {
        const n = fs.readSync(this.fd, out, at, size - at, at);
        if (n === 0) break;
        at += n;
      }
      return out.subarray(0, at);
    });
  }
  close(): Promise<void> {
    return answer(() => {
      if (this.#closed) return;
      this.#closed = true;
      fs.closeSync(this.fd);
    });
  }
}

function answer<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

const SYNC: Record<string, Fn> = {
  lstat: (path: string, options?: fs.StatOptions) => fs.lstatSync(path, options),
  stat: (path: string, options?: fs.StatOptions) => fs.statSync(path, options),
  readdir: (path: string, options?: { withFileTypes?: boolean }) => fs.readdirSync(path, options as never),
  realpath: (path: string) => fs.realpathSync(path),
  readFile: (path: string, options?: never) => fs.readFileSync(path, options),
  writeFile: (path: string, data: never, options?: never) => fs.writeFileSync(path, data, options),
  mkdir: (path: string, options?: never) => fs.mkdirSync(path, options),
  rm: (path: string, options?: never) => fs.rmSync(path, options),
  open: (path: string, flags?: string | number, mode?: number) => new SyncFileHandle(fs.openSync(path, flags ?? 'r', mode)),
};

/** Installs the synchronous answers; returns how to put the real ones back. */
export function installSyncFs(): () => void {
  const saved: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(SYNC)) {
    saved[name] = promises[name];
    promises[name] = (...args: never[]) => answer(() => fn(...args));
  }
  syncBuiltinESMExports();
  return () => {
    Object.assign(promises, saved);
    syncBuiltinESMExports();
  };
}
