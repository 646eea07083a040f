// The contract methods that need an account (a key and its database). The composition root
// answers them through whichever account session is open; while none is, with the
// signed-out answer where the method has one (signed-out.ts), else with the reason.
import type { Handlers } from '../rpc/dispatch.ts';
import { METHOD_NAMES, type MethodName } from '../../../shared/contract-names.ts';
import { SHELL_METHODS, type ShellMethod } from '../core.ts';

/** Methods the app answers without an account: its settings, the key, the connection. */
export const APP_METHODS = [
  'app:notices',
  'app:dismissNotice',
  'settings:get',
  'settings:set',
  'auth:status',
  'auth:setKey',
  'auth:clearKey',
  'accounts:list',
  'accounts:add',
  'accounts:rename',
  'accounts:switch',
  'accounts:remove',
  'sandbox:start',
  'proxy:status',
  'proxy:setPassword',
  'connection:get',
  'connection:check',
  'media:open',
  'media:release',
] as const satisfies readonly MethodName[];

export type AccountMethod = Exclude<MethodName, (typeof APP_METHODS)[number] | ShellMethod>;
export type AccountHandlers = Pick<Handlers, AccountMethod>;

const NOT_ACCOUNT: ReadonlySet<string> = new Set<string>([...APP_METHODS, ...SHELL_METHODS]);

/** Every other contract method needs the account: derived, so a new method cannot be forgotten. */
export const ACCOUNT_METHODS = METHOD_NAMES.filter((name): name is AccountMethod => !NOT_ACCOUNT.has(name));

export interface SessionAccess {
  /** The open session's handlers, or null while no account is open. */
  current: () => AccountHandlers | null;
  /** Throws the reason no account is open. */
  refuse: () => never;
  /** Answers for the signed-out state (an empty uploads view...). */
  signedOut: Partial<AccountHandlers>;
}

/** Handlers that forward each account method to the open session's own handler. */
export function delegateToSession(access: SessionAccess): AccountHandlers {
  const table: Partial<Record<AccountMethod, (input: never) => unknown>> = {};
  for (const method of ACCOUNT_METHODS) {
    table[method] = (input: never) => {
      const handler = (access.current() ?? access.signedOut)[method] as ((input: never) => unknown) | undefined;
      return handler ? handler(input) : access.refuse();
    };
  }
  return table as AccountHandlers;
}
