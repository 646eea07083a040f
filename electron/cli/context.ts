// What every command runs on: the same core as the desktop app (createCore), hosted by a
// plain Node process. Configuration comes from VIDLIFT_BASE_URL + VIDLIFT_API_KEY or from
// the desktop app's own settings and keychain entry; the key is never an argument (it
// would land in shell history and in `ps`). The data folder is the app's own, so the CLI
// sees the same library and queue; the account lock (core/accounts/lock.ts) keeps
// one sender per queue, and the CLI refuses in words while the app has the account open.
import { existsSync, rmdirSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Core, ShellMethod } from '../core/core.ts';
import type { Handlers } from '../core/rpc/dispatch.ts';
import { AppError } from '../../shared/errors.ts';
import { createCore } from '../core/services.ts';
import { createDispatcher } from '../core/rpc/dispatch.ts';
import { MemorySecretStore } from '../core/secrets/memory-store.ts';
import { KeytarSecretStore } from '../core/secrets/keytar-store.ts';
import { accountFor, type SecretStore } from '../core/secrets/secret-store.ts';
import { isNetworkFailure, isServiceError } from '../core/api/errors.ts';
import { environmentResolver } from '../core/net/proxy-route.ts';
import { accountDatabaseFile } from '../core/accounts/session.ts';
import { cannotReach, unreachable, type Unreachable } from './reach.ts';
import { m } from '../../shared/i18n/index.ts';
import { say } from '../../shared/i18n/say.ts';
import { saidOf } from '../../shared/errors.ts';
import { words, wordsWith, type Words } from './locale.ts';
import { isAccountMethod, type MethodInput, type MethodName, type MethodOutput } from '../../shared/contract.ts';
import type { Settings } from '../../shared/model.ts';

/** Dialogs, the clipboard and the browser belong to a window; the command line has none. */
const noWindow = (): never => {
  throw new AppError('unavailable', 'There is no window on the command line.', { retryable: false });
};
/** The installed app updates itself (and the CLI beside it); the command line alone does not. */
const noUpdater = (): never => {
  throw new AppError('unavailable', 'The command line does not update itself; the installed app does.', { retryable: false });
};
const NO_WINDOW: Pick<Handlers, ShellMethod> = {
  'app:info': noWindow,
  // The command line follows LANG / LC_ALL itself (shared/i18n/locales.ts); this asks for the window's.
  'app:preferredLanguages': noWindow,
  'dialog:openFiles': noWindow,
  'dialog:openFolder': noWindow,
  'dialog:saveFile': noWindow,
  'watch:add': noWindow,
  'shell:openExternal': noWindow,
  'clipboard:writeText': noWindow,
  'updates:status': noUpdater,
  'updates:check': noUpdater,
  'updates:restart': noUpdater,
  // Hooks are set in the app (with its confirmation) or by hand in settings.json; a run of the command line only runs them.
  'hooks:set': noWindow,
};

/** The exit codes scripts can rely on. */
export const EXIT = { ok: 0, someFailed: 1, usage: 2, config: 3, interrupted: 130 } as const;

/**
 * A run that cannot go on: said to the person in the command line's language (`words()`), while
 * `message` is the English for logs and for `--json`'s `error.message` (a script reads the same
 * text under every LANG, and its `code`).
 */
export class CliError extends Error {
  readonly exitCode: number;
  readonly code: string;
  readonly words: Words;

  constructor(said: Words, exitCode: number, code = 'error') {
    super(said('en'));
    this.name = 'CliError';
    this.exitCode = exitCode;
    this.code = code;
    this.words = said;
  }
}

/** Electron's userData for productName "Vidlift" on each platform: the app's data folder. */
export function appDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home = homedir()): string {
  if (env.VIDLIFT_DATA_DIR) return resolve(env.VIDLIFT_DATA_DIR);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Vidlift');
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Vidlift');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Vidlift');
}

export interface CliOptions {
  env?: NodeJS.ProcessEnv;
  /** Settings for this run only (never written to the app's settings file). */
  fixed?: Partial<Settings>;
  /** One of the desktop app's accounts, by name or id, for this run (the app keeps showing its own). */
  account?: string;
  /** More of the app's accounts (by name or id) this run works with: the `NAME:` of its arguments. */
  accounts?: readonly string[];
}

