// The person's settings, in a small JSON file in the app's data folder. Written atomically
// (temp file, fsync, rename) so a crash mid-write leaves the old file or the new one, never
// half of one. Read leniently: a corrupt or hand-edited file keeps every field that is
// still valid and falls back to the default for the rest; it never stops the app.
import fs from 'node:fs';
import { isHttpUrl, needsPlainHttpConsent } from '../../../shared/model.ts';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { AppError } from '../../../shared/errors.ts';
import { Settings } from '../../../shared/model.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings-defaults.ts';
import type { Logger } from '../log/logger.ts';
import { describeIssues } from '../rpc/dispatch.ts';
import type { EventSink } from '../rpc/events.ts';
import { asideName } from '../startup/notices.ts';
import { Listeners } from '../listeners.ts';
import { said } from '../../../shared/said.ts';

export type { Settings };

// The defaults are the model's (shared/settings-defaults.ts): tests build their settings from them.
export { DEFAULT_SETTINGS };

const FIELDS = Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[];

type SettingsListener = (settings: Settings, previous: Settings) => void;

interface SettingsStoreOptions {
  /** e.g. <dataDir>/settings.json */
  file: string;
  events?: EventSink;
  logger?: Logger;
  /**
   * The file could not be used and the defaults apply: `keptFile` is the copy set aside
   * (null when it could not even be read). Called from the constructor.
   */
  onDamaged?: (keptFile: string | null) => void;
  /**
   * Values that win over the file and are never written to it: the command line's service
   * address (VIDLIFT_BASE_URL) and its --concurrency / --bwlimit, so running it never
   * changes the desktop app's settings.
   */
  fixed?: Partial<Settings>;
}

/** Valid fields of whatever was on disk, defaults for the rest, plus the names of fields that were dropped. */
export function settingsFromUnknown(raw: unknown): { settings: Settings; dropped: string[] } {
  const source = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const settings: Settings = { ...DEFAULT_SETTINGS };
  const dropped: string[] = [];
  for (const field of FIELDS) {
    if (!(field in source)) continue;
    const parsed = Settings.shape[field].safeParse(source[field]);
    if (parsed.success && (field !== 'baseUrl' || parsed.data === null || acceptedAddress(parsed.data as string, source.plainHttpAllowed))) {
      (settings as Record<string, unknown>)[field] = parsed.data;
    } else {
      dropped.push(field);
    }
  }
  return { settings, dropped };
}

const isHttpAddress = isHttpUrl;

/** A kept address is used only if it is http(s), and plain http only on this computer or as confirmed. */
function acceptedAddress(address: string, allowed: unknown): boolean {
  if (!isHttpAddress(address)) return false;
  if (!needsPlainHttpConsent(address)) return true;
  return Array.isArray(allowed) && allowed.includes(new URL(address).origin);
}

const SettingsPatch = Settings.partial().strict();

export class SettingsStore {
  readonly #file: string;
  readonly #events: EventSink | undefined;
  readonly #logger: Logger | undefined;
  readonly #listeners: Listeners<Parameters<SettingsListener>>;
  readonly #onDamaged: ((keptFile: string | null) => void) | undefined;
  readonly #fixed: Partial<Settings>;
  #current: Settings;
  /** What the renderer is shown of the settings (AccountRegistry: the shown account's watch folders only). */
  #present: (settings: Settings) => Settings = (settings) => settings;
  /** Writes run one after another, so the file always ends with the last update. */
  #writing: Promise<void> = Promise.resolve();

  constructor(options: SettingsStoreOptions) {
    this.#file = options.file;
    this.#events = options.events;
    this.#logger = options.logger;
    this.#listeners = new Listeners((error) => this.#logger?.error('settings listener failed', { error }));
    this.#onDamaged = options.onDamaged;
    this.#fixed = options.fixed ?? {};
    this.#current = this.#load();
  }

  get(): Settings {
    return { ...this.#current, ...this.#fixed };
  }

  /** The settings as the renderer sees them (settings:get, settings:changed). */
  presented(): Settings {
    return this.#present(this.get());
  }

  present(view: (settings: Settings) => Settings): void {
    this.#present = view;
  }

  /** Validates and applies a partial change, writes it, then tells listeners and the renderer. */
  async update(patch: Partial<Settings>): Promise<Settings> {
    const parsed = SettingsPatch.safeParse(patch);
    if (!parsed.success) throw new AppError('validation', said('settings_refused', { detail: describeIssues(parsed.error) }), { retryable: false });
    if (parsed.data.baseUrl !== undefined && parsed.data.baseUrl !== null && !isHttpAddress(parsed.data.baseUrl)) {
      throw new AppError('validation', said('settings_url_scheme'), { retryable: false });
    }
    const fixed = Object.keys(parsed.data).filter((field) => field in this.#fixed);
    if (fixed.length > 0) throw new AppError('validation', said('settings_fixed', { names: fixed.join(', ') }), { retryable: false });
    const previous = this.#current;
    const next: Settings = { ...previous };
    for (const [field, value] of Object.entries(parsed.data)) {
      if (value !== undefined) (next as Record<string, unknown>)[field] = value;
    }
    if (FIELDS.every((field) => next[field] === previous[field])) return this.get();
    const write = this.#writing.then(() => writeAtomically(this.#file, `${JSON.stringify(next, null, 2)}\n`));
    this.#writing = write.catch(() => undefined);
    try {
      await write;
    } catch (error) {
      this.#logger?.error('settings could not be saved', { error });
      throw new AppError('internal', said('settings_not_saved'), { retryable: true, cause: error });
    }
    this.#current = next;
    this.#events?.emit('settings:changed', this.presented());
    this.#listeners.notify(this.get(), { ...previous, ...this.#fixed });
    return this.get();
  }

  onChange(listener: SettingsListener): () => void {
    return this.#listeners.add(listener);
  }

  #load(): Settings {
    let text: string;
    try {
      text = fs.readFileSync(this.#file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.#logger?.warn('settings file unreadable, using defaults', { error });
        this.#onDamaged?.(null);
      }
      return { ...DEFAULT_SETTINGS };
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      this.#logger?.warn('settings file is not valid JSON, using defaults', { file: this.#file });
      this.#onDamaged?.(this.#setAside());
      return { ...DEFAULT_SETTINGS };
    }
    const { settings, dropped } = settingsFromUnknown(raw);
    if (dropped.length > 0) this.#logger?.warn('settings fields were invalid and reset to defaults', { fields: dropped });
    return settings;
  }

  /** Keeps a copy of the damaged file (the next save replaces it); null when even that fails. */
  #setAside(): string | null {
    const kept = asideName(this.#file);
    try {
      fs.copyFileSync(this.#file, kept, fs.constants.COPYFILE_EXCL);
      return kept;
    } catch (error) {
      this.#logger?.warn('the damaged settings file could not be copied aside', { error });
      return null;
    }
  }
}

/** Write to a temp file beside the target, flush it to disk, then rename over the target. */
export async function writeAtomically(file: string, content: string): Promise<void> {
  const dir = path.dirname(file);
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await fs.promises.open(temp, 'w', 0o600);
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.promises.rename(temp, file);
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
  // The rename itself is only durable once the folder is flushed (not possible on Windows).
  if (process.platform !== 'win32') {
    const dirHandle = await fs.promises.open(dir, 'r').catch(() => null);
    await dirHandle?.sync().catch(() => undefined);
    await dirHandle?.close();
  }
}
