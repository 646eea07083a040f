// A file written whole or not at all: under a temporary name beside it, renamed into place at
// the end. An export (export/writer.ts) and a fixed text (links/link-text-service.ts) are saved
// so, to the path the person chose in the save dialog.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** What is written: text (UTF-8) or bytes (Fix my links writes a text back in the encoding it was read in). */
export interface FileWriter {
  write(chunk: string | Uint8Array): Promise<void>;
}

/**
 * `run` (an export, a fixed text) writes into a fresh random name beside `path`, created
 * exclusively ('wx': O_CREAT|O_EXCL, which never follows a link: a fixed name could be a link
 * planted beforehand, and writing through it would overwrite the link's target), and renames
 * it to `path` only when `run` ended. Same folder, so the rename is atomic. On failure or
 * cancellation the temporary file is removed.
 */
export async function writeToFile(path: string, run: (sink: FileWriter) => Promise<void>): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(8).toString('hex')}.vidlift-part`);
  const handle = await open(temporary, 'wx', 0o600);
  const out = handle.createWriteStream();
  try {
    await run({
      write: async (chunk) => {
        if (chunk.length > 0 && !out.write(chunk)) await once(out, 'drain');
      },
    });
    out.end();
    // Closed before the rename (Windows refuses to rename an open file).
    await once(out, 'close');
    await rename(temporary, path);
  } catch (error) {
    out.destroy();
    await rm(temporary, { force: true });
    throw error;
  }
}
