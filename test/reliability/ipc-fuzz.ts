// Run 4, IPC fuzz: every contract method called through the dispatcher, as the shells serve
// it (createCore's handlers plus the shell's methods), with at least 50 malformed payloads
// each: wrong types, missing and extra fields, 10 MB strings, `__proto__`/`constructor`
// keys, ids that break the spec's format, and paths the person never chose. Every call
// must answer `{ok: false}` with `validation`, and the process must stay up.
import { METHOD_NAMES, isAccountMethod, methods, type MethodName } from '../../shared/contract.ts';
import { createDispatcher } from '../../electron/core/rpc/dispatch.ts';
import type { Dispatch, Handlers } from '../../electron/core/rpc/dispatch.ts';
import { startHost, type Host } from '../host/index.ts';
import { randomApiKey, summaryLine, tempDir, type ReliabilityRun, type RunResult } from './common.ts';
import { startCoreTarget, type CoreTarget } from './core-target.ts';

const PER_METHOD = 50;
const HUGE = 'x'.repeat(10 * 1024 * 1024);
const ID = 'abcdefghijkl';

/**
 * A valid input per method: the base every mutation starts from (undefined: takes none).
 * A method added to the contract without an entry here is still fuzzed with whole-payload garbage.
 */
const VALID: Partial<Record<MethodName, unknown>> = {
  'app:info': undefined,
  'settings:get': undefined,
  'settings:set': { uploadConcurrency: 2 },
  'sandbox:start': undefined,
  'connection:get': undefined,
  'connection:check': undefined,
  'sync:status': undefined,
  'sync:now': { full: false },
  'account:get': { refresh: false },
  'account:reports': { last: 7 },
  'account:dmca': { page: 1, perPage: 10 },
  'folders:list': undefined,
  'folders:create': { name: 'Trips' },
  'folders:rename': { id: 1, name: 'Trips' },
  'videos:list': { folderId: 0, offset: 0, limit: 10 },
  'videos:search': { query: 'a', limit: 10 },
  'videos:get': { id: ID },
  'videos:setSkipIntro': { id: ID, seconds: 5 },
  'videos:copy': { id: ID },
  'videos:checkThumbnail': { path: '/tmp/x.png' },
  'videos:setThumbnail': { id: ID, path: '/tmp/x.png' },
  'videos:deleteThumbnail': { id: ID },
  'videos:thumbnailQueue': undefined,
  'subtitles:list': { videoId: ID },
  'subtitles:addFile': { videoId: ID, language: 'en', path: '/tmp/x.srt' },
  'subtitles:addUrl': { videoId: ID, language: 'en', url: 'https://example.org/x.srt' },
  'subtitles:preview': { path: '/tmp/x.srt', encoding: 'windows-1251' },
  'uploads:list': { filter: 'active', offset: 0, limit: 50 },
  'uploads:jobs': { ids: [1, 2] },
  'uploads:add': { paths: ['/tmp/x.mp4'], folderId: 0 },
  'uploads:pause': { id: 1 },
  'uploads:resume': { id: 1 },
  'uploads:cancel': { id: 1 },
  'uploads:retry': { id: 1 },
  'uploads:clearFinished': undefined,
  'remote:list': undefined,
  'remote:add': { urls: ['https://example.org/a.mp4'], folderId: 0 },
  'remote:action': { action: 'delete', id: ID },
  'remote:discard': { localId: 1 },
  'outbox:list': undefined,
  'outbox:retry': { id: 1 },
  'outbox:discard': { id: 1 },
  'dialog:openFiles': { kind: 'videos' },
  'dialog:openFolder': undefined,
  'shell:openExternal': { url: 'https://example.org/' },
};

/** Paths the person never chose: they pass the schema, and only the grant check stands in the way. */
const UNGRANTED = ['/etc/passwd', '/etc/shadow', '/root/.ssh/id_rsa', '/proc/self/environ', '/tmp/../etc/passwd', '/dev/zero', '/', '/var/log/../../etc/hosts'];
const PATH_METHODS: Partial<Record<MethodName, (path: string) => unknown>> = {
  'videos:checkThumbnail': (path) => ({ path }),
  'videos:setThumbnail': (path) => ({ id: ID, path }),
  'subtitles:addFile': (path) => ({ videoId: ID, language: 'en', path }),
  'subtitles:preview': (path) => ({ path }),
  'media:open': (path) => ({ path }),
  'uploads:add': (path) => ({ paths: [path], folderId: 0 }),
};