export interface Cli {
  core: Core;
  dataDir: string;
  /** `accountId`: the account an account-scoped call is for; default: this run's account. */
  call<M extends MethodName>(method: M, input?: MethodInput<M>, accountId?: string): Promise<MethodOutput<M>>;
  /** This run's account (VIDLIFT_* or --account or the one the app shows), once it was found. */
  accountId: string | null;
  /** The id of an account this run opened (CliOptions.accounts), by its name or id; CliError when there is none. */
  accountNamed(wanted: string): Promise<string>;
  /** This run, its account-scoped calls going to another of its accounts. */
  as(accountId: string): Cli;
  close(): Promise<void>;
  /** The account's service address (never holds the key). */
  address: string;
  /** Where and why the service could not be reached at start (the commands work on the local library), or null. */
  offline: Unreachable | null;
}

/** Opens the core on the configured account; throws CliError (exit 3) when there is none. */
export async function openCli(options: CliOptions = {}): Promise<Cli> {
  const env = options.env ?? process.env;
  const dataDir = appDataDir(env);
  const baseUrl = env.VIDLIFT_BASE_URL?.trim() || undefined;
  const key = env.VIDLIFT_API_KEY?.trim() || undefined;
  if ((baseUrl === undefined) !== (key === undefined)) {
    throw new CliError(words(m.cli_config_both_or_neither, {}), EXIT.config, 'config');
  }
  if (baseUrl !== undefined) {
    try {
      accountFor(baseUrl);
    } catch {
      throw new CliError(words(m.cli_config_bad_base_url, { address: baseUrl }), EXIT.config, 'config');
    }
  }
  // From the environment, the key lives only in this process; otherwise the app's keychain entry is read.
  const secretStore: SecretStore = baseUrl !== undefined ? new MemorySecretStore() : new KeytarSecretStore();
  const fixedAccount = baseUrl !== undefined && key !== undefined ? { baseUrl, key } : undefined;
  // An account from the environment that this computer has no library for yet: until the
  // service has accepted its key, the database this run opens for it is not kept.
  const untried = fixedAccount && !existsSync(accountDatabaseFile(dataDir, fixedAccount.baseUrl, fixedAccount.key)) ? accountDatabaseFile(dataDir, fixedAccount.baseUrl, fixedAccount.key) : null;
  const core = await createCore({
    dataDir,
    logDir: join(dataDir, 'cli-logs'),
    sandboxAvailable: false,
    secretStore,
    proxy: environmentResolver,
    fixedSettings: { ...options.fixed },
    onlyShownAccount: true,
    ...(fixedAccount ? { fixedAccount } : {}),
    ...(options.account !== undefined && !fixedAccount ? { accountForRun: options.account } : {}),
    ...(options.accounts && options.accounts.length > 0 && !fixedAccount ? { alsoForRun: options.accounts } : {}),
  });
  const dispatch = createDispatcher({ ...core.handlers, ...NO_WINDOW }, core.account);
  // An account-scoped call goes to the account it names (`NAME:` of an argument), else this run's own.
  const call = (async (method: MethodName, input?: unknown, accountId?: string) => {
    const reply = await dispatch(method, input, isAccountMethod(method) ? (accountId ?? cli.accountId) : undefined);
    if (reply.ok) return reply.data;
    const exitCode = reply.error.code === 'unauthorized' ? EXIT.config : reply.error.code === 'validation' ? EXIT.usage : EXIT.someFailed;
    // The core says a code with params; the person reads it in the command line's language.
    const said = saidOf(reply.error);
    throw new CliError((locale) => say(said, locale), exitCode, reply.error.code);
  }) as Cli['call'];
  const cli: Cli = {
    core,
    dataDir,
    call,
    close: () => core.close(),
    address: baseUrl ?? '',
    offline: null,
    accountId: null,
    accountNamed: async (wanted) => {
      const { accounts } = await cli.call('accounts:list');
      const found = accounts.find((a) => a.id === wanted.trim()) ?? accounts.find((a) => a.name.toLowerCase() === wanted.trim().toLowerCase());
      if (!found) throw new CliError(words(fixedAccount ? m.cli_account_unknown_fixed : m.cli_account_unknown, { name: wanted }), EXIT.config, 'config');
      return found.id;
    },
    as: (accountId) => ({ ...cli, accountId, call: ((method: MethodName, input?: unknown, other?: string) => call(method, input as never, other ?? accountId)) as Cli['call'] }),
  };
  try {
    await requireAccount(cli, baseUrl !== undefined, fixedAccount ? undefined : options.account, untried !== null);
  } catch (error) {
    await core.close();
    if (untried !== null) removeDatabase(untried);
    throw error;
  }
  return cli;
}

