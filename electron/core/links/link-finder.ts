// Finds this service's links in a text a person posted somewhere: a forum post (BBCode), a web
// page (HTML), Markdown, plain text, a site's CSV or JSON. A link is one of the account's link
// templates (link-templates.ts), written with or without its scheme and `www.`, its host in any
// case, in the escaped forms the app's own export formats write (shared/export-formats.ts:
// HTML's `&amp;`) and the ones a site's JSON writes (`\/`). A host that merely ends with the
// service's name (`notdood.to`), a subdomain of it, or the host's name as a path on another site
// is not the service's link.
import { escapeHtml } from '../../../shared/export-formats.ts';
import type { LinkKind } from '../../../shared/link-text.ts';
import type { LinkTemplate } from './link-templates.ts';

/** One link as written in the text: [start, end) in the text's characters. */
export interface FoundLink {
  start: number;
  end: number;
  kind: LinkKind;
  id: string;
  /** Where the id starts: a replacement on the same host swaps only the id. */
  idStart: number;
  /** The template it matched (its host tells a replacement on the same host). */
  template: LinkTemplate;
}

/** A video id as the service writes it (service-api.md: `^\w{12}$`). */
const ID_LENGTH = 12;

/**
 * One character of a link as a text may write it: as itself, as the export table's HTML
 * escaping writes it (`&` → `&amp;`, and the numeric forms an editor writes), or JSON's `\/`.
 */
function formsOf(char: string): string[] {
  const forms = new Set([char, escapeHtml(char)]);
  if (char === '/') forms.add('\\/');
  if (char === '&') {
    forms.add('&#38;');
    forms.add('&#x26;');
  }
  // The longest first: `&amp;x` is the escaped `&x`, not `&` followed by `amp;x`.
  return [...forms].sort((a, b) => b.length - a.length);
}

/** A literal part of a link as matching code: each character in any of its forms. */
type Literal = readonly (readonly string[])[];
const literalOf = (text: string): Literal => [...text].map(formsOf);

/** Where `literal` ends when it is written at `at`, or -1. */
function matchLiteral(text: string, at: number, literal: Literal): number {
  let position = at;
  for (const forms of literal) {
    const form = forms.find((candidate) => text.startsWith(candidate, position));
    if (form === undefined) return -1;
    position += form.length;
  }
  return position;
}

const isWordCode = (code: number): boolean => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;

/** Where an id of 12 word characters that ends there starts at `at` ends, or -1. */
function matchId(text: string, at: number): number {
  const end = at + ID_LENGTH;
  if (end > text.length) return -1;
  for (let i = at; i < end; i++) if (!isWordCode(text.charCodeAt(i))) return -1;
  return end;
}

interface CompiledTemplate {
  template: LinkTemplate;
  before: Literal;
  after: Literal;
}

const escapeRegExp = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

export class LinkFinder {
  readonly #hosts: RegExp | null;
  /** Per host: its templates, the most specific (longest `before`) first. */
  readonly #byHost = new Map<string, CompiledTemplate[]>();
  readonly #templates: readonly LinkTemplate[];

  constructor(templates: readonly LinkTemplate[]) {
    this.#templates = templates;
    for (const template of [...templates].sort((a, b) => b.before.length - a.before.length)) {
      const list = this.#byHost.get(template.host) ?? [];
      list.push({ template, before: literalOf(template.before), after: literalOf(template.after) });
      this.#byHost.set(template.host, list);
    }
    // The hosts are the one part searched by a regular expression (any letter case, the
    // longest first); the rest is compared in place, which keeps 100,000 links in 20 MB fast.
    const hosts = [...this.#byHost.keys()].sort((a, b) => b.length - a.length);
    this.#hosts = hosts.length === 0 ? null : new RegExp(hosts.map(escapeRegExp).join('|'), 'gi');
  }

  get templates(): readonly LinkTemplate[] {
    return this.#templates;
  }

  /** Every link in the text (or in its characters [from, to), cut at a line end), in order. */
  find(text: string, from = 0, to = text.length): FoundLink[] {
    const found: FoundLink[] = [];
    if (!this.#hosts) return found;
    const hosts = new RegExp(this.#hosts);
    hosts.lastIndex = from;
    while (hosts.test(text)) {
      const hostEnd = hosts.lastIndex;
      if (hostEnd > to) break;
      const link = this.#linkAt(text, hostEnd);
      if (link) {
        found.push(link);
        hosts.lastIndex = link.end;
      }
    }
    return found;
  }

  /** The link whose host ends at `hostEnd`, or null. */
  #linkAt(text: string, hostEnd: number): FoundLink | null {
    for (const [host, compiled] of this.#byHost) {
      const hostAt = hostEnd - host.length;
      if (hostAt < 0 || !isAnyCase(text, hostAt, host)) continue;
      for (const { template, before, after } of compiled) {
        const idStart = matchLiteral(text, hostEnd, before);
        if (idStart < 0) continue;
        const idEnd = matchId(text, idStart);
        if (idEnd < 0) continue;
        const end = matchLiteral(text, idEnd, after);
        if (end < 0 || (end < text.length && isWordCode(text.charCodeAt(end)))) continue;
        const start = leadStart(text, hostAt);
        if (start === null) return null;
        return { start, end, kind: template.kind, id: text.slice(idStart, idEnd), idStart, template };
      }
    }
    return null;
  }
}

/** Whether `word` (lowercase ASCII) is written at `at` in any letter case (compared in place: a million candidates make no strings). */
function isAnyCase(text: string, at: number, word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const code = text.charCodeAt(at + i);
    const want = word.charCodeAt(i);
    // a-z, and A-Z 0x20 below them.
    if (code !== want && !(want >= 0x61 && want <= 0x7a && code === want - 0x20)) return false;
  }
  return true;
}

/** Whether `word` (lowercase) is written, in any letter case, just before `at`. */
const endsWithAnyCase = (text: string, at: number, word: string): boolean => at >= word.length && isAnyCase(text, at - word.length, word);

/** Before a link written without `//`: a letter, digit or one of these makes it part of another name or path. */
const NAME_CHAR = /[\w.@/\\%~-]/;
/** Before a `//` written without a scheme: the same, and a `:` is another scheme's. */
const BEFORE_SLASHES = /[\w.@/\\%~:-]/;

/**
 * Where the link that has its host at `hostAt` starts: at its scheme (`https:`, `http:`), its
 * `//` (JSON: `\/\/`) or its `www.`, each optional; null when the host is part of another
 * name (`notdood.to`, `cdn.dood.to`) or a path elsewhere (`example.com/dood.to`).
 */
function leadStart(text: string, hostAt: number): number | null {
  let start = hostAt;
  if (endsWithAnyCase(text, start, 'www.')) start -= 4;
  const slashes = ['//', '\\/\\/'].find((form) => start >= form.length && text.startsWith(form, start - form.length));
  if (slashes === undefined) return start > 0 && NAME_CHAR.test(text[start - 1]!) ? null : start;
  start -= slashes.length;
  const scheme = ['https:', 'http:'].find((word) => endsWithAnyCase(text, start, word));
  if (scheme !== undefined) return start - scheme.length; // what comes before a scheme is the text's own
  return start > 0 && BEFORE_SLASHES.test(text[start - 1]!) ? null : start;
}
