// The shape of this service's links, learned from links it handed out. The service gives every
// video its download and embed link (operation 15's `links`); the app never builds one, so the
// finder does not restate a URL format either: it takes each known link apart around its
// video's id (`https://host/d/{id}`) and looks for that shape. Mirrors and older domains are
// found as long as the account knows one link on them (a tombstone or a link map pair).
import type { LinkKind } from '../../../shared/link-text.ts';

/** Where a link's id sits: `host` (lowercase, port kept, no `www.`) + `before` + id + `after`. */
export interface LinkTemplate {
  kind: LinkKind;
  host: string;
  before: string;
  after: string;
}

/** The link's own part of `https://www.host/…`: its host, lowercase, without `www.`. */
const SCHEME_AND_HOST = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]+)/i;
const WWW = /^www\./;

/** The template of one link, or null when the link does not carry its id after the host. */
export function templateOf(kind: LinkKind, url: string, id: string): LinkTemplate | null {
  const head = SCHEME_AND_HOST.exec(url);
  if (!head || id.length === 0) return null;
  const rest = url.slice(head[0].length);
  const at = rest.lastIndexOf(id);
  if (at < 0) return null;
  return { kind, host: head[1]!.toLowerCase().replace(WWW, ''), before: rest.slice(0, at), after: rest.slice(at + id.length) };
}

/** Known links as the distinct templates they make (a million links make two or three). */
export function templatesOf(links: Iterable<{ id: string; download: string; embed: string }>): LinkTemplate[] {
  const found = new Map<string, LinkTemplate>();
  for (const link of links) {
    for (const kind of ['download', 'embed'] as const) {
      const template = templateOf(kind, link[kind], link.id);
      if (template) found.set(`${template.kind}\n${template.host}\n${template.before}\n${template.after}`, template);
    }
  }
  return [...found.values()];
}
