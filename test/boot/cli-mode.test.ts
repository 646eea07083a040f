// The packaged command line (resources/bin/vidlift-cli → the app binary with --cli): the BUILT
// main bundle, in a process of its own on the Electron double, runs the CLI without a window,
// a single-instance lock or the app:// scheme, and exits with the CLI's code.
import { afterEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newHost, newProfile, REPO_ROOT } from './support.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; report: { calls: string[]; windows: number; unimplemented: string[] } }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', './test/doubles/register-electron.ts', 'test/boot/built-cli-child.ts', ...args],
      { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const line = stderr.split('\n').find((l) => l.startsWith('CLI-REPORT '));
        if (!line) throw new Error(`no report from the CLI child:\n${stderr}`);
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, report: JSON.parse(line.slice('CLI-REPORT '.length)) });
      },
    );
  });
}

describe('vidlift-cli in the packaged app (--cli)', () => {
  it('prints its help and exits 0 without opening a window or taking the app lock', async () => {
    const { code, stdout, report } = await runCli(['--help'], { VIDLIFT_DATA_DIR: newProfile(cleanups) });
    expect(code).toBe(0);
    expect(stdout).toMatch(/Usage: vidlift-cli <command>/);
    expect(report.windows).toBe(0);
    expect(report.calls).not.toContain('app.requestSingleInstanceLock');
    expect(report.calls).not.toContain('protocol.registerSchemesAsPrivileged');
    expect(report.calls).toContain('app.exit');
    expect(report.unimplemented).toEqual([]);
  });

  it('speaks the language of LANG, its words loaded on demand (the start loads English alone)', async () => {
    const { code, stdout } = await runCli(['--help'], { VIDLIFT_DATA_DIR: newProfile(cleanups), LANG: 'de_DE.UTF-8' });
    expect(code).toBe(0);
    expect(stdout).toMatch(/Aufruf: vidlift-cli <Befehl>/);
  });

  it('lists the folders of the account in VIDLIFT_* as JSON, and exits 3 for a refused key', async () => {
    const host = await newHost(cleanups);
    const dataDir = newProfile(cleanups);
    const ok = await runCli(['ls', '--json'], { VIDLIFT_DATA_DIR: dataDir, VIDLIFT_BASE_URL: host.baseUrl, VIDLIFT_API_KEY: host.apiKey });
    expect(ok.code).toBe(0);
    const { folders } = JSON.parse(ok.stdout) as { folders: Array<{ name: string }> };
    expect(folders.length).toBeGreaterThan(0);
    expect(ok.report.windows).toBe(0);
    const refused = await runCli(['ls'], { VIDLIFT_DATA_DIR: dataDir, VIDLIFT_BASE_URL: host.baseUrl, VIDLIFT_API_KEY: 'B'.repeat(host.apiKey.length) });
    expect(refused.code).toBe(3);
  });

  it('ships executable wrappers that start the app binary with --cli', () => {
    const sh = join(REPO_ROOT, 'resources', 'bin', 'vidlift-cli');
    accessSync(sh, constants.X_OK);
    expect(readFileSync(sh, 'utf8')).toMatch(/--cli "\$@"/);
    expect(readFileSync(join(REPO_ROOT, 'resources', 'bin', 'vidlift-cli.cmd'), 'utf8')).toMatch(/--cli %\*/);
    expect(readFileSync(join(REPO_ROOT, 'electron-builder.yml'), 'utf8')).toMatch(/from: resources\/bin\n\s+to: bin/);
  });
});
