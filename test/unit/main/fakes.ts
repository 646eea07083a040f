// Small stand-ins for Electron objects, enough for the shell's modules under test.
import { EventEmitter } from 'node:events';
import type { UploadTotals } from '../../../shared/model.ts';
import type { Logger } from '../../../electron/core/log/logger.ts';

export class FakeWebContents extends EventEmitter {
  openHandler: ((details: { url: string }) => { action: string }) | null = null;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.openHandler = handler;
  }
}

/** Emits an Electron-style cancellable event and says whether it was prevented. */
export function emitCancellable(target: EventEmitter, name: string, ...args: unknown[]): boolean {
  let prevented = false;
  const event = { preventDefault: () => (prevented = true) };
  target.emit(name, event, ...args);
  return prevented;
}

export interface LogLine {
  level: string;
  message: string;
  fields?: Record<string, unknown>;
}

export function memoryLogger(): Logger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: string) => (message: string, fields?: Record<string, unknown>) => {
    lines.push(fields === undefined ? { level, message } : { level, message, fields });
  };
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export function totals(partial: Partial<UploadTotals> = {}): UploadTotals {
  return { bytesSent: 0, bytesTotal: 0, speed: 0, etaSeconds: null, active: 0, waiting: 0, done: 0, failed: 0, ...partial };
}