/** A database this run made for an account the service never accepted, with SQLite's side files. */
function removeDatabase(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
  rmSync(file.replace(/\.sqlite$/, '-frames'), { recursive: true, force: true });
  try {
    // The accounts folder goes too when this run made it (it is then empty).
    rmdirSync(dirname(file));
  } catch {
    // Other accounts' databases are in it.
  }
}

async function requireAccount(cli: Cli, fromEnvironment: boolean, chosen: string | undefined, untried: boolean): Promise<void> {
  const notices = await cli.call('app:notices');
  const inUse = notices.find((n) => n.id === 'account-in-use');
  // The notices are said codes: worded in the CLI's language.
  if (inUse) throw new CliError(wordsWith(m.cli_account_in_use, (locale) => ({ notice: say(inUse.title, locale) })), EXIT.config, 'in_use');
  const blocking = notices.find((n) => n.severity === 'error');
  if (blocking) throw new CliError((locale) => [blocking.title, ...blocking.detail].map((part) => say(part, locale)).join(' '), EXIT.config, 'config');
  const view = await cli.call('accounts:list');
  const shown = view.accounts.find((account) => account.id === view.activeId) ?? null;
  if (chosen !== undefined && !shown) {
    const names = (await cli.call('settings:get')).accounts.map((a) => a.name);
    throw new CliError(
      names.length === 0 ? words(m.cli_account_unknown_none, { name: chosen }) : wordsWith(m.cli_account_unknown_among, (locale) => ({ name: chosen, names: new Intl.ListFormat(locale, { type: 'unit' }).format(names.map((n) => `“${n}”`)) })),
      EXIT.config,
      'config',
    );
  }
  if (!shown || shown.last4 === null) {
    throw new CliError(
      fromEnvironment ? words(m.cli_key_env_unusable, {}) : words(m.cli_no_account, {}),
      EXIT.config,
      'config',
    );
  }
  cli.address = view.baseUrl ?? cli.address;
  cli.accountId = shown.id;
  // The key is checked against the service once (operation 1, through the same proxy
  // route); offline, the local library still answers and uploads wait, as in the app.
  try {
    await cli.core.checkShownKey();
  } catch (error) {
    if (isServiceError(error) && error.code === 'unauthorized') {
      // The service's own words, when it gave any, are quoted as written.
      const address = cli.address;
      const told = error.serviceMessage ?? null;
      const refusal: Words = fromEnvironment
        ? told === null
          ? words(untried ? m.cli_key_refused_env_nothing_kept : m.cli_key_refused_env, { address })
          : words(untried ? m.cli_key_refused_env_said_nothing_kept : m.cli_key_refused_env_said, { address, said: told })
        : told === null
          ? words(m.cli_key_refused_account, { address, name: shown.name })
          : words(m.cli_key_refused_account_said, { address, name: shown.name, said: told });
      throw new CliError(refusal, EXIT.config, 'unauthorized');
    }
    if (isServiceError(error) && isNetworkFailure(error)) {
      cli.offline = await unreachable(cli.address, error);
      if (untried) {
        const offline = cli.offline;
        throw new CliError(wordsWith(m.cli_never_answered, (locale) => ({ unreachable: cannotReach(offline, locale) })), EXIT.config, 'offline');
      }
      return;
    }
    throw error;
  }
}
