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
const ID = `\\w{${ID_LENGTH}}`;

const escapeRegExp = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/**
 * One character of a link as a text may write it: as itself, as the export table's HTML
 * escaping writes it (`&` → `&amp;`, and the numeric forms an editor writes), or JSON's `\/`.
 */
function charPattern(char: string): string {
  const forms = new Set([char, escapeHtml(char)]);
  if (char === '/') forms.add('\\/');
  if (char === '&') {
    forms.add('&#38;');
    forms.add('&#x26;');
  }
  const alternatives = [...forms].map(escapeRegExp);
  return alternatives.length === 1 ? alternatives[0]! : `(?:${alternatives.join('|')})`;
}

const literal = (text: string): string => [...text].map(charPattern).join('');

/** A host in any letter case (host names are case-insensitive; paths and ids are not). */
const anyCase = (host: string): string =>
  [...host].map((c) => (c.toLowerCase() !== c.toUpperCase() ? `[${c.toLowerCase()}${c.toUpperCase()}]` : charPattern(c))).join('');

/** What may come before the host: `https://`, `http://`, `//` (JSON: `\/\/`), then `www.`, each optional. */
const LEAD = /(?:(?:[hH][tT][tT][pP][sS]?:)?(?:\/\/|\\\/\\\/))?(?:[wW][wW][wW]\.)?$/;
/** The longest lead: `https:\/\/www.`. */
const LEAD_MAX = 'https:\\/\\/www.'.length;
/** Before a link written without `//`: a letter, digit or one of these makes it part of another name or path. */
const NAME_CHAR = /[\w.@/\\%~-]/;
/** Before a `//` written without a scheme: the same, and a `:` is another scheme's. */
const BEFORE_SLASHES = /[\w.@/\\%~:-]/;

export class LinkFinder {
  readonly #pattern: RegExp | null;
  readonly #templates: readonly LinkTemplate[];

  constructor(templates: readonly LinkTemplate[]) {
    this.#templates = templates;
    // One alternation, each template its own capture group: one pass over the text finds them all.
    this.#pattern =
      templates.length === 0 ? null : new RegExp(templates.map((t) => `${anyCase(t.host)}${literal(t.before)}(${ID})${literal(t.after)}(?!\\w)`).join('|'), 'dg');
  }

  get templates(): readonly LinkTemplate[] {
    return this.#templates;
  }

  /** Every link in the text, in order. */
  find(text: string): FoundLink[] {
    const found: FoundLink[] = [];
    if (!this.#pattern) return found;
    const pattern = new RegExp(this.#pattern);
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      const group = match.indices!.findIndex((span, i) => i > 0 && span !== undefined);
      const [idStart, idEnd] = match.indices![group]!;
      const start = leadStart(text, match.index);
      if (start === null) continue;
      found.push({ start, end: match.index + match[0].length, kind: this.#templates[group - 1]!.kind, id: text.slice(idStart, idEnd), idStart, template: this.#templates[group - 1]! });
    }
    return found;
  }
}

/** Where the link that has its host at `hostAt` starts (its scheme, `//` or `www.`), or null when the host is part of another name. */
function leadStart(text: string, hostAt: number): number | null {
  const window = text.slice(Math.max(0, hostAt - LEAD_MAX), hostAt);
  const lead = LEAD.exec(window)![0];
  const start = hostAt - lead.length;
  const before = start > 0 ? text[start - 1]! : '';
  if (/^(?:\/\/|\\\/)/.test(lead)) return BEFORE_SLASHES.test(before) ? null : start;
  if (/^[hH]/.test(lead)) return start; // a scheme: what comes before it is the text's own
  return NAME_CHAR.test(before) ? null : start;
}
