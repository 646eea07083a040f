// The main window's size and position between runs: a small JSON file in userData, written
// atomically (temporary file, then rename) so a crash mid-write never leaves half a file.
// A saved position is used only if the window would be visible on a display that exists
// now (a laptop unplugged from its second screen must not open the window off-screen).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Rect;
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1200, height: 800 } as const;
export const MIN_SIZE = { width: 760, height: 520 } as const;
/** How much of the title bar must be on a display for the saved position to count as visible. */
const VISIBLE_MARGIN = 48;

export function loadWindowState(file: string): WindowState | null {
  try {
    return parseWindowState(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}

export function parseWindowState(value: unknown): WindowState | null {
  if (typeof value !== 'object' || value === null) return null;
  const { bounds, maximized } = value as { bounds?: unknown; maximized?: unknown };
  if (typeof bounds !== 'object' || bounds === null) return null;
  const { x, y, width, height } = bounds as Record<string, unknown>;
  const numbers = [x, y, width, height];
  if (!numbers.every((n) => typeof n === 'number' && Number.isFinite(n))) return null;
  const rect = { x: Math.round(x as number), y: Math.round(y as number), width: Math.round(width as number), height: Math.round(height as number) };
  if (rect.width < MIN_SIZE.width || rect.height < MIN_SIZE.height || rect.width > 20_000 || rect.height > 20_000) return null;
  return { bounds: rect, maximized: maximized === true };
}

export function saveWindowState(file: string, state: WindowState): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(state), { mode: 0o600 });
  renameSync(temporary, file);
}

/** The saved bounds if the top strip of the window meets a display's work area, else null. */
export function visibleBounds(state: WindowState | null, workAreas: readonly Rect[]): Rect | null {
  if (state === null) return null;
  const titleBar: Rect = { x: state.bounds.x, y: state.bounds.y, width: state.bounds.width, height: VISIBLE_MARGIN };
  return workAreas.some((area) => overlap(titleBar, area) >= VISIBLE_MARGIN * VISIBLE_MARGIN) ? state.bounds : null;
}

function overlap(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}
