// Fix my links, in the core: reads a pasted text or a file the person picked, finds the
// service's links in it (link-finder.ts, with the shapes the account's own links have), tells
// each one's health (the library first, operation 15 within the limiter for ids it does not
// know: links-core's lookup), and writes the text back with every link that has a replacement
// in the link map swapped (link-rewriter.ts), byte for byte otherwise (text-document.ts).
// A big text is searched a piece at a time, giving the event loop back between pieces, so a
// 20 MB forum export does not stall the other accounts' uploads while it is read.
// One read serves a check and a fix of the same text: asked at once (the window's health list
// and preview) or one after the other (Save as… after the preview), while the text and the
// library are as they were; alive videos' titles are read only for a check (a fix needs the
// dead ones alone).
import { open, stat } from 'node:fs/promises';
import { AppError } from '../../../shared/errors.ts';
import {
  MAX_LINK_TEXT_BYTES,
  UPLOAD_AGAIN_OF,
  type DeadLink,
  type LinkCheckResult,
  type LinkCounts,
  type LinkFixInput,
  type LinkFixResult,
  type LinkTextSource,
  type TextLink,
  type UnknownVideo,
} from '../../../shared/link-text.ts';
import type { LinkHealth } from '../../../shared/links.ts';
import { writeToFile } from '../files/write-file.ts';
import { LinkFinder, type FoundLink } from './link-finder.ts';
import { rewriteLinks, type PlacedLink } from './link-rewriter.ts';
import { templatesOf } from './link-templates.ts';
import type { HealthAnswer } from './health-lookup.ts';
import type { KnownLink } from './known-links.ts';
import { byteSpans, decodeDocument, describeEncoding, documentOfText, type TextDocument } from './text-document.ts';
import { said } from '../../../shared/said.ts';

export interface LinkTextDeps {
  /** A few of the links the account holds: the shapes to look for. */
  knownLinks: () => KnownLink[];
  /** The health of these videos, alive ones without their details (links-core's lookupLinkHealth). */
  lookup: (ids: readonly string[]) => Promise<HealthAnswer>;
  /** The title and folder of these alive videos (a check lists them). */
  aliveDetails: (ids: readonly string[]) => Array<{ id: string; title: string; folderId: number }>;
  /** What the library is now: a read made when it was otherwise may tell health that changed since. */
  libraryVersion: () => string;
  /** Whether the person granted this path (the open dialog, the command line's argument). */
  isGranted: (path: string) => boolean;
  /** Consumes a path chosen in the save dialog: the only place a fixed text is written. */
  mayWrite: (path: string) => boolean;
}

/** The piece of text searched between two turns of the event loop. */
const PIECE_CHARS = 1 << 20;

/** How long a read is kept for the next check or fix of the same text (the text is tens of MB in memory). */
const KEEP_READ_MS = 60_000;

/** A file as it was read: another size or mtime since means another text. */
interface FileStamp {
  size: number;
  mtimeMs: number;
}

interface Read {
  document: TextDocument;
  links: PlacedLink[];
  health: HealthAnswer;
  /** The file's stamp when read (null: a pasted text). */
  stamp: FileStamp | null;
  /** The library's version the health was read at. */
  version: string;
  /** The health with the alive videos' details, once a check asked for it. */
  detailed: Promise<Map<string, LinkHealth>> | null;
}

export class LinkTextService {
  readonly #deps: LinkTextDeps;
  /** The last read (under way or done), for the next check or fix of the same text. */
  #last: { source: LinkTextSource; read: Promise<Read>; settled: boolean } | null = null;
  #forget: ReturnType<typeof setTimeout> | undefined;

  constructor(deps: LinkTextDeps) {
    this.#deps = deps;
  }

  async check(source: LinkTextSource): Promise<LinkCheckResult> {
    const read = await this.#read(source);
    const { document, links } = read;
    const health = await this.#detailed(read);
    const counts: LinkCounts = { alive: 0, takenDown: 0, gone: 0, unknown: 0 };
    for (const link of links) counts[health.get(link.id)?.state ?? 'unknown']++;
    const unknown: UnknownVideo[] = [...read.health.unknown].map(([videoId, reason]) => ({ videoId, reason }));
    return { encoding: describeEncoding(document), links: links.map((link) => textLink(link, document.text)), videos: [...health.values()], unknown, counts };
  }

