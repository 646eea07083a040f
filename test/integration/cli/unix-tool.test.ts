// Issue 26 part 5: the command line behaves like a Unix tool. The real CLI as child processes
// against the sandbox host on loopback: `export | head` (a real pipe into `head`, which
// closes it after one line) ends with exit 0 and nothing on stderr; `export --json` writes
// JSON; offline, `ls` answers from the library naming the address and the cause and `sync`
// exits 1 with the cause; `watch` exits 130 on SIGINT; `--version`; a refused key or an
// address that never answered leaves no account database; counted summaries; leftovers.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type Host } from '../../host/index.ts';
import { CLI_MAIN, cliRunner } from './run-cli.ts';

const MP4_HEAD = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
const VERSION = (JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as { version: string }).version;

let host: Host;
let root: string;

beforeAll(async () => {
  host = await startHost({ seed: 'demo' });
  root = mkdtempSync(join(tmpdir(), 'vidlift-cli-unix-'));
});

afterAll(async () => {
  await host?.close();
  rmSync(root, { recursive: true, force: true });
});

const cli: ReturnType<typeof cliRunner> = (args, env, options) => cliRunner(root)(args, env, options);

function video(path: string, size: number): string {
  writeFileSync(path, Buffer.concat([MP4_HEAD, randomBytes(size)]));
  return path;
}

/** The .sqlite files in a data folder's accounts folder (none when it does not exist). */
function databases(dataDir: string): string[] {
  const dir = join(dataDir, 'accounts');
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.includes('.sqlite')) : [];
}

