// Several accounts: each is a service address and a key (in the keychain, filed under the
// account's id), with its own library database, queue, outbox, watch folders and history.
// The records live in settings.json (no key in them); the renderer sees AccountSummary only.
import { z } from 'zod';
import { asSaid, type Said } from './said.ts';

/** Opaque and stable: names the database file and the keychain entry, tells nothing about the key. */
export const AccountId = z.string().regex(/^[A-Za-z0-9_-]{16,43}$/, 'Not an account id.');
export type AccountId = z.infer<typeof AccountId>;

export const AccountName = z
  .string()
  .trim()
  .min(1, 'Give the account a name.')
  .max(80, 'An account name is at most 80 characters.')
  .refine((name) => !name.includes('\u0000'), 'A name cannot contain a NUL character.');

export const AccountRecord = z.object({
  id: AccountId,
  name: AccountName,
  baseUrl: z.string().min(1).max(2048),
  /**
   * The e-mail operation 1 named for this account's key when it was checked: a later key on
   * the same service with another e-mail belongs to another account. Absent for accounts kept
   * before it was recorded (their library's cached figures say it then).
   */
  email: z.string().max(320).optional(),
});
export type AccountRecord = z.infer<typeof AccountRecord>;

export const AccountSummary = z.object({
  id: AccountId,
  name: z.string(),
  baseUrl: z.string(),
  /** The key's last four characters; null when the keychain has no key for it (signed out). */
  last4: z.string().length(4).nullable(),
  active: z.boolean(),
  /** The service stopped accepting this account's key. */
  keyRefused: z.boolean(),
  /** Its queue, also while it is not the account shown (queues keep running in the background). */
  uploads: z.object({ active: z.number().int().min(0), waiting: z.number().int().min(0) }),
});
export type AccountSummary = z.infer<typeof AccountSummary>;

export const KeyStorage = z.object({
  available: z.boolean(),
  /** Which store holds the key: the OS keychain, Electron safeStorage, or none usable. */
  backend: z.enum(['keychain', 'safeStorage', 'memory', 'none']),
  /** Why no store is usable and how to fix it, when unavailable: a said code (model.ts's SaidSchema would import this module back). */
  problem: z.custom<Said>((value) => asSaid(value) !== null, 'not a said code with its params').nullable(),
});
export type KeyStorage = z.infer<typeof KeyStorage>;

export const AccountsView = z.object({
  accounts: z.array(AccountSummary),
  /** The account the window last showed (a preference kept in the settings), or none. */
  activeId: AccountId.nullable(),
  /** Where the keys are kept; unavailable (with why) when no store can hold one. */
  storage: KeyStorage,
  /**
   * The shown account's address; with none shown (signed out of every account), the last one
   * used: the address the welcome screen suggests.
   */
  baseUrl: z.string().nullable(),
});
export type AccountsView = z.infer<typeof AccountsView>;

/**
 * `accounts:add`'s answer when the key was entered for an account (`for`) but the service named
 * another e-mail for it: where the key went. The account it was entered for keeps its own key,
 * library and queue; the window says so in words.
 */
export const KeyOfAnotherAccount = z.object({
  /** The e-mail the service named for the key entered. */
  email: z.string(),
  /** The account the key was entered for. */
  previous: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** `added`: a new account, now shown; `existing`: an account already in Vidlift with that e-mail, its key replaced, now shown. */
  as: z.enum(['added', 'existing']),
});
export type KeyOfAnotherAccount = z.infer<typeof KeyOfAnotherAccount>;

export const AccountAdded = AccountsView.extend({ keyOfAnotherAccount: KeyOfAnotherAccount.optional() });
export type AccountAdded = z.infer<typeof AccountAdded>;

/** A name for a new account when the person gave none: the service's host. */
export function defaultAccountName(baseUrl: string): string {
  try {
    return new URL(baseUrl).host.slice(0, 80) || 'Account';
  } catch {
    return 'Account';
  }
}
