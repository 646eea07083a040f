// Issue 26 §3 in Chromium against a stand-in bridge: the status bar, the sidebar and the account
// menu say the state in words: "Uploading N" counts only files being sent, failures are counted,
// offline shows a live countdown to the next try and Retry now, and the account menu names the
// other accounts that are uploading, with their counts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushSync, mount } from 'svelte';
import StatusBar from '../../../../renderer/src/components/shell/StatusBar.svelte';
import Sidebar from '../../../../renderer/src/components/shell/Sidebar.svelte';
import { status } from '../../../../renderer/src/lib/state/status.svelte.ts';
import { uploads } from '../../../../renderer/src/lib/state/uploads.svelte.ts';
import { accounts } from '../../../../renderer/src/lib/state/accounts.svelte.ts';
import { EMPTY_UPLOAD_TOTALS } from '../../../../shared/model.ts';
import { said } from '../../../../shared/said.ts';
import { sayInEnglish } from '../../../../shared/i18n/say.ts';
import { emptyUploadCounts } from '../../../../shared/upload-queue.ts';
import { accountsViewOf, installAsWindowApi, stubBridge, type StubBridge } from '../bridge-stub.ts';
import { mountPlace } from '../mount-place.ts';

let stub: StubBridge;

beforeEach(() => {
  stub = stubBridge();
  installAsWindowApi(stub);
});

// Registered before mountPlace, so it runs after the unmount (see mount-place.ts).
afterEach(() => {
  status.reset();
  uploads.reset();
  accounts.view = accountsViewOf(null);
});

const place = mountPlace();

const text = (selector: string): string => (place.target.querySelector(selector)?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('the status bar', () => {
  it('counts only files being sent as "Uploading", says the waiting ones apart, and counts failures', () => {
    status.connection = { state: 'online', since: 0, reason: null, nextAttemptAt: null };
    uploads.totals = { ...EMPTY_UPLOAD_TOTALS, active: 2, waiting: 5, bytesSent: 50, bytesTotal: 100 };
    uploads.counts = { ...emptyUploadCounts(), uploading: 2, waiting: 5, failed: 1, changed: 1 };
    place.component = mount(StatusBar, { target: place.target });
    flushSync();
    expect(text('.statusbar')).toContain('Uploading 2 · 5 waiting · 50%');
    expect(text('.failed-uploads')).toBe('2 failed');

    // Offline, nothing is being sent: the queue is said as waiting, never as uploading.
    uploads.totals = { ...EMPTY_UPLOAD_TOTALS, active: 0, waiting: 7 };
    status.connection = { state: 'offline', since: 0, reason: said('service_not_reached', { reason: said('connection_failed_before_reply', { detail: 'connection refused' }) }), nextAttemptAt: Date.now() + 20_000 };
    flushSync();
    // The core's said reason, worded here (a said thing inside another, worded first).
    expect(place.target.querySelector('.conn')!.getAttribute('title')).toContain(sayInEnglish(status.connection.reason!));
    expect(text('.statusbar')).not.toContain('Uploading');
    expect(text('.statusbar')).toContain('7 waiting to upload');
    expect(text('.conn-label')).toBe('Offline');
    // A live relative countdown: "in 20 s" (or 19 s once a second has gone), not a time of day.
    expect(text('.next-try')).toMatch(/^next try in (20|19) s$/);
    expect(Array.from(place.target.querySelectorAll('button')).some((b) => b.textContent === 'Retry now')).toBe(true);
  });

  it('Retry now asks the core to try the service at once', async () => {
    status.connection = { state: 'offline', since: 0, reason: null, nextAttemptAt: Date.now() + 3_000 };
    stub.handle('connection:check', () => ({ state: 'online', since: 1, reason: null, nextAttemptAt: null }));
    place.component = mount(StatusBar, { target: place.target });
    flushSync();
    Array.from(place.target.querySelectorAll('button')).find((b) => b.textContent === 'Retry now')!.click();
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 10));
    flushSync();
    expect(stub.calls.map((c) => c.method)).toContain('connection:check');
    expect(text('.conn-label')).toBe('Online');
    expect(place.target.querySelector('.next-try')).toBeNull();
  });
});

describe('the sidebar', () => {
  it('shows a failure badge beside the count still to go, and the other accounts that are uploading', () => {
    uploads.totals = { ...EMPTY_UPLOAD_TOTALS, active: 1, waiting: 2 };
    uploads.counts = { ...emptyUploadCounts(), uploading: 1, waiting: 2, failed: 3 };
    const summary = { baseUrl: 'https://api.example.test', last4: 'ABCD', keyRefused: false };
    accounts.view = {
      ...accountsViewOf(null),
      activeId: 'aaaaaaaaaaaaaaaa',
      accounts: [
        { ...summary, id: 'aaaaaaaaaaaaaaaa', name: 'Home', active: true, uploads: { active: 1, waiting: 2 } },
        { ...summary, id: 'bbbbbbbbbbbbbbbb', name: 'Work', active: false, uploads: { active: 2, waiting: 4 } },
        { ...summary, id: 'cccccccccccccccc', name: 'Idle', active: false, uploads: { active: 0, waiting: 0 } },
      ],
    };
    place.component = mount(Sidebar, { target: place.target });
    flushSync();
    const failed = place.target.querySelector('.count.failed');
    expect(failed?.textContent).toBe('3');
    expect(failed?.getAttribute('aria-label')).toBe('3 failed');
    expect(text('[aria-label="Other accounts uploading"]')).toBe('Work · uploading 2, 4 waiting');
    const options = Array.from(place.target.querySelectorAll('option')).map((o) => o.textContent);
    expect(options).toContain('Work (uploading 2, 4 waiting)');
    expect(options).toContain('Idle');
  });
});