/** Values of every wrong kind for one field. */
function wrongValues(): unknown[] {
  return [
    null, 0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, -(2 ** 31) - 1, true, false, '', ' ', 'x', HUGE,
    [], [1, 2], {}, { a: 1 }, '0', '1e3', 'null', 'undefined', '<script>alert(1)</script>', '\u0000', 'a\nb',
    JSON.parse('{"__proto__": {"polluted": true}}'), { constructor: { prototype: { polluted: true } } },
  ];
}

/** Ids that break `^\w{12}$`, paths that are not paths, and other strings that look almost right. */
/** Accounts a request may name that are not an account id (null: none, the signed-out case). */
const MALFORMED_ACCOUNTS: readonly unknown[] = [null, 42, {}, [], true, '', 'x', 'an account name', '../../etc/passwd', 'A'.repeat(44), 'AAAAAAAA\u0000AAAAAAAAAAAAA', HUGE.slice(0, 100_000)];
const BAD_IDS = ['abc', 'abcdefghijklm', 'abcdefghijk', 'abcdef ghijk', '../../etc/pa', 'ａｂｃｄｅｆｇｈｉｊｋｌ', 'abcdefghij-l', 'abcdefghij\u0000l', `${ID}\n`, ''];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Many malformed payloads for one method, derived from its valid input. */
export function malformedPayloads(method: MethodName): unknown[] {
  const valid = VALID[method];
  const out: unknown[] = [];
  // Whole-payload garbage (for methods without input: everything that is not undefined).
  out.push(null, 0, 1, -1, Number.NaN, true, false, '', 'x', HUGE, [], [valid], 'undefined', Symbol.for('x').toString());
  out.push(JSON.parse('{"__proto__": {"isAdmin": true}}'), { constructor: { name: 'x' } }, { prototype: {} }, { toString: 'x' });
  out.push(new Array(100_000).fill(0), { [HUGE.slice(0, 1_000_000)]: 1 }, { a: { b: { c: { d: { e: { f: HUGE } } } } } });
  if (isPlainObject(valid)) {
    const keys = Object.keys(valid);
    for (const key of keys) {
      const { [key]: _dropped, ...without } = valid;
      out.push(without); // a missing field
      for (const bad of wrongValues()) out.push({ ...valid, [key]: bad });
      if (/id$/i.test(key) && typeof valid[key] === 'string') for (const id of BAD_IDS) out.push({ ...valid, [key]: id });
      if (key === 'paths') out.push({ ...valid, paths: [] }, { ...valid, paths: [HUGE] }, { ...valid, paths: [1] }, { ...valid, paths: '/etc/passwd' });
    }
    out.push({ ...valid, extra: 1 }, { ...valid, __proto__: { polluted: 1 } }, JSON.parse(`{"__proto__": {"x": 1}, ${JSON.stringify(valid).slice(1)}`));
    out.push({ ...valid, constructor: 'x' }, { ...valid, prototype: null });
  } else {
    for (const bad of wrongValues()) out.push(bad === undefined ? 'x' : bad);
  }
  for (let i = 0; i < 12; i++) out.push({ [`k${i}`]: i }, [i], `garbage ${i}`);
  // Only what the contract refuses counts as malformed (some shapes are valid for optional inputs).
  const schema = methods[method].input;
  return out.filter((payload) => !schema.safeParse(payload).success);
}

/** Handlers that must never run: a malformed payload has to stop at the schema. */
function tripwireHandlers(calls: string[]): Handlers {
  const table: Record<string, () => never> = {};
  for (const name of METHOD_NAMES) {
    table[name] = () => {
      calls.push(name);
      throw new Error(`${name} ran on a malformed payload`);
    };
  }
  return table as unknown as Handlers;
}

