// Issue 13 section 2 in the core: the Links menu's live preview in every format, and the
// export of 50,000 videos streamed to a file chosen in the save dialog, parsed back.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../electron/core/core.ts';
import type { AccountHandlers } from '../../../electron/core/rpc/dispatch.ts';
import { createCore } from '../../../electron/core/services.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-store.ts';
import { EXPORT_COLUMNS } from '../../../shared/export-formats.ts';
import { startHost, type Host } from '../../host/index.ts';
import { shown } from '../../support/shown-account.ts';

let host: Host;
let core: Core;
let root: string;
const progress: Array<{ written: number; done: boolean }> = [];

beforeAll(async () => {
  host = await startHost({ seed: 'flat:50000' });
  root = await mkdtemp(join(tmpdir(), 'vidlift-export-'));
  core = await createCore({ dataDir: join(root, 'data'), logDir: join(root, 'logs'), sandboxAvailable: false, secretStore: new MemorySecretStore() });
  core.events.subscribe((event, payload) => {
    if (event === 'export:progress') progress.push(payload as { written: number; done: boolean });
  });
  await core.handlers['accounts:add']({ baseUrl: host.baseUrl, key: host.apiKey });
  for (let i = 0; i < 600 && (await shown(core)['videos:list']({ folderId: 0, offset: 0, limit: 1 })).total < 50_000; i++) await new Promise((r) => setTimeout(r, 100));
}, 120_000);

afterAll(async () => {
  await core?.close();
  await host?.close();
  await rm(root, { recursive: true, force: true });
});

const folder = { kind: 'folder' as const, folderId: 0 };

describe('export', () => {
  it('previews the first entries in each format, with the count of the whole export', async () => {
    const first = (await shown(core)['videos:list']({ folderId: 0, offset: 0, limit: 1 })).items[0]!;
    const preview = (format: Parameters<AccountHandlers['export:preview']>[0]['options']['format'], extra = {}) =>
      shown(core)['export:preview']({ source: folder, options: { format, ...extra } });
    const download = await preview('download');
    expect(download).toMatchObject({ count: 50_000, shown: 10 });
    expect(download.text.split('\n')[0]).toBe(first.downloadUrl);
    expect((await preview('embed')).text.split('\n')[0]).toBe(first.embedUrl);
    expect((await preview('iframe', { width: 800, height: 450 })).text).toContain('width="800" height="450"');
    expect((await preview('bbcode')).text).toMatch(/^\[url=/);
    expect((await preview('markdown')).text).toMatch(/^\[/);
    expect((await preview('template', { template: '{title} -> {download}' })).text.split('\n')[0]).toBe(`${first.name} -> ${first.downloadUrl}`);
    const json = JSON.parse((await preview('json')).text) as Array<Record<string, unknown>>;
    expect(Object.keys(json[0]!)).toEqual([...EXPORT_COLUMNS]);
    await expect(Promise.resolve().then(() => preview('template', { template: '{nope}' }))).rejects.toThrow(/not a placeholder/);
  });

  it('streams 50,000 videos to the chosen file as CSV that parses back, with progress', async () => {
    const path = join(root, 'library.csv');
    await expect(Promise.resolve().then(() => shown(core)['export:toFile']({ exportId: randomUUID(), path, source: folder, options: { format: 'csv' } }))).rejects.toThrow(/save dialog/);
    core.grantSavePath(path);
    const result = await shown(core)['export:toFile']({ exportId: randomUUID(), path, source: folder, options: { format: 'csv' } });
    expect(result).toEqual({ path, count: 50_000, cancelled: false });
    const rows = parse(readFileSync(path, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(50_000);
    expect(Object.keys(rows[0]!)).toEqual([...EXPORT_COLUMNS]);
    expect(new Set(rows.map((r) => r.id)).size).toBe(50_000);
    expect(rows.every((r) => r.download!.startsWith('http') && r.folder === 'Home')).toBe(true);
    expect(readFileSync(path, 'utf8').startsWith(`${EXPORT_COLUMNS.join(',')}\r\n`)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ written: 50_000, done: true });
    // The chosen path is written once; another export needs the dialog again.
    await expect(Promise.resolve().then(() => shown(core)['export:toFile']({ exportId: randomUUID(), path, source: folder, options: { format: 'csv' } }))).rejects.toThrow(/save dialog/);
  }, 120_000);
});
