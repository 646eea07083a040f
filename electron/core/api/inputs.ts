// What each operation accepts, said with the shared schemas (shared/model.ts: the same rules
// the IPC contract checks): the client refuses anything else before a byte is sent, as a
// ServiceError of kind 'local'. One table, one row per operation of wire.ts.
import { z } from 'zod';
import { FolderId, FolderName, HttpUrl, Language, RemoteAction, Text, VideoId } from '../../../shared/model.ts';
import { describeIssues } from '../rpc/dispatch.ts';
import type { OperationName } from './errors.ts';
import { localError } from './local-checks.ts';

const Whole = (min: number, message: string) => z.number().int(message).min(min, message).max(Number.MAX_SAFE_INTEGER, message);
const PAGE = 'page number and page size are whole numbers of at least 1';
const Page = z.object({ page: Whole(1, PAGE), perPage: Whole(1, PAGE) });
const FolderRef = Whole(0, 'a folder id is a whole number (0 for the top level)');
const File = z.object({ path: Text.min(1), name: Text.min(1).max(1024), contentType: Text.min(1).max(255), bytes: z.instanceof(Uint8Array).optional() });
const none = z.object({});

export const OPERATION_INPUTS = {
  account: none,
  reports: z.object({
    last: Whole(1, 'the number of days is a whole number of at least 1').optional(),
    // A calendar date that exists (2026-02-31 does not), written YYYY-MM-DD.
    to: z.iso.date('the end date is a real date written YYYY-MM-DD').optional(),
  }),
  dmca: Page,
  uploadTarget: none,
  remoteAdd: z.object({ url: HttpUrl, folder: z.number().int().min(1).max(2_147_483_647).optional() }),
  copy: z.object({ id: VideoId }),
  remoteStatus: z.object({ id: VideoId }),
  remoteList: Page,
  remoteAction: z
    .object({ action: RemoteAction, id: VideoId.optional() })
    .refine((input) => input.action !== 'delete' || input.id !== undefined, { message: 'deleting one remote upload needs its id', path: ['id'] }),
  slots: none,
  folderCreate: z.object({ name: FolderName }),
  // The shared FolderId range (32-bit): a larger number is no folder the service has.
  folderRename: z.object({ id: FolderId.min(1, 'a folder id is a positive whole number'), name: FolderName }),
  folders: z.object({ parent: FolderRef }),
  videos: Page.extend({ folder: FolderRef, search: Text.max(200, 'a search is at most 200 characters').optional() }),
  videoInfo: z.object({ id: VideoId }),
  skipIntro: z.object({ id: VideoId, seconds: Whole(0, 'the intro length is a whole number of seconds (0 turns it off)').max(86_400, 'the intro length is at most a day') }),
  thumbnailUpload: z.object({ id: VideoId, file: File }),
  thumbnailDelete: z.object({ id: VideoId }),
  subtitleFile: z.object({ id: VideoId, language: Language, file: File }),
  subtitleUrl: z.object({ id: VideoId, language: Language, url: HttpUrl }),
} as const satisfies Record<OperationName, z.ZodType>;

/** The input, checked against its operation's row; throws a local validation ServiceError. */
export function checkInput<O extends OperationName>(op: O, input: unknown): void {
  const parsed = OPERATION_INPUTS[op].safeParse(input);
  if (!parsed.success) throw localError(op, 'validation', describeIssues(parsed.error));
}