// Each test starts several CLI processes (each loads the whole core): minutes on a busy machine.
describe('vidlift-cli as a Unix tool', { timeout: 180_000 }, () => {
  it('`export | head -n 1` exits 0 quietly: a real pipe into a reader that closes it early', async () => {
    // Far more than a pipe holds (64 KiB): the CLI is still writing when head has gone.
    const { apiKey } = host.control.addAccount({ seed: 'flat:3000' });
    const env = { VIDLIFT_BASE_URL: host.baseUrl, VIDLIFT_API_KEY: apiKey, VIDLIFT_DATA_DIR: join(root, 'data-pipe') };
    const whole = await cli(['export', '--format', 'csv'], env);
    expect(whole.code).toBe(0);
    expect(whole.stdout.length).toBeGreaterThan(4 * 65_536);

    const piped = await new Promise<{ code: number | null; stdout: string; stderr: string }>((done, fail) => {
      // bash reports the CLI's own exit code (PIPESTATUS), not head's.
      const script = `"${process.execPath}" "${CLI_MAIN}" export --format csv | head -n 1; exit "\${PIPESTATUS[0]}"`;
      const child = spawn('bash', ['-c', script], { env: { PATH: process.env.PATH ?? '', HOME: root, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
      child.once('error', fail);
      child.once('exit', (code) => {
        clearTimeout(timer);
        done({ code, stdout, stderr });
      });
    });
    expect(piped.stderr).toBe('');
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe(`${whole.stdout.split('\n')[0]}\n`);
  });

  it('`export --json` writes one JSON document; --json with another --format is refused', async () => {
    const env = { VIDLIFT_BASE_URL: host.baseUrl, VIDLIFT_API_KEY: host.apiKey, VIDLIFT_DATA_DIR: join(root, 'data-json') };
    const exported = await cli(['export', '--json'], env);
    expect(exported.code).toBe(0);
    const links = JSON.parse(exported.stdout) as Array<{ id: string; embed: string }>;
    expect(links.length).toBe(host.control.videos().length);
    expect(links.every((link) => link.embed.startsWith(host.baseUrl))).toBe(true);

    const both = await cli(['export', '--json', '--format', 'csv'], env);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--json writes JSON');
    const watchJson = await cli(['watch', root, '--json'], env);
    expect(watchJson.code).toBe(2);
    expect(watchJson.stderr).toMatch(/watch takes no --json/);
    // Every usage line of a command that takes --json lists it.
    for (const command of ['upload', 'remote', 'ls', 'search', 'sync', 'export', 'account']) {
      const help = await cli([command, '--help'], env);
      expect(help.stdout.split('\n')[0]).toMatch(/\[--json\]$/);
    }
  });

  it('offline: ls answers from the library naming the address and the cause, sync exits 1 with it, account names the address', async () => {
    const away = await startHost({ seed: 'demo' });
    const env = { VIDLIFT_BASE_URL: away.baseUrl, VIDLIFT_API_KEY: away.apiKey, VIDLIFT_DATA_DIR: join(root, 'data-offline') };
    try {
      expect((await cli(['sync'], env)).code).toBe(0);
      expect((await cli(['account'], env)).code).toBe(0);
      await away.control.stop();

      const ls = await cli(['ls', '--json'], env);
      expect(ls.code).toBe(0);
      expect(ls.stderr).toContain(`Offline: ${away.baseUrl} cannot be reached (connection refused). Answering from the library on this computer (last brought up to date`);
      const listed = JSON.parse(ls.stdout) as { folders: Array<{ name: string; depth: number }> };
      expect(listed.folders.map((f) => f.name).sort()).toEqual(away.control.folders().map((f) => f.name).sort());

      const sync = await cli(['sync'], env);
      expect(sync.code).toBe(1);
      expect(sync.stderr).toBe(`Cannot sync: ${away.baseUrl} cannot be reached (connection refused).\n`);

      const account = await cli(['account'], env);
      expect(account.code).toBe(0);
      expect(account.stderr).toContain(`Offline: ${away.baseUrl} cannot be reached (connection refused). The account as last read on`);
      expect(account.stdout).toContain(away.baseUrl);
    } finally {
      await away.close();
    }
  });

  it('ls shows the folder tree, indented', async () => {
    const env = { VIDLIFT_BASE_URL: host.baseUrl, VIDLIFT_API_KEY: host.apiKey, VIDLIFT_DATA_DIR: join(root, 'data-tree') };
    const ls = await cli(['ls'], env);
    expect(ls.code).toBe(0);
    const folders = host.control.folders();
    const child = folders.find((f) => f.parent !== 0 && folders.some((p) => p.id === f.parent))!;
    const parent = folders.find((f) => f.id === child.parent)!;
    const lines = ls.stdout.split('\n');
    const parentLine = lines.findIndex((line) => line.startsWith(`${parent.id} `));
    const childLine = lines.findIndex((line) => line.startsWith(`${child.id} `));
    expect(childLine).toBeGreaterThan(parentLine);
    const nameAt = (line: string, name: string): number => line.indexOf(name);
    expect(nameAt(lines[childLine]!, child.name)).toBe(nameAt(lines[parentLine]!, parent.name) + 2);
    expect(lines[1]).toMatch(/^0\s+\(top level\)/);
    const missing = await cli(['ls', 'No such folder'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No folder is named “No such folder”');
  });

  it('watch exits 130 on SIGINT and says where files go; a missing directory creates no service folder', async () => {
    const env = { VIDLIFT_BASE_URL: host.baseUrl, VIDLIFT_API_KEY: host.apiKey, VIDLIFT_DATA_DIR: join(root, 'data-watch') };
    const dir = join(root, 'watched');
    mkdirSync(dir);
    const watched = await cli(['watch', dir], env, { interruptWhen: (stderr) => stderr.includes('Ctrl-C stops.') });
    expect(watched.stderr).toContain(`Watching ${dir}: finished videos go to the top level of the service (--folder picks a folder).`);
    expect(watched.code).toBe(130);

    const foldersBefore = host.control.folders().length;
    const missing = await cli(['watch', join(root, 'never-made'), '--folder', 'Should not exist'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`${join(root, 'never-made')} does not exist.\n`);
    expect(host.control.folders().length).toBe(foldersBefore);
  });

  it('--version prints the version; usage after a mistake goes to stderr', async () => {
    const version = await cli(['--version'], {});
    expect(version.code).toBe(0);
    expect(version.stdout).toBe(`vidlift-cli ${VERSION}\n`);
    const none = await cli([], {});
    expect(none.code).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('Usage: vidlift-cli <command>');
    const unknown = await cli(['frobnicate'], {});
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('Unknown command “frobnicate”');
  });

  it('a refused key, or an address that never answered, leaves no account database behind', async () => {
    const refusedDir = join(root, 'data-refused');
    const refused = await cli(['ls'], { VIDLIFT_BASE_URL: host.baseUrl, VIDLIFT_API_KEY: 'B'.repeat(host.apiKey.length), VIDLIFT_DATA_DIR: refusedDir });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/^VIDLIFT_API_KEY: the service at .* refused this key.*Nothing was kept\.\n$/);
    expect(databases(refusedDir)).toEqual([]);

    const away = await startHost({ seed: 'empty' });
    const silent = { VIDLIFT_BASE_URL: away.baseUrl, VIDLIFT_API_KEY: away.apiKey, VIDLIFT_DATA_DIR: join(root, 'data-silent') };
    await away.close();
    const never = await cli(['ls'], silent);
    expect(never.code).toBe(3);
    expect(never.stderr).toContain(`${away.baseUrl} cannot be reached (connection refused), and it has never answered for this key here, so nothing was kept.`);
    expect(databases(silent.VIDLIFT_DATA_DIR)).toEqual([]);
  });

  it('summaries count what happened; a path that never existed "does not exist"; an empty folder gets a hint', async () => {
    const env = { VIDLIFT_BASE_URL: host.baseUrl, VIDLIFT_API_KEY: host.apiKey, VIDLIFT_DATA_DIR: join(root, 'data-summary') };
    const dir = join(root, 'files-summary');
    mkdirSync(join(dir, 'empty'), { recursive: true });
    const file = video(join(dir, 'once.mp4'), 30_000);
    expect((await cli(['upload', file], env)).stdout).toMatch(/^1 uploaded\.$/m);
    const again = await cli(['upload', file], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^0 uploaded, 1 already on the service\.$/m);
    expect(again.stderr).toContain('once.mp4: already on the service, not sent again.');
    // A copy under another name is the same video: the line names the file given here.
    const copy = join(dir, 'copy of once.mp4');
    copyFileSync(file, copy);
    const copied = await cli(['upload', copy], env);
    expect(copied.code).toBe(0);
    expect(copied.stderr).toContain('copy of once.mp4: already on the service, not sent again.');
    expect(copied.stdout).toMatch(/^0 uploaded, 1 already on the service\.$/m);

    const ghost = await cli(['upload', join(dir, 'ghost.mp4')], env);
    expect(ghost.code).toBe(1);
    expect(ghost.stderr).toContain(`${join(dir, 'ghost.mp4')}: does not exist.`);
    const empty = await cli(['upload', join(dir, 'empty')], env);
    expect(empty.code).toBe(0);
    expect(empty.stderr).toContain(`Nothing to upload from ${join(dir, 'empty')}: no video files in it or its sub-folders`);
  });

  it('sync continues an upload an earlier run left, and says so', async () => {
    const env = { VIDLIFT_BASE_URL: host.baseUrl, VIDLIFT_API_KEY: host.apiKey, VIDLIFT_DATA_DIR: join(root, 'data-leftover') };
    const dir = join(root, 'files-leftover');
    mkdirSync(dir);
    const file = video(join(dir, 'left.mp4'), 200_000);
    const before = host.control.videos().length;
    // Operation 4's answers so far: the file server takes its session at once, so the log is
    // what shows that the transfer was asked for (unspent sessions are back to as many within ms).
    const targetsAsked = (): number => host.control.requestLog().filter((e) => e.origin === 'api' && e.method === 'GET' && e.path === '/v1/upload').length;
    const asked = targetsAsked();
    // Stopped once its transfer has begun (it asked for an upload session): 200 KB at 16 KB/s is far from done.
    const first = await cli(['upload', file, '--bwlimit', '16K'], env, { interruptWhen: () => targetsAsked() > asked });
    expect(first.code).toBe(130);
    expect(host.control.videos().length).toBe(before);

    const sync = await cli(['sync'], env);
    expect(sync.stderr).toContain('continuing 1 upload left from an earlier run');
    expect(sync.code).toBe(0);
    expect(sync.stdout).toContain('Uploads left from an earlier run: 1 uploaded.');
    expect(host.control.videos().filter((v) => v.name === 'left.mp4')).toHaveLength(1);
  });
});
