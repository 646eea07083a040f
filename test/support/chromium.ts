// Launches Debian's Chromium for browser tests (never a downloaded browser). CHROMIUM_PATH
// overrides where it is; on a machine with Playwright's own browser, that one is used.
import { chromium, type Browser } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export function chromiumPath(): string | null {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    try {
      const found = execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
      if (found) return found;
    } catch {
      // not on PATH
    }
  }
  return null;
}

export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (executablePath) return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  // Playwright's own browser, where one is installed.
  return chromium.launch({ args: CHROMIUM_ARGS });
}
