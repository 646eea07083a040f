// The contract methods that need an account (a key and its database). The composition root
// answers them through whichever account session is open, and with `unauthorized` while
// none is.
import type { Handlers } from '../rpc/dispatch.ts';
import type { LibraryMethod } from '../library/handlers.ts';
import type { UploadHandlers } from '../uploads/handlers.ts';
import type { RemoteHandlers } from '../remote/handlers.ts';

export type AccountMethod = LibraryMethod | keyof UploadHandlers | keyof RemoteHandlers;
export type AccountHandlers = Pick<Handlers, AccountMethod>;

export const ACCOUNT_METHODS = [
  'account:get',
  'account:reports',
  'account:dmca',
  'folders:list',
  'folders:create',
  'folders:rename',
  'videos:list',
  'videos:search',
  'videos:get',
  'videos:setSkipIntro',
  'videos:copy',
  'videos:checkThumbnail',
  'videos:setThumbnail',
  'videos:deleteThumbnail',
  'videos:thumbnailQueue',
  'subtitles:list',
  'subtitles:addFile',
  'subtitles:addUrl',
  'outbox:list',
  'outbox:retry',
  'outbox:discard',
  'sync:status',
  'sync:now',
  'uploads:list',
  'uploads:add',
  'uploads:pause',
  'uploads:resume',
  'uploads:cancel',
  'uploads:retry',
  'uploads:clearFinished',
  'remote:list',
  'remote:add',
  'remote:action',
  'remote:discard',
] as const satisfies readonly AccountMethod[];

// Compile-time: the list above names every account method, no more.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const accountMethodsComplete: Exact<(typeof ACCOUNT_METHODS)[number], AccountMethod> = true;
void accountMethodsComplete;

/** Handlers that forward each account method to the open session's own handler. */
export function delegateToSession(current: () => AccountHandlers): AccountHandlers {
  const table: Partial<Record<AccountMethod, (input: never) => unknown>> = {};
  for (const method of ACCOUNT_METHODS) {
    table[method] = (input: never) => (current()[method] as (input: never) => unknown)(input);
  }
  return table as AccountHandlers;
}
