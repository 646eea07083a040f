// Response schemas of the service, one per operation (spec sections 2 and 4). Every
// response is parsed with these at the boundary: a body that does not match becomes a
// typed error, never a half-filled object. Unknown extra fields are dropped.
import { z } from 'zod';
import { VIDEO_ID } from '../../../shared/model.ts';

const int = z.number().int();
/** "integer or string" / "number or string" fields: the service writes numbers either way. */
const numeric = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).transform(Number);
const kbOrUnlimited = z.union([int, z.literal('Unlimited')]).transform((value) => (value === 'Unlimited' ? null : value));
const id12 = z.string().regex(VIDEO_ID);
/**
 * A link the service hands out (download, embed, image, subtitle): kept only when it is an
 * http or https address, else read as no link (''), like a video the service has not given
 * links yet. A hostile or broken service's `javascript:` or `data:` address would otherwise
 * reach the HTML and Markdown exports and the window as a link someone clicks; '' keeps the
 * rest of the reply usable, and the window says the link is missing. A scheme test, not a URL
 * parse: a sync reads five links of each of a million videos (parsing each took the 1M
 * scale bench's peak RSS from 296 to 456 MiB and its sync from 1.51 to 1.92 × its bound),
 * and a text that starts with "http://" or "https://" has that scheme for every URL parser.
 * `overwrite`, not `transform`: a string stays a string, so zod runs it as a step of the string
 * schema instead of a pipe into a second one; checking 1M videos' listings took about a third
 * less time (a scratch run of the schema alone, six alternated rounds).
 */
const HTTP_LINK = /^https?:\/\//i;
const link = z.string().overwrite((value) => (HTTP_LINK.test(value) ? value : ''));
const links = z.object({ download: link, embed: link });

export const pagination = z.object({ page: int, perPage: int, total: int });

export const account = z.object({
  email: z.string(),
  balance: z.string(),
  premiumExpire: z.string(),
  isPremium: z.boolean(),
  storage: z.object({ total: kbOrUnlimited, used: int, left: kbOrUnlimited }),
});

export const reportDay = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  views: numeric,
  downloads: numeric,
  profitViews: numeric,
  profitTotal: numeric,
});
export const reports = z.object({ list: z.array(reportDay) });

export const dmcaRecord = z.object({
  id: int,
  code: z.string(),
  secureDownloadCode: z.string(),
  secureEmbedCode: z.string(),
  reportedAt: z.string(),
  disabledAt: z.string(),
});
export const dmcaList = z.object({ pagination, list: z.array(dmcaRecord) });

export const uploadTarget = z.object({ url: z.string().url(), session: z.string().min(1) });

export const remoteAdded = z.object({ id: id12, name: z.string(), slots: z.object({ used: int, total: int }) });

export const copied = z.object({ id: id12, links });

export const remoteItem = z.object({
  id: id12,
  url: z.string(),
  status: z.string(),
  created: z.string(),
  folder: int,
  bytes: z.object({ downloaded: int, total: int }),
  // Not in the spec's fields: a reason a failed item may carry. Read when it is text, never required.
  error: z.string().max(1000).optional().catch(undefined),
});
export const remoteList = z.object({ pagination, list: z.array(remoteItem) });

export const affected = z.object({ affected: int.min(0) });

export const slots = z.object({ slots: z.object({ used: int, total: int, free: int }) });

export const folderCreated = z.object({
  id: int.positive(),
  name: z.string(),
  code: z.string(),
  parent: int,
  isPublic: z.boolean(),
  openEmbed: z.boolean(),
});

export const folderRenamed = z.object({ id: int.positive(), name: z.string() });

export interface FolderNode {
  id: number;
  name: string;
  code: string;
  isPublic: boolean;
  openEmbed: boolean;
  files: number;
  color: string;
  children: FolderNode[];
}
export const folderNode: z.ZodType<FolderNode> = z.lazy(() =>
  z.object({
    id: int.positive(),
    name: z.string(),
    code: z.string(),
    isPublic: z.boolean(),
    openEmbed: z.boolean(),
    files: int,
    children: z.array(folderNode),
    color: z.string(),
  }),
);
export const folderList = z.object({ list: z.array(folderNode) });

export const video = z.object({
  id: id12,
  createdAt: z.string(),
  isPublic: z.boolean(),
  views: int.min(0),
  name: z.string(),
  size: int.min(0),
  skipIntro: int.min(0),
  links,
  images: z.object({ single: link, thumbnail: link, splash: link }),
});
export const videoList = z.object({ pagination, folder: int, list: z.array(video) });

export const skipIntro = z.object({ id: id12, updated: z.boolean() });

export const thumbnail = z.object({ url: link, message: z.string() });

export const subtitle = z.object({ subtitle: z.object({ language: z.string(), url: link }) });

/** The error body of every failure (spec 7): HTTP 500 with `{message, status: 500}`. */
export const serviceError = z.object({ message: z.string(), status: int });

export type ServiceAccount = z.infer<typeof account>;
export type ServiceReportDay = z.infer<typeof reportDay>;
export type ServiceDmcaRecord = z.infer<typeof dmcaRecord>;
export type ServicePagination = z.infer<typeof pagination>;
export type ServiceRemoteItem = z.infer<typeof remoteItem>;
export type ServiceFolderCreated = z.infer<typeof folderCreated>;
export type ServiceVideo = z.infer<typeof video>;
export type ServiceVideoPage = z.infer<typeof videoList>;
export type UploadTarget = z.infer<typeof uploadTarget>;
