// Helpers for the browser end-to-end tests: Debian's Chromium through playwright-core,
// screenshots in light and dark, axe-core checks, and synthetic file drops whose File
// names stand for files the test wrote into the harness's fixture folder.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';

export const SCREENS_DIR = resolve(import.meta.dirname, '../../test-results/screens');

export async function newPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  await page.goto(url);
  return page;
}

/** Saves the screen as <name>-light.png and <name>-dark.png, and checks both with axe. */
export async function shootAndCheck(page: Page, name: string): Promise<void> {
  await mkdir(SCREENS_DIR, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(150); // let the chart redraw for the new scheme
    await page.screenshot({ path: join(SCREENS_DIR, `${name}-${scheme}.png`) });
    const violations = await axeViolations(page);
    expect(violations, `${name} (${scheme}) accessibility`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * Text elements whose text does not fit: wider content than box, where the element is not
 * meant to scroll (overflow auto/scroll) or to cut with an ellipsis (text-overflow: ellipsis).
 */
export function clippedText(on: Page): Promise<string[]> {
  return on.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const ownText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
      // Visually hidden labels (for screen readers) are a 1 px box by design.
      if (!ownText || el.offsetParent === null || el.closest('.visually-hidden')) continue;
      const style = getComputedStyle(el);
      if (style.textOverflow === 'ellipsis' || ['auto', 'scroll'].includes(style.overflowX) || el.closest('svg, canvas, textarea, select, option')) continue;
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && style.display !== 'inline') {
        out.push(`<${el.tagName.toLowerCase()} class="${el.className}"> ${el.scrollWidth} > ${el.clientWidth}: ${(el.textContent ?? '').trim().slice(0, 60)}`);
      }
    }
    return out;
  });
}

const require = createRequire(import.meta.url);
let axeSource: string | null = null;

/** Serious and critical axe-core violations on the page, as readable lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  axeSource ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)).join(', ')}`);
  });
}

/** Drags files over `selector` and drops them there (or only hovers, to show the overlay). */
export async function dropFiles(
  page: Page,
  selector: string,
  names: string[],
  opts: { hoverOnly?: boolean; type?: string; /** Real bytes for a name (base64), e.g. an image to preview. */ contents?: Record<string, string> } = {},
): Promise<void> {
  await page.evaluate(
    ({ selector, names, hoverOnly, type, contents }) => {
      const target = document.querySelector(selector);
      if (!target) throw new Error(`no element ${selector}`);
      const transfer = new DataTransfer();
      const bytes = (name: string) => {
        const b64 = contents[name];
        return b64 ? Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)) : new Uint8Array(16);
      };
      for (const name of names) transfer.items.add(new File([bytes(name)], name, { type }));
      const fire = (kind: string) => target.dispatchEvent(new DragEvent(kind, { bubbles: true, cancelable: true, dataTransfer: transfer }));
      fire('dragenter');
      fire('dragover');
      if (!hoverOnly) fire('drop');
    },
    { selector, names, hoverOnly: opts.hoverOnly ?? false, type: opts.type ?? '', contents: opts.contents ?? {} },
  );
}

/** A file whose first bytes say MP4 (what the core's sniffer looks for), `size` bytes long. */
export async function writeFakeMp4(path: string, size: number): Promise<void> {
  const head = Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isommp41')]);
  const body = Buffer.alloc(Math.max(size, head.length));
  head.copy(body);
  // Each file its own bytes (its path after the header): two files of one size are not the same
  // file to the duplicate check, which compares content.
  Buffer.from(path).copy(body, head.length);
  await writeFile(path, body);
}

/** A loopback web server the sandbox can fetch subtitles and remote videos from. */
export async function startFileServer(files: Record<string, { type: string; body: Buffer | string }>): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const file = files[(req.url ?? '/').slice(1)];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    const body = typeof file.body === 'string' ? Buffer.from(file.body) : file.body;
    res.writeHead(200, { 'Content-Type': file.type, 'Content-Length': body.length }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Polls `check` until it holds; bounded so a broken flow fails instead of hanging. */
export async function until<T>(what: string, check: () => T | Promise<T>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}
