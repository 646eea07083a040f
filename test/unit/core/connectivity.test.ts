// The one connectivity view (issue 19): helpers every part of the core uses to read it, and the
// hand-driven implementation tests and tools use. The monitor itself: api/connection.test.ts.
import { describe, expect, it } from 'vitest';
import { isReachable, ManualConnectivity, onBackOnline, onReachabilityChange } from '../../../electron/core/connectivity.ts';
import { said } from '../../../shared/said.ts';

describe('connectivity', () => {
  it('counts unknown as reachable and reports only real flips of reachability', () => {
    const c = new ManualConnectivity('unknown');
    const seen: boolean[] = [];
    const off = onReachabilityChange(c, (reachable) => seen.push(reachable));
    expect(isReachable(c)).toBe(true);
    c.set('online');
    c.set('offline');
    c.set('offline');
    expect(isReachable(c)).toBe(false);
    c.set('unknown');
    off();
    c.set('offline');
    expect(seen).toEqual([false, true]);
  });

  it('calls back when the service is back after being offline, not on every change', () => {
    const c = new ManualConnectivity('unknown');
    let back = 0;
    const off = onBackOnline(c, () => back++);
    c.set('online');
    expect(back).toBe(0);
    c.report({ reached: false, reason: said('connection_failed_before_reply', { detail: 'ECONNREFUSED' }) });
    expect(c.state()).toMatchObject({ state: 'offline', reason: said('connection_failed_before_reply', { detail: 'ECONNREFUSED' }) });
    c.report({ reached: true });
    expect(back).toBe(1);
    c.report({ reached: true });
    expect(back).toBe(1);
    off();
    c.set('offline');
    c.set('online');
    expect(back).toBe(1);
  });
});
