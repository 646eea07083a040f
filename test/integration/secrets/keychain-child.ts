// One keychain operation in a process of its own (libsecret keeps its connection to the
// Secret Service for the life of a process, and the test restarts the daemon to unlock it):
//   node keychain-child.ts '<json: { service, file, store: chain|keychain|fallback, op, account, value? }>'
// Prints one JSON line: { ok: true, value } or { ok: false, message }.
import { FallbackSecretStore } from '../../../electron/core/secrets/fallback-store.ts';
import { KeytarSecretStore } from '../../../electron/core/secrets/keytar-store.ts';
import type { SecretStore } from '../../../electron/core/secrets/secret-store.ts';
import { SafeStorageSecretStore } from '../../../electron/main/safe-storage-store.ts';
import { createElectronDouble } from '../../doubles/electron.ts';

interface Order {
  service: string;
  file: string;
  store: 'chain' | 'keychain' | 'fallback';
  op: 'get' | 'set' | 'delete' | 'status';
  account: string;
  value?: string;
}

const order = JSON.parse(process.argv[2] ?? '{}') as Order;
const safeStorage = createElectronDouble({ appPath: '/', userData: '/', safeStorageBackend: 'gnome_libsecret' }).safeStorage;
const keychain = new KeytarSecretStore({ service: order.service, timeoutMs: 3_000 });
const fallback = new SafeStorageSecretStore({ safeStorage, file: order.file, platform: 'linux' });
const stores: Record<Order['store'], SecretStore> = { keychain, fallback, chain: new FallbackSecretStore(keychain, () => fallback) };
const store = stores[order.store];
try {
  const value =
    order.op === 'get' ? await store.get(order.account) : order.op === 'set' ? await store.set(order.account, order.value ?? '') : order.op === 'delete' ? await store.delete(order.account) : await store.status();
  process.stdout.write(`${JSON.stringify({ ok: true, value: value ?? null })}\n`);
} catch (error) {
  process.stdout.write(`${JSON.stringify({ ok: false, message: error instanceof Error ? error.message : String(error) })}\n`);
}
process.exit(0);
