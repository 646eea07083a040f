// The details panel's link field when the service gave no usable link (issue 27 item 9: a
// link that is not http(s) is read as none): the empty field says so instead of looking blank.
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { flushSync, mount, unmount } from 'svelte';
import '../../../../renderer/src/styles/app.css';
import LinkField from '../../../../renderer/src/components/library/LinkField.svelte';
import { mountPlace } from '../mount-place.ts';

const place = mountPlace('width: 360px; padding: 16px; display: grid; gap: 12px; background: var(--surface);');
// The test mounts two fields, more than place.component holds: the afterEach below unmounts
// them, before mountPlace removes the element.
const components: ReturnType<typeof mount>[] = [];

afterEach(() => {
  for (const component of components.splice(0)) unmount(component);
  delete document.documentElement.dataset.theme;
});

describe('LinkField', () => {
  it('says there is no http(s) link when the service gave none, and keeps Copy off', async () => {
    components.push(mount(LinkField, { target: place.target, props: { id: 'link-download', label: 'Download link', value: '' } }));
    components.push(mount(LinkField, { target: place.target, props: { id: 'link-embed', label: 'Embed link', value: 'https://h.test/e/abc' } }));
    flushSync();
    const [empty, full] = Array.from(place.target.querySelectorAll('input'));
    expect(empty!.placeholder).toBe('No http(s) link from the service');
    expect(empty!.value).toBe('');
    expect(place.target.querySelector<HTMLButtonElement>('button[aria-label="Copy download link"]')!.disabled).toBe(true);
    expect(full!.value).toBe('https://h.test/e/abc');
    for (const theme of ['light', 'dark'] as const) {
      document.documentElement.dataset.theme = theme;
      await page.screenshot({ path: `../../../../test-results/screens/link-field-missing-${theme}.png`, element: place.target });
    }
  });
});
