import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WriteBatch } from '../../../../../electron/core/library/sync/write-batch.ts';
import { openLibraryDatabase as tempDbAt } from '../../../../../electron/core/library/migrations.ts';
import { tempDb } from '../helpers.ts';

let env: ReturnType<typeof tempDb>;
beforeEach(() => {
  env = tempDb();
});
afterEach(() => env.cleanup());

const put = (key: string) => () => {
  env.db.prepare('INSERT INTO lib_sync_state (key, value) VALUES (?, ?)').run(key, 'x');
  return key;
};
const keys = (): string[] => env.db.prepare('SELECT key FROM lib_sync_state ORDER BY key').all().map((r) => String(r.key));

describe('WriteBatch', () => {
  it('runs queued writes together, in order, and answers each caller', async () => {
    const batch = new WriteBatch(env.db, { maxRows: 1_000, maxDelayMs: 5 });
    const order: string[] = [];
    const results = await Promise.all(['a', 'b', 'c'].map((k) => batch.run(10, () => (order.push(k), put(k)()))));
    expect(results).toEqual(['a', 'b', 'c']);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(keys()).toEqual(['a', 'b', 'c']);
  });

  it('undoes a write that throws alone: its caller gets the error, the others commit', async () => {
    const batch = new WriteBatch(env.db, { maxDelayMs: 5 });
    const failing = batch.run(1, () => {
      put('half')();
      throw new Error('bad page');
    });
    const ok = batch.run(1, put('kept'));
    await expect(failing).rejects.toThrow('bad page');
    await expect(ok).resolves.toBe('kept');
    expect(keys()).toEqual(['kept']);
    expect(env.db.isTransaction).toBe(false);
  });

  it('writes at once when enough rows wait, without waiting for the delay', async () => {
    const batch = new WriteBatch(env.db, { maxRows: 100, maxDelayMs: 60_000 });
    const first = batch.run(60, put('one'));
    expect(keys()).toEqual([]);
    const second = batch.run(60, put('two'));
    expect(keys()).toEqual(['one', 'two']);
    await expect(Promise.all([first, second])).resolves.toEqual(['one', 'two']);
  });

  it('flush() writes what waits now, and does nothing when nothing waits', async () => {
    const batch = new WriteBatch(env.db, { maxDelayMs: 60_000 });
    batch.flush();
    const pending = batch.run(1, put('now'));
    batch.flush();
    expect(keys()).toEqual(['now']);
    await expect(pending).resolves.toBe('now');
  });

  it('keeps the process alive until queued writes land (a CLI sync ends right after its last reply)', () => {
    env.db.close();
    const child = join(dirname(fileURLToPath(import.meta.url)), 'write-batch-child.ts');
    execFileSync(process.execPath, [child, env.file], { timeout: 30_000 });
    const reopened = tempDbAt(env.file);
    try {
      expect(reopened.prepare("SELECT value FROM lib_sync_state WHERE key = 'queued'").get()?.value).toBe('landed');
    } finally {
      reopened.close();
    }
  });
});
