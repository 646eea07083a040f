// The contract methods that need an account (a key and its database). The composition root
// answers them through whichever account session is open, and with `unauthorized` while
// none is.
import type { Handlers } from '../rpc/dispatch.ts';
import { METHOD_NAMES, type MethodName } from '../../../shared/contract-names.ts';
import { SHELL_METHODS, type ShellMethod } from '../core.ts';

/** Methods the app answers without an account: its settings, the key, the connection. */
export const APP_METHODS = [
  'settings:get',
  'settings:set',
  'auth:status',
  'auth:setKey',
  'auth:clearKey',
  'sandbox:start',
  'connection:get',
  'media:open',
  'media:release',
] as const satisfies readonly MethodName[];

export type AccountMethod = Exclude<MethodName, (typeof APP_METHODS)[number] | ShellMethod>;
export type AccountHandlers = Pick<Handlers, AccountMethod>;

const NOT_ACCOUNT: ReadonlySet<string> = new Set<string>([...APP_METHODS, ...SHELL_METHODS]);

/** Every other contract method needs the account: derived, so a new method cannot be forgotten. */
export const ACCOUNT_METHODS = METHOD_NAMES.filter((name): name is AccountMethod => !NOT_ACCOUNT.has(name));

/** Handlers that forward each account method to the open session's own handler. */
export function delegateToSession(current: () => AccountHandlers): AccountHandlers {
  const table: Partial<Record<AccountMethod, (input: never) => unknown>> = {};
  for (const method of ACCOUNT_METHODS) {
    table[method] = (input: never) => (current()[method] as (input: never) => unknown)(input);
  }
  return table as AccountHandlers;
}
