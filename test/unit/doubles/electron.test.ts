// The Electron double must never let the shell pass silently: anything it does not model
// throws and is remembered, and Electron's ordering of quit is kept.
import { describe, expect, it } from 'vitest';
import { createElectronDouble, EventDouble } from '../../doubles/electron.ts';

const double = () => createElectronDouble({ userData: '/tmp/profile', appPath: '/tmp/app' });

describe('the Electron double', () => {
  it('throws on, and remembers, any property it does not implement', () => {
    const d = double();
    const app = d.module.app as Record<string, unknown>;
    expect(() => app.getLocale).toThrow('electron double: app.getLocale is not implemented');
    const win = new (d.module.BrowserWindow as new () => Record<string, unknown>)();
    expect(() => win.setAlwaysOnTop).toThrow('BrowserWindow#');
    expect(d.unimplemented).toEqual(['app.getLocale', expect.stringMatching(/^BrowserWindow#\d+\.setAlwaysOnTop$/)]);
    // Probes that are not Electron API (await, JSON) stay quiet.
    expect(app.then).toBeUndefined();
  });

  it('records calls, and quits in Electron order: before-quit, close windows (preventable), will-quit (preventable), quit', () => {
    const d = double();
    const seen: string[] = [];
    const win = new (d.module.BrowserWindow as new () => { on(e: string, l: (event: EventDouble) => void): void })();
    let keep = true;
    win.on('close', (event) => {
      seen.push('close');
      if (keep) event.preventDefault();
    });
    d.app.on('before-quit', () => seen.push('before-quit'));
    d.app.on('will-quit', () => seen.push('will-quit'));
    d.app.quit();
    expect(d.app.state).toBe('running');
    keep = false;
    d.app.quit();
    expect(seen).toEqual(['before-quit', 'close', 'before-quit', 'close', 'will-quit']);
    expect(d.app.state).toBe('quit');
    expect(d.callsTo('app.quit')).toHaveLength(2);
  });

  it('throws from a recorded call named in failOn, and from a dialog nobody scripted an answer for', async () => {
    const d = createElectronDouble({ userData: '/tmp/p', appPath: '/tmp/a', failOn: 'protocol.handle' });
    expect(() => d.protocol.handle('app', () => new Response())).toThrow('protocol.handle failed');
    await expect(d.dialog.showMessageBox({ message: 'Sure?' })).rejects.toThrow('no answer scripted');
  });
});
