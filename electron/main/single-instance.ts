// One Vidlift at a time. A second launch (double-clicking a video with "Open with Vidlift",
// or `vidlift a.mp4 b.mkv`) hands its file paths to the first instance and quits. The
// first instance grants those paths and adds them to the upload queue in the root folder
// (uploads:add through the dispatcher, so they are validated like any other request),
// then shows the uploads screen. Paths are handed over as `additionalData`, which arrives
// exactly as sent; argv is only the fallback (Chromium may reorder or add switches).
import { isAbsolute, resolve } from 'node:path';
import { MAX_PATH } from '../../shared/model.ts';

export interface HandoffData {
  paths: string[];
}

const MAX_HANDOFF = 10_000;

/** File arguments of a command line: not switches, not the executable, not the app folder in dev. */
export function pathsFromArgv(argv: readonly string[], options: { packaged: boolean; cwd: string; exists: (path: string) => boolean }): string[] {
  // argv[0] is the executable; in the source tree argv[1] is the app folder (`electron .`).
  const args = argv.slice(options.packaged ? 1 : 2);
  const paths: string[] = [];
  for (const arg of args) {
    if (arg === '' || arg.startsWith('-') || arg.includes('\0') || arg.length > MAX_PATH) continue;
    const path = isAbsolute(arg) ? arg : resolve(options.cwd, arg);
    if (options.exists(path)) paths.push(path);
  }
  return paths.slice(0, MAX_HANDOFF);
}

/** The paths a second instance sent, read defensively (it is another process). */
export function pathsFromHandoff(data: unknown): string[] | null {
  if (typeof data !== 'object' || data === null) return null;
  const paths = (data as { paths?: unknown }).paths;
  if (!Array.isArray(paths)) return null;
  return paths
    .filter((path): path is string => typeof path === 'string' && path.length > 0 && path.length <= MAX_PATH && isAbsolute(path) && !path.includes('\0'))
    .slice(0, MAX_HANDOFF);
}

export interface OpenedFilesDeps {
  grantPath: (path: string) => void;
  /** uploads:add through the dispatcher; answers with the envelope. */
  addUploads: (paths: string[]) => Promise<{ ok: boolean }>;
  showUploads: () => void;
  onError: (message: string, error?: unknown) => void;
}

/**
 * What the app does with files it was opened with (first launch, second launch, macOS
 * open-file): grant, queue in the root folder, show the uploads screen.
 */
export async function queueOpenedFiles(paths: readonly string[], deps: OpenedFilesDeps): Promise<void> {
  const granted: string[] = [];
  for (const path of paths) {
    try {
      deps.grantPath(path);
      granted.push(path);
    } catch (error) {
      deps.onError('An opened file could not be granted', error);
    }
  }
  if (granted.length > 0) {
    try {
      const result = await deps.addUploads(granted);
      if (!result.ok) deps.onError('Opened files were not added to the uploads');
    } catch (error) {
      deps.onError('Opened files were not added to the uploads', error);
    }
  }
  deps.showUploads();
}

/** Collects opened files until the core is ready, then passes each batch on. */
export class OpenedFilesInbox {
  #ready: ((paths: string[]) => void) | null = null;
  readonly #waiting: string[] = [];

  add(paths: readonly string[]): void {
    if (paths.length === 0) return;
    if (this.#ready) this.#ready([...paths]);
    else this.#waiting.push(...paths);
  }

  /** From now on batches go to `handler`; anything that arrived earlier goes first. */
  deliverTo(handler: (paths: string[]) => void): void {
    this.#ready = handler;
    if (this.#waiting.length > 0) handler(this.#waiting.splice(0));
  }
}
