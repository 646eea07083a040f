import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppRequestHandler, registerAppScheme, resolveInsideRoot } from '../../../electron/main/protocol.ts';

let base: string;
let root: string;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'vidlift-protocol-'));
  root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Vidlift</title>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(base, 'secret.txt'), 'outside the renderer');
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

const csp = "default-src 'self'";
const handler = () => createAppRequestHandler({ root, csp: () => csp });

describe('app:// protocol', () => {
  it('registers app as a standard, secure scheme', () => {
    const protocol = { registerSchemesAsPrivileged: vi.fn() };
    registerAppScheme(protocol);
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }),
      // Registered in the same single call: Electron takes privileged schemes once.
      expect.objectContaining({ scheme: 'vidlift-media', privileges: expect.objectContaining({ stream: true, corsEnabled: true }) }),
    ]);
  });

  it('serves index.html with the CSP header and a content type', async () => {
    const response = await handler()(new Request('app://vidlift/index.html'));
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Security-Policy')).toBe(csp);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(await response.text()).toContain('<title>Vidlift</title>');
  });

  it('serves / as index.html and assets with their types', async () => {
    expect(await (await handler()(new Request('app://vidlift/'))).text()).toContain('Vidlift');
    const script = await handler()(new Request('app://vidlift/assets/app.js'));
    expect(script.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
  });

  it('refuses every traversal out of the renderer folder', async () => {
    const serve = handler();
    for (const path of ['/..%2Fsecret.txt', '/assets/..%2F..%2Fsecret.txt', '/%2e%2e/secret.txt', '/..%5Csecret.txt', '/index.html%00.js']) {
      const response = await serve(new Request(`app://vidlift${path}`));
      expect(response.status, path).not.toBe(200);
      expect(await response.text()).not.toContain('outside the renderer');
    }
    expect(resolveInsideRoot(root, '/../secret.txt')).toBeNull();
    expect(resolveInsideRoot(root, '/a/../../secret.txt')).toBeNull();
    expect(resolveInsideRoot(root, '/%E0%A4%A')).toBeNull();
    expect(resolveInsideRoot(root, '/assets/app.js')).toBe(join(root, 'assets', 'app.js'));
  });

  it('answers 404 for missing files and other hosts, 405 for other methods, always with the CSP', async () => {
    const serve = handler();
    const missing = await serve(new Request('app://vidlift/nope.js'));
    expect(missing.status).toBe(404);
    expect(missing.headers.get('Content-Security-Policy')).toBe(csp);
    expect((await serve(new Request('app://other/index.html'))).status).toBe(404);
    expect((await serve(new Request('app://vidlift/index.html', { method: 'POST', body: 'x' }))).status).toBe(405);
  });

  it('asks for the CSP on every request, so a new service origin is used by the next load', async () => {
    let current = "img-src 'self'";
    const serve = createAppRequestHandler({ root, csp: () => current });
    current = "img-src 'self' https://video.example";
    expect((await serve(new Request('app://vidlift/index.html'))).headers.get('Content-Security-Policy')).toBe(current);
  });
});

describe('app:// and symlinks (issue 18, item 9)', () => {
  it('refuses a link inside the root that points outside it, and serves one that stays inside', async () => {
    symlinkSync(join(base, 'secret.txt'), join(root, 'leak.txt'));
    symlinkSync(join(root, 'assets', 'app.js'), join(root, 'alias.js'));
    const serve = handler();
    const leak = await serve(new Request('app://vidlift/leak.txt'));
    expect(leak.status).toBe(403);
    expect(await leak.text()).not.toContain('outside the renderer');
    expect((await serve(new Request('app://vidlift/alias.js'))).status).toBe(200);
  });
});
