// Writes a text back with each link that has a replacement in the link map swapped: a download
// link for the new video's download link, an embed link for its embed link. Only the links'
// bytes change (text-document.ts keeps every other byte). A replacement on the same host in the
// same shape swaps only the id, so the link keeps how it was written (scheme or none, `www.`,
// the host's letter case, HTML's `&amp;`); one elsewhere is written in full, escaped as the old
// one was (HTML's `&amp;` in an attribute, JSON's `\/`).
import { escapeHtml } from '../../../shared/export-formats.ts';
import type { LinkChange } from '../../../shared/link-text.ts';
import type { Replacement } from '../../../shared/links.ts';
import type { FoundLink } from './link-finder.ts';
import { templateOf, type LinkTemplate } from './link-templates.ts';
import { editedParts, type ByteSpan, type Edit, type TextDocument } from './text-document.ts';

export type PlacedLink = FoundLink & ByteSpan;

export interface Rewritten {
  /** The fixed text's bytes, in pieces to write in order (the originals between the links). */
  parts: readonly Buffer[];
  /** The same bytes whole (joined when read). */
  readonly bytes: Buffer;
  /** The fixed text as characters (null when not asked for). */
  text: string | null;
  changes: LinkChange[];
}

const sameShape = (a: LinkTemplate, b: LinkTemplate): boolean => a.kind === b.kind && a.host === b.host && a.before === b.before && a.after === b.after;

/** The replacement link as this one is written. */
function replacementText(text: string, link: FoundLink, replacement: Replacement): string {
  const url = link.kind === 'download' ? replacement.downloadUrl : replacement.embedUrl;
  const template = templateOf(link.kind, url, replacement.videoId);
  const written = text.slice(link.start, link.end);
  if (template && sameShape(template, link.template)) return `${text.slice(link.start, link.idStart)}${replacement.videoId}${text.slice(link.idStart + link.id.length, link.end)}`;
  // An HTML attribute's value (or a link already written with an entity) takes HTML's escaping.
  if (/=\s*["']$/.test(text.slice(Math.max(0, link.start - 8), link.start)) || /&(?:amp|#0*38|#x0*26);/i.test(written)) return escapeHtml(url);
  if (written.includes('\\/')) return url.replace(/\//g, '\\/');
  return url;
}

/** The text with each link whose video `replacementOf` answers replaced (links in order). */
export function rewriteLinks(document: TextDocument, links: readonly PlacedLink[], replacementOf: (videoId: string) => Replacement | undefined, want: { text: boolean } = { text: true }): Rewritten {
  const { text } = document;
  const edits: Edit[] = [];
  const changes: LinkChange[] = [];
  const pieces: string[] = [];
  let at = 0;
  let written = 0;
  for (const link of links) {
    const replacement = replacementOf(link.id);
    if (!replacement) continue;
    const after = replacementText(text, link, replacement);
    const before = text.slice(link.start, link.end);
    if (want.text) pieces.push(text.slice(at, link.start), after);
    const newStart = written + (link.start - at);
    written = newStart + after.length;
    at = link.end;
    edits.push({ byteStart: link.byteStart, byteEnd: link.byteEnd, text: after });
    changes.push({ start: link.start, end: link.end, byteStart: link.byteStart, byteEnd: link.byteEnd, kind: link.kind, oldId: link.id, newId: replacement.videoId, before, after, newStart, newEnd: written });
  }
  if (edits.length === 0) return { parts: [document.bytes], bytes: document.bytes, text: want.text ? text : null, changes };
  pieces.push(text.slice(at));
  const parts = editedParts(document, edits);
  return {
    parts,
    get bytes() {
      return Buffer.concat(parts);
    },
    text: want.text ? pieces.join('') : null,
    changes,
  };
}
