// A second Vidlift process on the same data folder (as a command-line run would be): opens the
// account whose key it is given, trying again while another process holds its lock, writes
// `opened` into the marker file once it has the account, and closes when its stdin ends.
// Arguments: one JSON object (LockTakerConfig).
import { writeFileSync } from 'node:fs';
import { createCore } from '../../../electron/core/services.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-store.ts';
import { accountIdFor, accountKeyName } from '../../../electron/core/accounts/registry.ts';
import { shown } from '../../support/shown-account.ts';

export interface LockTakerConfig {
  dataDir: string;
  logDir: string;
  baseUrl: string;
  apiKey: string;
  marker: string;
}

const config = JSON.parse(process.argv[2] ?? '{}') as LockTakerConfig;
const store = new MemorySecretStore();
await store.set(accountKeyName(accountIdFor(config.baseUrl, config.apiKey)), config.apiKey);
const core = await createCore({ dataDir: config.dataDir, logDir: config.logDir, sandboxAvailable: false, secretStore: store });

let done = false;
process.stdin.on('end', () => {
  done = true;
});
process.stdin.resume();
// At most two minutes: the parent ends it long before.
for (let i = 0; i < 1_200 && !done; i++) {
  const opened = await Promise.resolve()
    .then(() => shown(core)['folders:list'](undefined))
    .then(
      () => true,
      () => false,
    );
  if (opened) writeFileSync(config.marker, 'opened');
  await new Promise((resolve) => setTimeout(resolve, 100));
}
await core.close();
process.exit(0);
