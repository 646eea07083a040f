// Which updater the installed app gets (issue 27 item 11): a deb (or rpm, pacman) install is
// updated by the system's package manager, so Vidlift must not run electron-updater's
// DebUpdater (it would install the download with `dpkg -i` through pkexec or sudo). The package
// kind is the `package-type` file electron-builder writes into the resources; an AppImage has
// none. Runs under the Electron double: loading electron-updater reaches for `electron`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createElectronDouble } from '../doubles/electron.ts';
import { installElectronDouble } from '../doubles/register-electron.ts';
import { loadUpdater, OFF_SYSTEM_PACKAGE, systemPackageType } from '../../electron/main/updater-loader.ts';
import { REPO_ROOT } from './support.ts';
import { sayInEnglish } from '../../shared/i18n/say.ts';

const root = mkdtempSync(join(tmpdir(), 'vidlift-updater-loader-'));
const resourcesBefore = process.resourcesPath;
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => {
  (process as { resourcesPath: string }).resourcesPath = resourcesBefore;
});

function resources(packageType: string | null): string {
  const dir = mkdtempSync(join(root, 'resources-'));
  if (packageType !== null) writeFileSync(join(dir, 'package-type'), `${packageType}\n`);
  // electron-updater reads process.resourcesPath itself.
  (process as { resourcesPath: string }).resourcesPath = dir;
  return dir;
}

describe('loadUpdater on Linux', () => {
  installElectronDouble(createElectronDouble({ userData: join(root, 'userData'), appPath: REPO_ROOT, isPackaged: true, version: '1.0.0' }));
  const log = (): void => undefined;

  it.each(['deb', 'rpm', 'pacman'])('leaves a %s install to the system package manager, and Settings says so', async (kind) => {
    const resourcesPath = resources(kind);
    const loaded = await loadUpdater({ packaged: true, resourcesPath, platform: 'linux', log });
    expect(loaded.updater).toBeNull();
    expect(loaded.offReason).toBe(OFF_SYSTEM_PACKAGE);
    expect(sayInEnglish(loaded.offReason!)).toMatch(/package manager/);
  });

  it('loads electron-updater\'s own instance for an AppImage (no package-type), under Node\'s own module loader', () => {
    // As the built main bundle runs: Node's ES module loader does not list electron-updater's
    // `autoUpdater` getter as a named export (vitest's interop does), so this runs in a process
    // of its own, the loader's source under type stripping and the Electron double.
    const resourcesPath = resources(null);
    const script = [
      `import { createElectronDouble } from ${JSON.stringify(pathToFileURL(join(REPO_ROOT, 'test/doubles/electron.ts')).href)};`,
      `import { installElectronDouble } from ${JSON.stringify(pathToFileURL(join(REPO_ROOT, 'test/doubles/register-electron.ts')).href)};`,
      `import { loadUpdater } from ${JSON.stringify(pathToFileURL(join(REPO_ROOT, 'electron/main/updater-loader.ts')).href)};`,
      `installElectronDouble(createElectronDouble({ userData: ${JSON.stringify(join(root, 'userData-child'))}, appPath: ${JSON.stringify(REPO_ROOT)}, isPackaged: true, version: '1.0.0' }));`,
      `process.resourcesPath = ${JSON.stringify(resourcesPath)};`,
      `const loaded = await loadUpdater({ packaged: true, resourcesPath: process.resourcesPath, platform: 'linux', log: (m, e) => console.error(m, e) });`,
      `console.log(JSON.stringify({ offReason: loaded.offReason, on: typeof loaded.updater?.on, check: typeof loaded.updater?.checkForUpdates }));`,
    ].join('\n');
    const child = spawnSync(process.execPath, ['--import', join(REPO_ROOT, 'test/doubles/register-electron.ts'), '--input-type=module', '-e', script], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(child.status, child.stderr).toBe(0);
    expect(JSON.parse(child.stdout.trim().split('\n').at(-1)!)).toEqual({ offReason: null, on: 'function', check: 'function' });
  });

  it('keeps the updater for an AppImage (no package-type) and on other systems', () => {
    expect(systemPackageType(resources(null), 'linux')).toBeNull();
    expect(systemPackageType(resources('AppImage'), 'linux')).toBeNull();
    expect(systemPackageType(resources('deb'), 'win32')).toBeNull();
    expect(systemPackageType(resources('deb'), 'linux')).toBe('deb');
  });
});