export const ipcFuzzRun: ReliabilityRun = {
  name: 'fuzz',
  proves: 'no malformed or unauthorised IPC payload gets past the contract: every one answers validation, and the process stays up',
  async execute(): Promise<RunResult> {
    const problems: string[] = [];
    const dir = tempDir('fuzz');
    const apiKey = randomApiKey();
    let host: Host | undefined;
    let core: CoreTarget | null = null;
    let calls = 0;
    let refused = 0;
    let fewest = Number.POSITIVE_INFINITY;
    const tripped: string[] = [];
    try {
      host = await startHost({ seed: 'demo', apiKey, rngSeed: 3, remoteWorker: { enabled: false } });
      core = await startCoreTarget({ root: dir.path, baseUrl: host.baseUrl, apiKey });
      const dispatch = core ? core.dispatch : createDispatcher(tripwireHandlers(tripped), () => tripwireHandlers(tripped));
      if (!core) problems.push('fuzz: electron/core/services.ts (createCore) is missing: ungranted paths could not be offered to the real handlers; malformed payloads went to tripwire handlers');
      for (const method of METHOD_NAMES) {
        const payloads = malformedPayloads(method);
        const pathCase = PATH_METHODS[method];
        const pathPayloads = core && pathCase ? UNGRANTED.map(pathCase) : [];
        const all = [...payloads, ...pathPayloads];
        fewest = Math.min(fewest, all.length);
        if (all.length < PER_METHOD) problems.push(`fuzz: only ${all.length} malformed payloads could be made for ${method}`);
        for (const [index, payload] of all.entries()) {
          calls++;
          let envelope: Awaited<ReturnType<typeof dispatch>>;
          try {
            envelope = await dispatch(method, payload);
          } catch (error) {
            problems.push(`fuzz: ${method} #${index} threw instead of answering: ${String(error).slice(0, 200)}`);
            continue;
          }
          if (!envelope.ok) {
            if (envelope.error.code === 'validation') refused++;
            else problems.push(`fuzz: ${method} #${index} answered ${envelope.error.code} (“${envelope.error.message.slice(0, 120)}”), not validation`);
          } else {
            problems.push(`fuzz: ${method} #${index} was accepted: ${describePayload(payload)}`);
          }
        }
      }
      // The account a request names (issue 28): a valid input under a malformed account, an app
      // method naming an account. Each stops at the dispatcher, before any handler.
      const namingDispatch: Dispatch = core ? core.dispatchNaming : createDispatcher(tripwireHandlers(tripped), () => tripwireHandlers(tripped));
      for (const method of METHOD_NAMES) {
        const named = isAccountMethod(method) ? MALFORMED_ACCOUNTS : [core?.core.shownAccountId() ?? 'AAAAAAAAAAAAAAAAAAAAAA', ...MALFORMED_ACCOUNTS.filter((id) => id !== null)];
        for (const accountId of named) {
          calls++;
          const envelope = await namingDispatch(method, VALID[method], accountId);
          // No account (null) is the signed-out answer where one exists; everything else is refused.
          if (!envelope.ok && envelope.error.code === 'validation') refused++;
          else if (accountId === null && isAccountMethod(method)) continue;
          else problems.push(`fuzz: ${method} naming the account ${describePayload(accountId)} answered ${envelope.ok ? 'ok' : envelope.error.code}, not validation`);
        }
      }
      // Unknown methods and non-string method names.
      for (const name of ['nope', '__proto__', 'constructor', 'toString', 'uploads:add ', 'UPLOADS:ADD', null, 42, { method: 'app:info' }]) {
        calls++;
        const envelope = await dispatch(name as string, undefined);
        if (!envelope.ok && envelope.error.code === 'validation') refused++;
        else problems.push(`fuzz: the method name ${JSON.stringify(name)} was not refused with validation`);
      }
      for (const name of tripped) problems.push(`fuzz: the handler of ${name} ran on a malformed payload`);
      for (const failure of core?.internalErrors ?? []) problems.push(`fuzz: internal error: ${failure}`);
    } finally {
      await core?.close();
      await host?.close();
      dir.remove();
    }
    return {
      summary: summaryLine('fuzz', {
        methods: METHOD_NAMES.length,
        calls,
        fewest_per_method: Number.isFinite(fewest) ? fewest : 0,
        refused_validation: refused,
        accepted: problems.filter((p) => p.includes('was accepted')).length,
        via: core ? 'createCore' : 'tripwire',
      }),
      totals: { fuzz: calls },
      problems,
    };
  },
};

function describePayload(payload: unknown): string {
  try {
    const text = JSON.stringify(payload) ?? String(payload);
    return text.length > 160 ? `${text.slice(0, 160)}… (${text.length} chars)` : text;
  } catch {
    return String(payload);
  }
}
