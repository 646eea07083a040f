// The harness carries the real contract between the real renderer page in Chromium and the
// real core: one contract method end to end, and the socket's token and origin checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Browser, Page } from 'playwright-core';
import { startHarness, type Harness } from '../../harness/index.ts';
import { launchChromium } from '../../support/chromium.ts';

let harness: Harness;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  harness = await startHarness({ seed: 'demo' });
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(harness.url);
  await page.waitForFunction(() => 'api' in window);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

describe('the browser harness', () => {
  it('exposes window.api with one invoker per contract method and nothing else', async () => {
    const keys = await page.evaluate(() => Object.keys((window as unknown as { api: object }).api).sort());
    const { METHOD_NAMES } = await import('../../../shared/contract-names.ts');
    expect(keys).toEqual([...METHOD_NAMES, 'on', 'dropFiles', 'pathForFile'].sort());
  });

  it('calls a contract method end to end and gets the envelope', async () => {
    const result = await page.evaluate(() =>
      (window as unknown as { api: Record<string, () => Promise<unknown>> }).api['settings:get']!(),
    );
    expect(result).toMatchObject({ ok: true, data: { uploadConcurrency: 3, theme: 'system' } });
  });

  it('answers a payload that fails its schema with a validation envelope', async () => {
    const result = await page.evaluate(() =>
      (window as unknown as { api: Record<string, (input: unknown) => Promise<unknown>> }).api['folders:create']!({ name: 7 }),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'validation' } });
  });

  it('connects the sandbox and reads the account through the core', async () => {
    const result = await page.evaluate(async () => {
      const api = (window as unknown as { api: Record<string, (input?: unknown, accountId?: unknown) => Promise<{ ok: boolean; data?: { activeId?: string } }>> }).api;
      await api['sandbox:start']!();
      // An account call names its account, as the window's client does with the one it shows.
      const accounts = await api['accounts:list']!();
      return api['account:get']!(undefined, accounts.data?.activeId ?? null);
    });
    expect(result).toMatchObject({ ok: true });
  });

  it('refuses a socket from another origin, and one without the token', async () => {
    const address = await harnessSocketAddress();
    await expect(openSocket(address, 'http://evil.example')).rejects.toThrow();
    const socket = await openSocket(address, new URL(harness.url).origin);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    socket.send(JSON.stringify({ type: 'hello', token: 'wrong' }));
    expect(await closed).toBe(1008);
  });
});

async function harnessSocketAddress(): Promise<string> {
  const response = await fetch(new URL('/@id/virtual:vidlift-harness-config', harness.url));
  const source = await response.text();
  const match = /"wsUrl":"(ws:\/\/127\.0\.0\.1:\d+)"/.exec(source);
  if (!match?.[1]) throw new Error('no socket address in the harness config');
  return match[1];
}

function openSocket(address: string, origin: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(address, { origin });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) => reject(new Error(`refused with ${response.statusCode}`)));
  });
}
