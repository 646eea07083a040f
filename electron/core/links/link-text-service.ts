// Fix my links, in the core: reads a pasted text or a file the person picked, finds the
// service's links in it (link-finder.ts, with the shapes the account's own links have), tells
// each one's health (the library first, operation 15 within the limiter for ids it does not
// know: links-core's lookup), and writes the text back with every link that has a replacement
// in the link map swapped (link-rewriter.ts), byte for byte otherwise (text-document.ts).
// A big text is searched a piece at a time, giving the event loop back between pieces, so a
// 20 MB forum export does not stall the other accounts' uploads while it is read.
import { readFile, stat } from 'node:fs/promises';
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
} from '../../../shared/link-text.ts';
import type { LinkHealth } from '../../../shared/links.ts';
import { writeToFile } from '../files/write-file.ts';
import { LinkFinder, type FoundLink } from './link-finder.ts';
import { rewriteLinks, type PlacedLink } from './link-rewriter.ts';
import { templatesOf } from './link-templates.ts';
import type { KnownLink } from './known-links.ts';
import { byteSpans, decodeDocument, describeEncoding, documentOfText, type TextDocument } from './text-document.ts';
import { said } from '../../../shared/said.ts';

export interface LinkTextDeps {
  /** A few of the links the account holds: the shapes to look for. */
  knownLinks: () => KnownLink[];
  /** The health of these videos (links-core's lookupLinkHealth); an id missing from the answer is unknown. */
  lookup: (ids: readonly string[]) => Promise<ReadonlyMap<string, LinkHealth>>;
  /** Whether the person granted this path (the open dialog, the command line's argument). */
  isGranted: (path: string) => boolean;
  /** Consumes a path chosen in the save dialog: the only place a fixed text is written. */
  mayWrite: (path: string) => boolean;
}

/** The piece of text searched between two turns of the event loop. */
const PIECE_CHARS = 1 << 20;

interface Read {
  document: TextDocument;
  links: PlacedLink[];
  health: ReadonlyMap<string, LinkHealth>;
}

export class LinkTextService {
  readonly #deps: LinkTextDeps;
  /**
   * The read under way: the window asks links:check and links:fix of the same text at once
   * (the health list and the preview), and both take this one read, decode, search and lookup.
   */
  #reading: { source: LinkTextSource; read: Promise<Read> } | null = null;

  constructor(deps: LinkTextDeps) {
    this.#deps = deps;
  }

  async check(source: LinkTextSource): Promise<LinkCheckResult> {
    const { document, links, health } = await this.#read(source);
    const counts: LinkCounts = { alive: 0, takenDown: 0, gone: 0, unknown: 0 };
    for (const link of links) counts[health.get(link.id)?.state ?? 'unknown']++;
    return { encoding: describeEncoding(document), links: links.map((link) => textLink(link, document.text)), videos: [...health.values()], counts };
  }

  async fix(input: LinkFixInput): Promise<LinkFixResult> {
    const { document, links, health } = await this.#read('text' in input ? { text: input.text } : { path: input.path });
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
      await writeToFile(input.toPath, (sink) => sink.write(rewritten.bytes));
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

  #read(source: LinkTextSource): Promise<Read> {
    const reading = this.#reading;
    if (reading && sameSource(reading.source, source)) return reading.read;
    const read = this.#readNow(source);
    const entry = { source, read };
    this.#reading = entry;
    const done = (): void => {
      if (this.#reading === entry) this.#reading = null;
    };
    read.then(done, done);
    return read;
  }

  async #readNow(source: LinkTextSource): Promise<Read> {
    const document = 'text' in source ? documentOfText(source.text) : decodeDocument(await this.#readFile(source.path));
    const finder = new LinkFinder(templatesOf(this.#deps.knownLinks()));
    const found = await findInPieces(finder, document.text);
    const spans = byteSpans(document, found);
    const links: PlacedLink[] = found.map((link, i) => Object.assign(link, spans[i]!));
    const ids = [...new Set(links.map((link) => link.id))];
    const health = ids.length > 0 ? await this.#deps.lookup(ids) : new Map<string, LinkHealth>();
    return { document, links, health };
  }

  async #readFile(path: string): Promise<Buffer> {
    if (!this.#deps.isGranted(path)) throw new AppError('validation', said('link_text_read_not_chosen'), { retryable: false });
    const info = await stat(path).catch((error: unknown) => {
      throw new AppError('not_found', said('link_text_unreadable', { detail: (error as Error).message }), { retryable: false, cause: error });
    });
    if (!info.isFile()) throw new AppError('validation', said('link_text_not_file'), { retryable: false });
    if (info.size > MAX_LINK_TEXT_BYTES) throw new AppError('validation', said('link_text_too_large', { megabytes: MAX_LINK_TEXT_BYTES / 1024 / 1024 }), { retryable: false });
    return readFile(path);
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