  async fix(input: LinkFixInput): Promise<LinkFixResult> {
    const read = await this.#read('text' in input ? { text: input.text } : { path: input.path });
    const { document, links } = read;
    const health = read.health.found;
    // Written to a file, the fixed text is bytes only: no 20 MB string is made for nobody.
    const rewritten = rewriteLinks(document, links, (id) => health.get(id)?.replacement, { text: input.toPath === undefined });
    const dead = new Map<string, DeadLink>();
    let stillDead = 0;
    for (const link of links) {
      const video = health.get(link.id);
      if (!video || video.state === 'alive' || video.replacement) continue;
      stillDead++;
      const known = dead.get(link.id);
      if (known) known.links++;
      else
        dead.set(link.id, {
          videoId: link.id,
          state: video.state,
          ...(video.title !== undefined ? { title: video.title } : {}),
          links: 1,
          uploadAgain: video.localSource ? UPLOAD_AGAIN_OF[video.localSource.status] : 'noSource',
        });
    }
    let written: string | null = null;
    if (input.toPath !== undefined) {
      if (!this.#deps.mayWrite(input.toPath)) throw new AppError('validation', said('link_text_write_not_chosen'), { retryable: false });
      await writeToFile(input.toPath, async (sink) => {
        for (const part of rewritten.parts) await sink.write(part);
      });
      written = input.toPath;
    }
    return {
      encoding: describeEncoding(document),
      text: written === null ? rewritten.text : null,
      written,
      changes: rewritten.changes,
      replaced: rewritten.changes.length,
      stillDead,
      dead: [...dead.values()],
    };
  }

  /** The read of `source`: the one under way, or the last one while its text and the library are unchanged, or a new one. */
  async #read(source: LinkTextSource): Promise<Read> {
    if ('path' in source) this.#granted(source.path);
    const last = this.#last;
    if (last && sameSource(last.source, source) && (!last.settled || (await this.#stillValid(source, await last.read)))) return last.read;
    const read = this.#readNow(source);
    const entry = { source, read, settled: false };
    this.#last = entry;
    clearTimeout(this.#forget);
    read.then(
      () => {
        entry.settled = true;
        this.#forget = setTimeout(() => {
          if (this.#last === entry) this.#last = null;
        }, KEEP_READ_MS);
        this.#forget.unref?.();
      },
      () => {
        if (this.#last === entry) this.#last = null;
      },
    );
    return read;
  }

  async #stillValid(source: LinkTextSource, read: Read): Promise<boolean> {
    // Unknown health is asked again: the service may answer now.
    if (read.version !== this.#deps.libraryVersion() || read.health.unknown.size > 0) return false;
    if (!('path' in source) || read.stamp === null) return true;
    const now = await stat(source.path).catch(() => null);
    return now !== null && now.size === read.stamp.size && now.mtimeMs === read.stamp.mtimeMs;
  }

  async #readNow(source: LinkTextSource): Promise<Read> {
    // The library's version before anything is read: a change during the read makes the next one read again.
    const version = this.#deps.libraryVersion();
    const file = 'text' in source ? null : await this.#readFile(source.path);
    const document = file === null ? documentOfText((source as { text: string }).text) : decodeDocument(file.bytes);
    const finder = new LinkFinder(templatesOf(this.#deps.knownLinks()));
    const found = await findInPieces(finder, document.text);
    const spans = byteSpans(document, found);
    const links: PlacedLink[] = found.map((link, i) => Object.assign(link, spans[i]!));
    const ids = [...new Set(links.map((link) => link.id))];
    const health: HealthAnswer = ids.length > 0 ? await this.#deps.lookup(ids) : { found: new Map(), listed: new Set(), unknown: new Map() };
    return { document, links, health, stamp: file?.stamp ?? null, version, detailed: null };
  }

  /** The read's health with each alive video's title and folder (read once per read). */
  #detailed(read: Read): Promise<Map<string, LinkHealth>> {
    read.detailed ??= Promise.resolve().then(() => {
      const health = new Map(read.health.found);
      for (const video of this.#deps.aliveDetails([...read.health.listed])) health.set(video.id, { videoId: video.id, state: 'alive', title: video.title, folderId: video.folderId });
      return health;
    });
    return read.detailed;
  }

  #granted(path: string): void {
    if (!this.#deps.isGranted(path)) throw new AppError('validation', said('link_text_read_not_chosen'), { retryable: false });
  }

  async #readFile(path: string): Promise<{ bytes: Buffer; stamp: FileStamp }> {
    const handle = await open(path, 'r').catch((error: unknown) => {
      throw new AppError('not_found', said('link_text_unreadable', { detail: (error as Error).message }), { retryable: false, cause: error });
    });
    try {
      // The stamp and the bytes of one open file: what was read is what the stamp describes.
      const info = await handle.stat();
      if (!info.isFile()) throw new AppError('validation', said('link_text_not_file'), { retryable: false });
      if (info.size > MAX_LINK_TEXT_BYTES) throw new AppError('validation', said('link_text_too_large', { megabytes: MAX_LINK_TEXT_BYTES / 1024 / 1024 }), { retryable: false });
      return { bytes: await handle.readFile(), stamp: { size: info.size, mtimeMs: info.mtimeMs } };
    } finally {
      await handle.close();
    }
  }
}

const sameSource = (a: LinkTextSource, b: LinkTextSource): boolean => ('text' in a && 'text' in b ? a.text === b.text : 'path' in a && 'path' in b && a.path === b.path);

const textLink = (link: PlacedLink, text: string): TextLink => ({
  start: link.start,
  end: link.end,
  byteStart: link.byteStart,
  byteEnd: link.byteEnd,
  kind: link.kind,
  videoId: link.id,
  written: text.slice(link.start, link.end),
});

/** The finder over the text a piece at a time, each piece ending at a line end (a link holds none). */
async function findInPieces(finder: LinkFinder, text: string): Promise<FoundLink[]> {
  const found: FoundLink[] = [];
  for (let at = 0; at < text.length; ) {
    const newline = text.indexOf('\n', at + PIECE_CHARS);
    const end = newline < 0 ? text.length : newline + 1;
    for (const link of finder.find(text, at, end)) found.push(link);
    at = end;
    if (at < text.length) await new Promise((resolve) => setImmediate(resolve));
  }
  return found;
}
