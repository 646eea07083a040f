// Issue 14 part 4: the real command line, as a separate process (node electron/cli/main.ts),
// against the sandbox host on loopback with a data folder of its own. Upload 3 files and a
// folder, list them as JSON, export CSV and parse it (byte for byte the app's file export); a refused key exits 3; Ctrl-C in the
// middle of an upload, then the same command again: every file is on the service exactly once;
// while another process has the account open, the CLI refuses in words.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type Host } from '../../host/index.ts';
import { createCore } from '../../../electron/core/services.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-store.ts';
import { cliRunner, uploadSummaryOf, video } from './run-cli.ts';
import { EXPORT_COLUMNS } from '../../../shared/export-formats.ts';
import { shown } from '../../support/shown-account.ts';


let host: Host;
let root: string;

beforeAll(async () => {
  host = await startHost({ seed: 'demo' });
  root = mkdtempSync(join(tmpdir(), 'vidlift-cli-'));
});

afterAll(async () => {
  await host?.close();
  rmSync(root, { recursive: true, force: true });
});

/** The CLI with HOME in the test's own folder. */
const cli: ReturnType<typeof cliRunner> = (args, env, options) => cliRunner(root)(args, env, options);


describe('vidlift-cli', () => {
  it('uploads 3 files and a folder, lists them as JSON, exports CSV that parses', async () => {
    const env = { VIDLIFT_BASE_URL: host.baseUrl, VIDLIFT_API_KEY: host.apiKey, VIDLIFT_DATA_DIR: join(root, 'data-1') };
    const dir = join(root, 'files-1');
    mkdirSync(join(dir, 'holiday'), { recursive: true });
    const files = ['one.mp4', 'two.mp4', 'three.mp4'].map((name) => video(join(dir, name), 50_000));
    video(join(dir, 'holiday', 'beach.mp4'), 40_000);
    video(join(dir, 'holiday', 'pier.mp4'), 40_000);

    const up = await cli(['upload', ...files, join(dir, 'holiday'), '--folder', 'From the CLI', '--json'], env);
    expect(up.stderr).toContain('Created the folder “From the CLI”');
    expect(up.code).toBe(0);
    const uploaded = uploadSummaryOf<{ folderId: number; uploads: Array<{ name: string; state: string; embedUrl: string }> }>(up.stdout);
    expect(uploaded.uploads.map((u) => u.name).sort()).toEqual(['beach.mp4', 'one.mp4', 'pier.mp4', 'three.mp4', 'two.mp4']);
    expect(uploaded.uploads.every((u) => u.state === 'done' && u.embedUrl.startsWith(host.baseUrl))).toBe(true);

    const ls = await cli(['ls', 'From the CLI', '--json'], env);
    expect(ls.code).toBe(0);
    const listed = JSON.parse(ls.stdout) as { videos: Array<{ name: string }> };
    expect(listed.videos.map((v) => v.name).sort()).toEqual(['beach.mp4', 'one.mp4', 'pier.mp4', 'three.mp4', 'two.mp4']);

    const exported = await cli(['export', '--format', 'csv', String(uploaded.folderId)], env);
    expect(exported.code).toBe(0);
    const rows = parse(exported.stdout, { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => r.title).sort()).toEqual(['beach.mp4', 'one.mp4', 'pier.mp4', 'three.mp4', 'two.mp4']);
    expect(Object.keys(rows[0]!)).toEqual([...EXPORT_COLUMNS]);
    expect(rows.every((r) => r.embed!.startsWith(host.baseUrl) && r.id!.length > 0 && r.folder === 'From the CLI')).toBe(true);
    const forum = await cli(['export', '--format', 'bbcode', String(uploaded.folderId)], env);
    expect(forum.code).toBe(0);
    expect(forum.stdout.trim().split('\n').sort()).toEqual(
      rows.map((r) => `[url=${r.embed}]${r.title}[/url]`).sort(),
    );
    const json = await cli(['export', '--json', String(uploaded.folderId)], env);
    expect(json.code).toBe(0);

    // The same export saved to a file by the app's core (the CLI has closed the account): byte for byte what the CLI wrote.
    const core = await createCore({ dataDir: env.VIDLIFT_DATA_DIR, logDir: join(root, 'logs-1'), sandboxAvailable: false, secretStore: new MemorySecretStore(), fixedAccount: { baseUrl: host.baseUrl, key: host.apiKey }, onlyShownAccount: true });
    try {
      for (const [format, printed] of [['csv', exported.stdout], ['json', json.stdout], ['bbcode', forum.stdout]] as const) {
        const path = join(root, `saved.${format}`);
        core.grantSavePath(path);
        const saved = await shown(core)['export:toFile']({ exportId: randomUUID(), path, source: { kind: 'folder', folderId: uploaded.folderId }, options: { format } });
        expect(saved).toMatchObject({ count: 5, cancelled: false });
        expect(readFileSync(path).equals(Buffer.from(printed))).toBe(true);
      }
    } finally {
      await core.close();
    }
    // The key never appears in what the CLI prints.
    expect(`${up.stdout}${up.stderr}${ls.stdout}${exported.stdout}`).not.toContain(host.apiKey);
  });

  it('says before the upload how a name with a quote goes, and after it what a legacy file server stored (issue 26)', async () => {
    const env = { VIDLIFT_BASE_URL: host.baseUrl, VIDLIFT_API_KEY: host.apiKey, VIDLIFT_DATA_DIR: join(root, 'data-names') };
    const dir = join(root, 'files-names');
    mkdirSync(dir, { recursive: true });
    const files = ['say "hi".mp4', 'back\\slash.mp4', 'plain.mp4'].map((name) => video(join(dir, name), 30_000));
    host.control.setFileNames('legacy');
    try {
      const up = await cli(['upload', ...files], env);
      expect(up.code).toBe(0);
      expect(up.stderr).toContain('say "hi".mp4: its double quote is sent as %22');
      expect(up.stderr).toContain('say "hi".mp4: stored as "say %22hi%22.mp4" (%22/%0D/%0A kept as sent)');
      expect(up.stderr).toContain('back\\slash.mp4: stored as "slash.mp4" (cut at the backslash)');
      expect(up.stderr).not.toContain('plain.mp4:');
      const json = await cli(['upload', ...files, '--json'], env);
      const result = uploadSummaryOf<{ uploads: Array<{ name: string; verification: unknown }> }>(json.stdout);
      expect(result.uploads.find((u) => u.name === 'plain.mp4')?.verification).toEqual({ title: { status: 'same' }, folder: 'found' });
    } finally {
      host.control.setFileNames('browsers');
    }
  });

  it('exits 3 with a clear message when the key is refused, and 2 on bad usage', async () => {
    const env = { VIDLIFT_BASE_URL: host.baseUrl, VIDLIFT_API_KEY: 'A'.repeat(host.apiKey.length), VIDLIFT_DATA_DIR: join(root, 'data-2') };
    const refused = await cli(['ls'], env);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/VIDLIFT_API_KEY: .*refused/i);
    const onlyOne = await cli(['ls'], { VIDLIFT_BASE_URL: host.baseUrl, VIDLIFT_DATA_DIR: join(root, 'data-2') });
    expect(onlyOne.code).toBe(3);
    expect(onlyOne.stderr).toMatch(/Set both VIDLIFT_BASE_URL and VIDLIFT_API_KEY/);
    const usage = await cli(['upload', '--concurrency', '12', 'x.mp4'], { ...env, VIDLIFT_API_KEY: host.apiKey });
    expect(usage.code).toBe(2);
    expect((await cli(['frobnicate'], env)).code).toBe(2);
    const help = await cli(['export', '--help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage: vidlift-cli export/);
  });

  it('Ctrl-C mid-upload exits 130 and leaves the queue; running again uploads each file exactly once', async () => {
    const env = { VIDLIFT_BASE_URL: host.baseUrl, VIDLIFT_API_KEY: host.apiKey, VIDLIFT_DATA_DIR: join(root, 'data-3') };
    const dir = join(root, 'files-3');
    mkdirSync(dir, { recursive: true });
    const names = ['slow-a.mp4', 'slow-b.mp4', 'slow-c.mp4'];
    const files = names.map((name) => video(join(dir, name), 120_000));
    const args = ['upload', ...files, '--folder', 'Interrupted', '--concurrency', '1', '--bwlimit', '64K'];
    const before = host.control.videos().length;

    const arrived = (): string[] => host.control.videos().slice(before).map((v) => v.name).filter((n) => names.includes(n));
    // Stop once the first file has arrived: the second is then on its way (one at a time).
    const first = await cli(args, env, { interruptWhen: () => arrived().length >= 1 });
    expect(first.code).toBe(130);
    expect(first.stderr).toMatch(/Stopping… \(the queue keeps what is left/);
    expect(arrived().length).toBeGreaterThanOrEqual(1);
    expect(arrived().length).toBeLessThan(3);

    const second = await cli([...args.slice(0, -4), '--folder', 'Interrupted', '--json'], env);
    expect(second.code).toBe(0);
    const result = uploadSummaryOf<{ uploads: Array<{ name: string; state: string }> }>(second.stdout);
    expect(result.uploads.map((u) => [u.name, u.state]).sort()).toEqual(names.map((n) => [n, 'done']));
    expect(arrived().sort()).toEqual(names);
  });

  it('refuses in words while another Vidlift has the account open, and works once it closes', async () => {
    const dataDir = join(root, 'data-4');
    const secretStore = new MemorySecretStore();
    const app = await createCore({ dataDir, logDir: join(root, 'logs-4'), sandboxAvailable: false, secretStore });
    await app.handlers['accounts:add']({ baseUrl: host.baseUrl, key: host.apiKey });
    const env = { VIDLIFT_BASE_URL: host.baseUrl, VIDLIFT_API_KEY: host.apiKey, VIDLIFT_DATA_DIR: dataDir };
    try {
      const busy = await cli(['ls'], env);
      expect(busy.code).toBe(3);
      expect(busy.stderr).toMatch(/open in another Vidlift on this computer/);
    } finally {
      await app.close();
    }
    expect((await cli(['ls'], env)).code).toBe(0);
  });
});

const keychain = process.env.VIDLIFT_KEYCHAIN_TESTS === '1';

describe.skipIf(!keychain)('vidlift-cli on the desktop app’s accounts (real keychain; set VIDLIFT_KEYCHAIN_TESTS=1 in a keyring session to run)', () => {
  it('lists the accounts, works on the one named with --account, and names them when the name matches none', async () => {
    const dataDir = join(root, 'data-accounts');
    const second = host.control.addAccount({ seed: 'empty' });
    host.control.addVideo({ name: 'second-account-only.mp4', size: 4321 }, second.apiKey);
    // The desktop app (its real keychain store) with two accounts, showing the first.
    const desktop = await createCore({ dataDir, logDir: join(root, 'logs-accounts'), sandboxAvailable: false });
    try {
      await desktop.handlers['accounts:add']({ baseUrl: host.baseUrl, key: host.apiKey });
      const firstId = (await desktop.handlers['accounts:list'](undefined)).activeId!;
      await desktop.handlers['accounts:add']({ name: 'Second', baseUrl: host.baseUrl, key: second.apiKey });
      await desktop.handlers['accounts:switch']({ id: firstId });
    } finally {
      await desktop.close();
    }
    const env = { VIDLIFT_DATA_DIR: dataDir, DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS ?? '' };

    const listed = await cli(['account', '--list', '--json'], env);
    expect(listed.code).toBe(0);
    expect((JSON.parse(listed.stdout) as { accounts: Array<{ name: string; shownInApp: boolean }> }).accounts.map((a) => [a.name, a.shownInApp])).toEqual([
      [new URL(host.baseUrl).host, true],
      ['Second', false],
    ]);

    expect((await cli(['sync', '--account', 'second'], env)).code).toBe(0);
    const named = await cli(['ls', '0', '--account', 'second', '--json'], env);
    expect(named.code).toBe(0);
    expect(named.stdout).toContain('second-account-only.mp4');
    expect((await cli(['sync'], env)).code).toBe(0);
    const shown = await cli(['ls', '0', '--json'], env);
    expect(shown.code).toBe(0);
    expect(shown.stdout).not.toContain('second-account-only.mp4');

    const wrong = await cli(['ls', '--account', 'Nope'], env);
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toContain('No account is named “Nope”');
    expect(wrong.stderr).toContain('“Second”');
  }, 120_000);
});
