import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindow } from 'electron';
import { askAboutClose, guardWindowClose, type CloseChoice } from '../../../electron/main/close-guard.ts';

function attempt(options: { quitting?: boolean; running?: boolean; closeToTray?: boolean; answer?: CloseChoice }) {
  const deps = {
    isQuitting: () => options.quitting ?? false,
    uploadsRunning: () => options.running ?? false,
    closeToTray: () => options.closeToTray ?? false,
    ask: vi.fn(async () => options.answer ?? 'cancel'),
    hide: vi.fn(),
    quit: vi.fn(),
  };
  const event = { preventDefault: vi.fn() };
  guardWindowClose(event, deps);
  return { deps, event };
}

describe('closing the window', () => {
  it('just closes when nothing is uploading, or when quitting on purpose', () => {
    for (const options of [{ running: false }, { running: true, quitting: true }]) {
      const { event, deps } = attempt(options);
      expect(event.preventDefault).not.toHaveBeenCalled();
      expect(deps.ask).not.toHaveBeenCalled();
    }
  });

  it('hides to the tray without asking when closeToTray is on', () => {
    const { event, deps } = attempt({ running: true, closeToTray: true });
    expect(event.preventDefault).toHaveBeenCalled();
    expect(deps.hide).toHaveBeenCalled();
    expect(deps.ask).not.toHaveBeenCalled();
  });

  it('asks otherwise, and does what the person chose', async () => {
    for (const [answer, expected] of [['tray', 'hide'], ['quit', 'quit'], ['cancel', null]] as const) {
      const { event, deps } = attempt({ running: true, answer });
      expect(event.preventDefault).toHaveBeenCalled();
      await vi.waitFor(() => expect(deps.ask).toHaveBeenCalled());
      await Promise.resolve();
      expect(deps.hide).toHaveBeenCalledTimes(expected === 'hide' ? 1 : 0);
      expect(deps.quit).toHaveBeenCalledTimes(expected === 'quit' ? 1 : 0);
    }
  });

  it('maps the message box buttons to choices; Escape cancels', async () => {
    const dialog = { showMessageBox: vi.fn(async (..._args: unknown[]) => ({ response: 0, checkboxChecked: false })) };
    expect(await askAboutClose(dialog, {} as BrowserWindow)).toBe('tray');
    dialog.showMessageBox.mockResolvedValueOnce({ response: 1, checkboxChecked: false });
    expect(await askAboutClose(dialog, {} as BrowserWindow)).toBe('quit');
    dialog.showMessageBox.mockResolvedValueOnce({ response: 2, checkboxChecked: false });
    expect(await askAboutClose(dialog, {} as BrowserWindow)).toBe('cancel');
    expect(dialog.showMessageBox.mock.calls[0]?.[1]).toMatchObject({ cancelId: 2, buttons: ['Keep Uploading in the Tray', 'Quit', 'Cancel'] });
  });
});
