// Fix my links (issue 29, item 4): a text a person posted (BBCode, HTML, Markdown, plain text,
// a site's CSV), the service's links found in it with their health, and the same text written
// back with each dead link that has a replacement in the link map swapped. The core finds and
// rewrites (electron/core/links/link-text-service.ts); the window and the command line word it.
import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';
import { LocalPath } from './model.ts';
import { LinkHealth, SourceStatus, VideoHealth } from './links.ts';

export const LinkKind = z.enum(['download', 'embed']);
export type LinkKind = z.infer<typeof LinkKind>;

/** The largest text that is checked or fixed: a file's bytes, a pasted text's characters (a forum's whole export fits many times over). */
export const MAX_LINK_TEXT_BYTES = 128 * 1024 * 1024;

/** A pasted text, or a file picked in the open dialog (or named on the command line). */
export const LinkTextSource = z.union([z.strictObject({ text: z.string().max(MAX_LINK_TEXT_BYTES) }), z.strictObject({ path: LocalPath })]);
export type LinkTextSource = z.infer<typeof LinkTextSource>;

/**
 * A place in the text: [start, end) in its characters (what the preview marks) and
 * [byteStart, byteEnd) in its bytes as read (a pasted text's bytes are its UTF-8).
 */
const Span = { start: z.number().int().min(0), end: z.number().int().min(0), byteStart: z.number().int().min(0), byteEnd: z.number().int().min(0) };

/** One link in the text; `written`: as the text writes it. */
export const TextLink = z.object({ ...Span, kind: LinkKind, videoId: z.string(), written: z.string() });
export type TextLink = z.infer<typeof TextLink>;

/** How the text was read: the encoding it was decoded with, and whether it began with a byte-order mark. */
export const TextEncoding = z.object({ name: z.string(), bom: z.boolean() });
export type TextEncoding = z.infer<typeof TextEncoding>;

/** Links per health; `unknown`: the library does not know the video and the service could not be asked. */
export const LinkCounts = z.object({ alive: z.number().int(), takenDown: z.number().int(), gone: z.number().int(), unknown: z.number().int() });
export type LinkCounts = z.infer<typeof LinkCounts>;

/**
 * A video whose health could not be told: the library does not know it and the service could
 * not be asked (`reason`: the failure's code, e.g. `offline`). Its links count as unknown.
 */
export const UnknownVideo = z.object({ videoId: z.string(), reason: z.enum(ERROR_CODES) });
export type UnknownVideo = z.infer<typeof UnknownVideo>;

export const LinkCheckResult = z.object({
  encoding: TextEncoding,
  /** Every link, in the order of the text. */
  links: z.array(TextLink),
  /** The health of each video the links name, once per video (absent: unknown). */
  videos: z.array(LinkHealth),
  /** The videos whose health is unknown, once each, with why. */
  unknown: z.array(UnknownVideo),
  counts: LinkCounts,
});
export type LinkCheckResult = z.infer<typeof LinkCheckResult>;

/** One replaced link: where it was in the text read, where its replacement is in the text written. */
export const LinkChange = z.object({
  ...Span,
  kind: LinkKind,
  oldId: z.string(),
  newId: z.string(),
  before: z.string(),
  after: z.string(),
  /** [newStart, newEnd): the replacement's place in the fixed text (the side-by-side preview's right side). */
  newStart: z.number().int().min(0),
  newEnd: z.number().int().min(0),
});
export type LinkChange = z.infer<typeof LinkChange>;

/**
 * Upload again for a dead video with no replacement: `ready` (its source file is unchanged),
 * `locate` (the file moved or changed: Locate file…), `noSource` (not uploaded from here).
 */
export const UploadAgain = z.enum(['ready', 'locate', 'noSource']);
export type UploadAgain = z.infer<typeof UploadAgain>;

/** How a local source's status reads as Upload again. */
export const UPLOAD_AGAIN_OF: Readonly<Record<SourceStatus, UploadAgain>> = { unchanged: 'ready', changed: 'locate', missing: 'locate' };

/** A dead video the text links to that has no replacement yet (once, with how many of its links the text holds). */
export const DeadLink = z.object({
  videoId: z.string(),
  state: VideoHealth.exclude(['alive']),
  title: z.string().optional(),
  links: z.number().int().min(1),
  uploadAgain: UploadAgain,
});
export type DeadLink = z.infer<typeof DeadLink>;

/** `toPath`: a path chosen in the save dialog; the fixed text is written there, in the encoding it was read in. */
export const LinkFixInput = z.union([
  z.strictObject({ text: z.string().max(MAX_LINK_TEXT_BYTES), toPath: LocalPath.optional() }),
  z.strictObject({ path: LocalPath, toPath: LocalPath.optional() }),
]);
export type LinkFixInput = z.infer<typeof LinkFixInput>;

export const LinkFixResult = z.object({
  encoding: TextEncoding,
  /** The fixed text; null when it was written to `toPath`. */
  text: z.string().nullable(),
  /** The path written, or null. */
  written: z.string().nullable(),
  changes: z.array(LinkChange),
  /** Links replaced, and dead links left as they were (no replacement in the link map). */
  replaced: z.number().int().min(0),
  stillDead: z.number().int().min(0),
  dead: z.array(DeadLink),
});
export type LinkFixResult = z.infer<typeof LinkFixResult>;
