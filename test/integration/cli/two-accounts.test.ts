// Issue 28: one command line process drives two of the desktop app's accounts at once through
// account-scoped calls (`NAME:PATH`, rclone's `remote:`), and each file lands in its own
// account on the sandbox host, never in the other.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type Host } from '../../host/index.ts';
import { createCore } from '../../../electron/core/services.ts';
import { cliRunner, uploadSummaryOf, video } from './run-cli.ts';

const keychain = process.env.VIDLIFT_KEYCHAIN_TESTS === '1';

let host: Host;
let root: string;

beforeAll(async () => {
  host = await startHost({ seed: 'empty' });
  root = mkdtempSync(join(tmpdir(), 'vidlift-cli-two-'));
});

afterAll(async () => {
  await host?.close();
  rmSync(root, { recursive: true, force: true });
});


describe.skipIf(!keychain)('vidlift-cli with two accounts in one run (real keychain; set VIDLIFT_KEYCHAIN_TESTS=1 in a keyring session to run)', () => {
  it('uploads work:a.mp4 and personal:b.mp4 from one process, each into its own account', async () => {
    const dataDir = join(root, 'data');
    const personal = host.control.addAccount({ seed: 'empty' });
    // The desktop app (its real keychain store) with the two accounts.
    const desktop = await createCore({ dataDir, logDir: join(root, 'logs-app'), sandboxAvailable: false });
    try {
      await desktop.handlers['accounts:add']({ name: 'Work', baseUrl: host.baseUrl, key: host.apiKey });
      await desktop.handlers['accounts:add']({ name: 'Personal', baseUrl: host.baseUrl, key: personal.apiKey });
    } finally {
      await desktop.close();
    }
    const files = join(root, 'files');
    mkdirSync(files, { recursive: true });
    const a = video(join(files, 'a.mp4'), 60_000);
    const b = video(join(files, 'b.mp4'), 50_000);
    const env = { VIDLIFT_DATA_DIR: dataDir, DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS ?? '' };

    const run = await cliRunner(root)(['upload', `work:${a}`, `Personal:${b}`, '--json'], env);
    expect(run.code, run.stderr).toBe(0);
    const result = uploadSummaryOf<{ uploads: Array<{ name: string; state: string; account?: string }> }>(run.stdout);
    expect(result.uploads.map((u) => [u.account, u.name, u.state]).sort()).toEqual([
      ['Personal', 'b.mp4', 'done'],
      ['work', 'a.mp4', 'done'],
    ]);
    // Each file in its own account, and only there.
    expect(host.control.videos(host.apiKey).map((v) => v.name)).toEqual(['a.mp4']);
    expect(host.control.videos(personal.apiKey).map((v) => v.name)).toEqual(['b.mp4']);

    // An account the app does not have is named, and nothing is sent.
    const wrong = await cliRunner(root)(['upload', `nobody:${a}`], env);
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toContain('No account is named “nobody”');
  }, 120_000);
});
