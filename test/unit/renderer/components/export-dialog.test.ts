// The export dialog. Issue 26 §4 small fix: an invalid or empty custom template clears the preview (the last good
// one would show what this template does not make) and says why.
import { beforeEach, describe, expect, it } from 'vitest';
import { flushSync, mount } from 'svelte';
import ExportDialog from '../../../../renderer/src/components/export/ExportDialog.svelte';
import { checkTemplate } from '../../../../shared/export-formats.ts';
import { installAsWindowApi, stubBridge, type StubBridge } from '../bridge-stub.ts';
import { mountPlace } from '../mount-place.ts';

const place = mountPlace();
let stub: StubBridge;

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 10));
  flushSync();
};

beforeEach(() => {
  stub = stubBridge();
  installAsWindowApi(stub);
  stub.handle('export:preview', () => ({ text: `Trip: https://host.example/d/abc\n`, count: 1, shown: 1 }));
});

describe('a custom template', () => {
  it('that is empty or names no placeholder clears the preview and says why', async () => {
    place.component = mount(ExportDialog, { target: place.target, props: { source: { kind: 'folder', folderId: 0 }, title: 'Links', fileName: 'links', onclose: () => {} } });
    await settle();
    const select = place.target.querySelector('select')!;
    select.value = 'template';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await settle();
    const preview = () => place.target.querySelector('pre.preview')!.textContent ?? '';
    expect(preview()).toContain('https://host.example/d/abc');

    // The core's own check answers, as export:preview does (export/writer.ts checkOptions).
    const refuse = (template: string): void => {
      try {
        checkTemplate(template);
      } catch (error) {
        stub.fail('export:preview', { code: 'validation', message: (error as Error).message, retryable: false });
      }
    };
    const box = place.target.querySelector<HTMLTextAreaElement>('.template textarea')!;
    refuse('{title} {nope}');
    box.value = '{title} {nope}';
    box.dispatchEvent(new Event('input', { bubbles: true }));
    await settle();
    expect(preview()).toBe('');
    expect(place.target.textContent).toContain('{nope} is not a placeholder');

    refuse('   ');
    box.value = '   ';
    box.dispatchEvent(new Event('input', { bubbles: true }));
    await settle();
    expect(preview()).toBe('');
    expect(place.target.textContent).toContain('The template is empty');
    expect(place.target.querySelector<HTMLButtonElement>('button.primary')!.disabled).toBe(true);
  });
});

describe('saving to a file', () => {
  it('offers Cancel while it runs, which stops the export by the id the dialog gave it', async () => {
    stub.handle('dialog:saveFile', () => ({ path: '/chosen/links.txt' }));
    let finish: ((answer: unknown) => void) | null = null;
    stub.handle('export:toFile', () => new Promise((resolve) => (finish = resolve)));
    stub.handle('export:cancel', () => {
      finish?.({ path: '/chosen/links.txt', count: 0, cancelled: true });
      return { cancelled: true };
    });
    place.component = mount(ExportDialog, { target: place.target, props: { source: { kind: 'folder', folderId: 0 }, title: 'Links', fileName: 'links', onclose: () => {} } });
    await settle();
    const button = (name: string) => Array.from(place.target.querySelectorAll('button')).find((b) => b.textContent === name);
    expect(button('Cancel')).toBeUndefined();

    button('Save to a file…')!.click();
    await settle();
    const started = stub.calls.find((c) => c.method === 'export:toFile')!.input as { exportId: string; path: string };
    expect(started.path).toBe('/chosen/links.txt');
    stub.emit('export:progress', { path: '/chosen/links.txt', written: 1234, done: false });
    await settle();
    expect(place.target.textContent).toContain('Saving… 1,234 written');
    expect(button('Close')!.disabled).toBe(true);

    button('Cancel')!.click();
    await settle();
    expect(stub.calls.find((c) => c.method === 'export:cancel')!.input).toEqual({ exportId: started.exportId });
    expect(button('Cancel')).toBeUndefined();
    expect(place.target.textContent).not.toContain('Saving');
    expect(place.target.textContent).not.toContain('saved');
  });
});
