import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { raw } from './helpers.ts';

const CLI = fileURLToPath(new URL('../../host/cli.ts', import.meta.url));

async function launch(args: string[]): Promise<{ child: ChildProcess; first: { baseUrl: string; apiKey: string } }> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('CLI did not print its first line')), 15_000);
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) {
        clearTimeout(timer);
        resolve(out.slice(0, nl));
      }
    });
    child.on('exit', (code) => reject(new Error(`CLI exited early with ${code}`)));
  });
  return { child, first: JSON.parse(first) as { baseUrl: string; apiKey: string } };
}

describe('npm run sandbox (cli.ts)', () => {
  it('prints {baseUrl, apiKey} first, serves, and stops cleanly on SIGTERM', async () => {
    const { child, first } = await launch(['--seed', 'demo', '--key', 'CliKey0000000001', '--premium', '--latency', '5', '--jitter', '5', '--broken-deploy']);
    try {
      expect(first.apiKey).toBe('CliKey0000000001');
      expect(first.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const account = await raw(`${first.baseUrl}/v1/account`, { headers: { 'X-Api-Key': first.apiKey } });
      expect(JSON.parse(account.text)).toMatchObject({ isPremium: true, storage: { total: 'Unlimited' } });
      const videos = await raw(`${first.baseUrl}/v1/videos?key=${first.apiKey}`);
      expect((JSON.parse(videos.text) as { list: unknown[] }).list.length).toBeGreaterThan(0);
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

  it('generates a random 16-character key and picks a free port by default; SIGINT stops it', async () => {
    const { child, first } = await launch(['--seed', 'empty']);
    try {
      expect(first.apiKey).toMatch(/^\w{16}$/);
      expect((await raw(`${first.baseUrl}/v1/account`, { headers: { 'X-Api-Key': first.apiKey } })).status).toBe(200);
    } finally {
      child.kill('SIGINT');
    }
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

  it('refuses bad arguments', async () => {
    const child = spawn(process.execPath, [CLI, '--seed', 'bogus'], { stdio: 'ignore' });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
  });
});
