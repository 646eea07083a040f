// A stand-in for window.api in component tests: each method answers from a handler the test
// gives (or an `internal` envelope), every call is recorded, and events can be emitted.
import type { EventName, EventPayload, MethodName, WindowApi } from '../../../shared/contract.ts';
import type { Envelope, ErrorShape } from '../../../shared/errors.ts';
import { ApiClient } from '../../../renderer/src/lib/api.ts';
import type { AccountsView } from '../../../shared/accounts.ts';

type Handler = (input: unknown) => unknown;

export interface StubBridge {
  client: ApiClient;
  /** The raw window.api stand-in, for components that use the app's own client. */
  bridge: WindowApi;
  calls: Array<{ method: MethodName; input: unknown }>;
  /** The account each call named (the second argument of an invoker; undefined: none). */
  accountsNamed: Array<{ method: MethodName; accountId: unknown }>;
  handle(method: MethodName, handler: Handler): void;
  fail(method: MethodName, error: ErrorShape): void;
  /** `accountId`: the account an account-scoped event is about (default null: the one a stub window shows until told otherwise). */
  emit<E extends EventName>(event: E, payload: EventPayload<E>, accountId?: string | null): void;
  listenerCount(event: EventName): number;
}

export function stubBridge(): StubBridge {
  const handlers = new Map<string, Handler>();
  const failures = new Map<string, ErrorShape>();
  const listeners = new Map<string, Set<(payload: unknown, accountId: string | null) => void>>();
  const calls: StubBridge['calls'] = [];
  const accountsNamed: StubBridge['accountsNamed'] = [];

  const granted = (file: File): string => `/granted/${file.name}`;
  const answer = async (key: string, input: unknown, accountId?: unknown): Promise<Envelope<unknown>> => {
    calls.push({ method: key as MethodName, input });
    accountsNamed.push({ method: key as MethodName, accountId });
    const failure = failures.get(key);
    if (failure) return { ok: false, error: failure };
    const handler = handlers.get(key);
    if (!handler) return { ok: false, error: { code: 'internal', message: `no stub for ${key}`, retryable: false } };
    return { ok: true, data: await handler(input) };
  };
  const bridge = new Proxy({} as Record<string, unknown>, {
    get(_target, key: string) {
      if (key === 'on') {
        return (event: string, listener: (payload: unknown, accountId: string | null) => void) => {
          const set = listeners.get(event) ?? new Set();
          listeners.set(event, set);
          set.add(listener);
          return () => set.delete(listener);
        };
      }
      if (key === 'pathForFile') return granted;
      // As the preload and main do: the Files' paths, granted and queued as uploads:add in the account named.
      if (key === 'dropFiles') return (files: readonly File[], options: object, accountId?: unknown) => answer('uploads:add', { ...options, paths: files.map(granted) }, accountId);
      return (input: unknown, accountId?: unknown) => answer(key, input, accountId);
    },
  }) as unknown as WindowApi;

  return {
    client: new ApiClient(() => bridge),
    bridge,
    calls,
    accountsNamed,
    handle: (method, handler) => {
      failures.delete(method);
      handlers.set(method, handler);
    },
    fail: (method, error) => failures.set(method, error),
    emit: (event, payload, accountId = null) => listeners.get(event)?.forEach((l) => l(payload, accountId)),
    listenerCount: (event) => listeners.get(event)?.size ?? 0,
  };
}

export const fresh = { fetchedAt: 1_700_000_000_000, stale: false };

/** Makes the stub the page's window.api, as the preload would. */
export function installAsWindowApi(stub: StubBridge): void {
  (globalThis as { api?: WindowApi }).api = stub.bridge;
}

/** An accounts view (accounts:list's answer) with the key store usable: one shown account with `shown`'s fields, or none. */
export function accountsViewOf(shown: { last4: string | null; baseUrl?: string; keyRefused?: boolean } | null, baseUrl: string | null = shown?.baseUrl ?? null): AccountsView {
  const id = 'shown-account-id-0001';
  return {
    accounts: shown ? [{ id, name: 'Shown', baseUrl: shown.baseUrl ?? 'https://api.example.test', last4: shown.last4, active: true, keyRefused: shown.keyRefused ?? false, uploads: { active: 0, waiting: 0 } }] : [],
    activeId: shown ? id : null,
    storage: { available: true, backend: 'memory', problem: null },
    baseUrl,
  };
}
