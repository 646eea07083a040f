// Every upload is checked once it lands (issue 26): the title the service stored against the
// name sent, and the video in its intended folder at the listing after it. A file server may
// read a name otherwise than it was sent (busboy's defaults read it as Latin-1 and keep only
// what follows a backslash; PHP keeps %22 as sent), and until this check the app showed the
// local name while the service showed another. What was found is a code with params
// (shared/upload-verification.ts); the window words it.
import type { ServiceApi } from '../api/service-api.ts';
import type { FolderCheck, TitleChangeReason, TitleCheck } from '../../../shared/upload-verification.ts';
import { fileNameAsSent, fileNameDecoded } from './file-server.ts';

/**
 * The changes known receivers make to a name, each a way to produce what such a receiver
 * stores from the name sent (none when it would change nothing). A stored title is explained
 * by the smallest set of them (applied in this order) that reproduces it.
 */
const NAME_CHANGES: ReadonlyArray<{ reason: TitleChangeReason; apply: (name: string) => string[] }> = [
  // The wire's escapes left as sent (PHP, Go), or a %22 written in the name decoded (werkzeug).
  { reason: 'escapes-kept', apply: (name) => changed(name, [fileNameAsSent(name)]) },
  { reason: 'escapes-decoded', apply: (name) => changed(name, [fileNameDecoded(name)]) },
  // UTF-8 bytes read one byte a character: ISO-8859-1 proper, and Windows-1252 (what the
  // WHATWG "latin1" label means), which turns the bytes of "—" into "â€”".
  { reason: 'read-as-latin1', apply: (name) => changed(name, [Buffer.from(name, 'utf8').toString('latin1'), WINDOWS_1252.decode(Buffer.from(name, 'utf8'))]) },
  // A Windows path rule applied on every platform (PHP's basename, busboy without preservePath).
  { reason: 'cut-at-backslash', apply: (name) => changed(name, [name.slice(name.lastIndexOf('\\') + 1)]) },
];

/**
 * Windows-1252's characters for bytes 0x80-0x9F (the rest is ISO-8859-1). Written out:
 * Node's TextDecoder('windows-1252') reads those bytes as ISO-8859-1's control characters.
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
const WINDOWS_1252 = {
  decode: (bytes: Buffer): string =>
    Array.from(bytes, (byte) => (byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80] : String.fromCharCode(byte))).join(''),
};
/** What receivers write for a character they cannot store. */
const REPLACEMENTS = new Set(['?', '_', '\uFFFD']);

function changed(name: string, variants: string[]): string[] {
  return [...new Set(variants)].filter((variant) => variant !== name);
}

/** The titles a service may give a file: its name, or its name without the extension. */
function titleForms(name: string): string[] {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name, name.slice(0, dot)] : [name];
}

/** The same characters to a person: composed and decomposed forms are one title (a Mac sends NFD). */
function sameText(a: string, b: string): boolean {
  return a === b || a.normalize('NFC') === b.normalize('NFC');
}

/** Cut to a limit: what is left is the start of the name (maybe with its extension kept), a broken last character dropped. */
function isShortened(full: string, stored: string): boolean {
  const kept = stored.replace(/\uFFFD+$/u, '').normalize('NFC');
  const whole = full.normalize('NFC');
  if (kept.length === 0 || kept.length >= whole.length) return false;
  if (whole.startsWith(kept)) return true;
  const dot = whole.lastIndexOf('.');
  if (dot <= 0) return false;
  const extension = whole.slice(dot);
  return kept.endsWith(extension) && kept.length > extension.length && whole.startsWith(kept.slice(0, -extension.length));
}

/** Some characters replaced one for one by ?, _ or �. */
function isReplaced(full: string, stored: string): boolean {
  const a = [...full.normalize('NFC')];
  const b = [...stored.normalize('NFC')];
  if (a.length !== b.length) return false;
  let replaced = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (!REPLACEMENTS.has(b[i] ?? '')) return false;
    replaced++;
  }
  return replaced > 0;
}

/** Every subset of the changes, smallest first, in table order within a size. */
function changeSets(): number[][] {
  const sets: number[][] = [];
  for (let mask = 1; mask < 1 << NAME_CHANGES.length; mask++) {
    sets.push(NAME_CHANGES.map((_, i) => i).filter((i) => (mask & (1 << i)) !== 0));
  }
  return sets.sort((a, b) => a.length - b.length);
}
const CHANGE_SETS = changeSets();

function variantsAfter(name: string, set: readonly number[]): string[] {
  let names = [name];
  for (const index of set) {
    const change = NAME_CHANGES[index];
    if (!change) return [];
    names = names.flatMap((each) => change.apply(each));
    if (names.length === 0) return [];
  }
  return names;
}

function explains(variant: string, stored: string): TitleChangeReason[] | null {
  if (titleForms(variant).some((form) => sameText(form, stored))) return [];
  if (isShortened(variant, stored)) return ['shortened'];
  if (titleForms(variant).some((form) => isReplaced(form, stored))) return ['characters-replaced'];
  return null;
}

/**
 * The stored title against the name sent: the same (also without its extension, or in
 * another Unicode normalization), or different with the reasons a known receiver explains.
 */
export function compareTitle(sentName: string, storedTitle: string | null): TitleCheck {
  if (storedTitle === null) return { status: 'unknown' };
  const direct = explains(sentName, storedTitle);
  if (direct !== null && direct.length === 0) return { status: 'same' };
  if (direct !== null) return { status: 'differs', stored: storedTitle, reasons: direct };
  for (const set of CHANGE_SETS) {
    for (const variant of variantsAfter(sentName, set)) {
      const more = explains(variant, storedTitle);
      if (more !== null) return { status: 'differs', stored: storedTitle, reasons: [...set.map((i) => NAME_CHANGES[i]!.reason), ...more] };
    }
  }
  return { status: 'differs', stored: storedTitle, reasons: [] };
}

/** The longest search operation 14's input takes (api/inputs.ts). */
const MAX_SEARCH = 200;

/**
 * A title as a search of operation 14, which matches a part of the title: a longer one is
 * searched by its start (never a half of a surrogate pair).
 */
export function titleSearch(title: string): string {
  const start = title.slice(0, MAX_SEARCH);
  return /[\uD800-\uDBFF]$/.test(start) ? start.slice(0, -1) : start;
}

const PAGE_SIZE = 100;
/** Newest first: a video that landed a moment ago is on the first page of its folder. */
const MAX_PAGES = 3;

interface FolderCheckInput {
  folderId: number;
  videoId: string;
  /** The stored title, to narrow the listing (the search matches a part of the title). */
  title: string | null;
  signal?: AbortSignal;
}

/**
 * Looks for the video in the folder it was sent to: its listing searched by the stored title,
 * then (a search the service reads otherwise finds nothing) its newest pages unfiltered.
 */
export async function checkInFolder(api: ServiceApi, input: FolderCheckInput): Promise<FolderCheck> {
  const options = input.signal ? { signal: input.signal } : undefined;
  const searches = input.title ? [titleSearch(input.title), undefined] : [undefined];
  try {
    for (const search of searches) {
      for (let page = 1; page <= MAX_PAGES; page++) {
        const result = await api.videos({ folder: input.folderId, page, perPage: PAGE_SIZE, ...(search ? { search } : {}) }, options);
        if (result.list.some((video) => video.id === input.videoId)) return 'found';
        if (result.list.length < PAGE_SIZE) break;
      }
    }
    return 'missing';
  } catch {
    // Offline, refused or stopped: the upload itself succeeded; the check is only not made.
    return 'unchecked';
  }
}
