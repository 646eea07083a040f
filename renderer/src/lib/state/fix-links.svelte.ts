// Fix my links (issue 29): a pasted text or a picked file, every link of the service in it with
// its health (links:check), and the text written back with each dead link that has a
// replacement swapped (links:fix): previewed side by side, copied, or saved through the save
// dialog in the encoding it was read in. The core finds and rewrites; this manager holds what
// the view shows. When an Upload again of one of the text's dead videos is confirmed (the
// link map gains its pair: links:paired), it checks the text again by itself, so the preview
// offers the new link.
import type { LinkCheckResult, LinkFixResult, LinkTextSource } from '../../../../shared/link-text.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';
import { notices as defaultNotices, type Notices } from './notices.svelte.ts';
import { accountLifecycle } from './account-lifecycle.ts';
import { baseName } from '../format.ts';
import { originalText } from '../link-preview.ts';
import { m } from '../i18n.svelte.ts';

export interface PickedFile {
  path: string;
  name: string;
}

/** "post.txt" → "post (fixed).txt"; a pasted text → "fixed links.txt" (the words in the person's language, the extension kept). */
export function fixedName(file: PickedFile | null): string {
  if (!file) return `${m.links_fixed_default_name()}.txt`;
  const dot = file.name.lastIndexOf('.');
  return dot > 0 ? `${m.links_fixed_file_name({ name: file.name.slice(0, dot) })}${file.name.slice(dot)}` : m.links_fixed_file_name({ name: file.name });
}

export class FixLinks {
  /** The pasted text (ignored while a file is picked). */
  text = $state('');
  file = $state.raw<PickedFile | null>(null);
  check = $state.raw<LinkCheckResult | null>(null);
  fix = $state.raw<LinkFixResult | null>(null);
  /** The text as read (rebuilt from the fix: a picked file's text is not in the window otherwise). */
  original = $state.raw<string | null>(null);
  busy = $state(false);
  readonly #api: ApiClient;
  readonly #notices: Notices;
  /** Bumped by every run and by a new input: an answer about an older input is dropped. */
  #run = 0;

  constructor(api: ApiClient = defaultApi, notices: Notices = defaultNotices) {
    this.#api = api;
    this.#notices = notices;
  }

  /** Follows the link map: a pair for a dead video of the text shown checks it again. */
  start(): () => void {
    return this.#api.on('links:paired', ({ pairs }) => {
      const dead = this.fix?.dead ?? [];
      if (!pairs.some((pair) => dead.some((d) => d.videoId === pair.oldId))) return;
      this.run().catch((error: unknown) => this.#notices.error(m.links_check_again_failed(), error));
    });
  }

  get source(): LinkTextSource | null {
    if (this.file) return { path: this.file.path };
    return this.text.length > 0 ? { text: this.text } : null;
  }

  /** A new pasted text: what was found in the last one no longer applies. */
  setText(text: string): void {
    this.text = text;
    this.file = null;
    this.#clear();
  }

  /** A file picked in the open dialog or dropped (its path already granted to the core). */
  setFile(path: string): void {
    this.file = { path, name: baseName(path) };
    this.text = '';
    this.#clear();
  }

  /** The open dialog for a text; false when it was cancelled. */
  async pickFile(): Promise<boolean> {
    const { paths } = await this.#api.call('dialog:openFiles', { kind: 'text' });
    const path = paths[0];
    if (path === undefined) return false;
    this.setFile(path);
    return true;
  }

  /** Finds the links with their health and what fixing would change (nothing is written). */
  async run(): Promise<void> {
    const source = this.source;
    if (!source) return;
    const run = ++this.#run;
    this.busy = true;
    try {
      const [check, fix] = await Promise.all([this.#api.call('links:check', source), this.#api.call('links:fix', source)]);
      if (run !== this.#run) return;
      this.check = check;
      this.fix = fix;
      this.original = fix.text === null ? null : originalText(fix.text, fix.changes);
    } finally {
      if (run === this.#run) this.busy = false;
    }
  }

  /** The save dialog, then the fixed text written there in the encoding it was read in; null: cancelled. */
  async save(): Promise<string | null> {
    const source = this.source;
    if (!source) return null;
    const { path } = await this.#api.call('dialog:saveFile', { suggestedName: fixedName(this.file) });
    if (path === null) return null;
    const written = await this.#api.call('links:fix', { ...source, toPath: path });
    return written.written;
  }

  /** Back to an empty view (another account shown: its link map no longer applies). */
  reset(): void {
    this.text = '';
    this.file = null;
    this.#clear();
  }

  #clear(): void {
    this.#run++;
    this.busy = false;
    this.check = null;
    this.fix = null;
    this.original = null;
  }
}

export const fixLinks = new FixLinks();
accountLifecycle.register({ name: 'fix-links', follow: () => fixLinks.start(), forget: () => fixLinks.reset() });
