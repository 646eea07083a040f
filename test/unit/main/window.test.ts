import { afterEach, describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import { createMainWindow, mainWindowOptions, secureWebPreferences } from '../../../electron/main/window.ts';
import { loadWindowState, parseWindowState, saveWindowState, visibleBounds } from '../../../electron/main/window-state.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vidlift-window-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const screenOf = (...areas: { x: number; y: number; width: number; height: number }[]) => ({
  getAllDisplays: () => areas.map((workArea) => ({ workArea })) as never,
});

class FakeWindow extends EventEmitter {
  static created: FakeWindow[] = [];
  readonly options: BrowserWindowConstructorOptions;
  maximized = false;
  shown = false;
  constructor(options: BrowserWindowConstructorOptions) {
    super();
    this.options = options;
    FakeWindow.created.push(this);
  }
  maximize() {
    this.maximized = true;
  }
  show() {
    this.shown = true;
  }
  isDestroyed() {
    return false;
  }
  isMinimized() {
    return false;
  }
  isFullScreen() {
    return false;
  }
  isMaximized() {
    return this.maximized;
  }
  getNormalBounds() {
    return { x: 10, y: 20, width: 1000, height: 700 };
  }
}

describe('the main window', () => {
  it('has the locked-down webPreferences', () => {
    const prefs = secureWebPreferences('/app/out/preload/index.cjs');
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
    });
    expect(prefs).not.toHaveProperty('enableBlinkFeatures');
  });

  it('opens hidden (shown on ready-to-show) with the saved bounds when they are on a display', () => {
    const state = { bounds: { x: 100, y: 100, width: 900, height: 600 }, maximized: false };
    const options = mainWindowOptions({ preload: '/p.cjs', state, workAreas: [{ x: 0, y: 0, width: 1920, height: 1080 }] });
    expect(options).toMatchObject({ x: 100, y: 100, width: 900, height: 600, show: false });
    expect(options.webPreferences?.sandbox).toBe(true);
  });

  it('falls back to the default size when the saved position is on a display that is gone', () => {
    const state = { bounds: { x: 2500, y: 100, width: 900, height: 600 }, maximized: false };
    const options = mainWindowOptions({ preload: '/p.cjs', state, workAreas: [{ x: 0, y: 0, width: 1920, height: 1080 }] });
    expect(options).not.toHaveProperty('x');
    expect(options).toMatchObject({ width: 1200, height: 800 });
  });

  it('restores maximized, shows on ready-to-show and saves its bounds when closed', () => {
    const dir = tempDir();
    const stateFile = join(dir, 'window-state.json');
    writeFileSync(stateFile, JSON.stringify({ bounds: { x: 0, y: 0, width: 800, height: 600 }, maximized: true }));
    const win = createMainWindow({
      BrowserWindow: FakeWindow as unknown as new (o: BrowserWindowConstructorOptions) => BrowserWindow,
      screen: screenOf({ x: 0, y: 0, width: 1920, height: 1080 }),
      preload: '/p.cjs',
      stateFile,
    }) as unknown as FakeWindow;
    expect(win.maximized).toBe(true);
    expect(win.shown).toBe(false);
    win.emit('ready-to-show');
    expect(win.shown).toBe(true);
    win.emit('close', { preventDefault() {} });
    expect(loadWindowState(stateFile)).toEqual({ bounds: { x: 10, y: 20, width: 1000, height: 700 }, maximized: true });
  });
});

describe('window state file', () => {
  it('round-trips through an atomic write, leaving no temporary file', () => {
    const dir = tempDir();
    const file = join(dir, 'sub', 'window-state.json');
    saveWindowState(file, { bounds: { x: 1, y: 2, width: 800, height: 600 }, maximized: false });
    expect(loadWindowState(file)).toEqual({ bounds: { x: 1, y: 2, width: 800, height: 600 }, maximized: false });
    expect(readdirSync(join(dir, 'sub'))).toEqual(['window-state.json']);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toHaveProperty('bounds');
  });

  it('ignores a missing, damaged or absurd file', () => {
    const dir = tempDir();
    expect(loadWindowState(join(dir, 'missing.json'))).toBeNull();
    const damaged = join(dir, 'damaged.json');
    writeFileSync(damaged, '{"bounds": {"x": 1');
    expect(loadWindowState(damaged)).toBeNull();
    expect(parseWindowState({ bounds: { x: 0, y: 0, width: 10, height: 10 } })).toBeNull();
    expect(parseWindowState({ bounds: { x: 'a', y: 0, width: 900, height: 900 } })).toBeNull();
    expect(parseWindowState(null)).toBeNull();
    expect(existsSync(damaged)).toBe(true);
  });

  it('counts a window as visible when its title bar meets any display', () => {
    const state = { bounds: { x: 1900, y: 10, width: 800, height: 600 }, maximized: false };
    const left = { x: 0, y: 0, width: 1920, height: 1080 };
    const right = { x: 1920, y: 0, width: 1920, height: 1080 };
    expect(visibleBounds(state, [left, right])).toEqual(state.bounds);
    expect(visibleBounds({ ...state, bounds: { ...state.bounds, x: 4000 } }, [left, right])).toBeNull();
    expect(visibleBounds({ ...state, bounds: { ...state.bounds, y: -590 } }, [left])).toBeNull();
    expect(visibleBounds(null, [left])).toBeNull();
  });
});
