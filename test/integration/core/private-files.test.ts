// Issue 18 item 1: what Vidlift keeps on disk is this user's only: the data folder and each
// account's folder 0700, the database with its -wal and -shm 0600 (also a file an older
// version left 0644), settings 0600. Real files, the real core, the sandbox host.
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../electron/core/services.ts';
import { openDatabase } from '../../../electron/core/db/database.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-store.ts';
import { startHost, type Host } from '../../host/index.ts';
import { shown } from '../../support/shown-account.ts';

const mode = (path: string): string => (statSync(path).mode & 0o777).toString(8);

let host: Host;
let root: string;
beforeAll(async () => {
  host = await startHost({ seed: 'demo' });
  root = mkdtempSync(join(tmpdir(), 'vidlift-modes-'));
});
afterAll(async () => {
  await host?.close();
  rmSync(root, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('private files', () => {
  it('creates the data folders 0700 and the database files and settings 0600', async () => {
    const dataDir = join(root, 'data');
    const core = await createCore({ dataDir, logDir: join(root, 'logs'), sandboxAvailable: false, secretStore: new MemorySecretStore() });
    try {
      await core.handlers['accounts:add']({ baseUrl: host.baseUrl, key: host.apiKey });
      // The account opens once the key is kept.
      for (let i = 0; i < 100; i++) {
        const opened = await Promise.resolve()
          .then(() => shown(core)['folders:list'](undefined))
          .then(() => true, () => false);
        if (opened) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await shown(core)['folders:create']({ name: 'Private' });
      await core.handlers['settings:set']({ theme: 'dark' });
      const accounts = join(dataDir, 'accounts');
      const files = readdirSync(accounts).filter((f) => /\.sqlite(-wal|-shm)?$/.test(f));
      expect(files.some((f) => f.endsWith('-wal'))).toBe(true);
      expect(mode(dataDir)).toBe('700');
      expect(mode(accounts)).toBe('700');
      for (const file of files) expect([file, mode(join(accounts, file))]).toEqual([file, '600']);
      expect(mode(join(dataDir, 'settings.json'))).toBe('600');
    } finally {
      await core.close();
    }
  });

  it('tightens the data and log folders an older version left 0755', async () => {
    const dataDir = join(root, 'old-data');
    const logDir = join(root, 'old-logs');
    mkdirSync(dataDir, { mode: 0o755 });
    mkdirSync(logDir, { mode: 0o755 });
    writeFileSync(join(logDir, 'vidlift.log'), '');
    const core = await createCore({ dataDir, logDir, sandboxAvailable: false, secretStore: new MemorySecretStore() });
    try {
      expect([mode(dataDir), mode(logDir)]).toEqual(['700', '700']);
    } finally {
      await core.close();
    }
  });

  it('tightens a database an older version left readable by others, and never a shared folder it sits in', () => {
    const dir = join(root, 'old');
    mkdirSync(dir, { mode: 0o755 });
    const file = join(dir, 'account.sqlite');
    writeFileSync(file, '');
    chmodSync(file, 0o644);
    chmodSync(dir, 0o755);
    const db = openDatabase(file);
    db.exec('CREATE TABLE t (x)');
    db.exec('INSERT INTO t VALUES (1)');
    try {
      // The folder existed (it could be /tmp): its mode is not ours to change.
      expect(mode(dir)).toBe('755');
      for (const part of [file, `${file}-wal`, `${file}-shm`]) expect([part, mode(part)]).toEqual([part, '600']);
    } finally {
      db.close();
    }
  });
});
