import { describe, expect, it } from 'vitest';
import { EventHub } from '../../../../electron/core/rpc/events.ts';
import type { EventPayload } from '../../../../shared/contract.ts';

class Lines {
  readonly errors: { message: string; fields: Record<string, unknown> | undefined }[] = [];
  debug(): void {}
  info(): void {}
  warn(): void {}
  error(message: string, fields?: Record<string, unknown>): void {
    this.errors.push({ message, fields });
  }
}

describe('EventHub', () => {
  it('logs and drops a payload that fails its schema instead of throwing into the emitter', () => {
    const log = new Lines();
    const hub = new EventHub(log);
    const seen: unknown[] = [];
    hub.subscribe((event, payload) => seen.push({ event, payload }));
    const malformed = { jobs: 'not a list', totals: null } as unknown as EventPayload<'uploads:progress'>;
    expect(() => hub.emit('uploads:progress', malformed)).not.toThrow();
    expect(seen).toEqual([]);
    expect(log.errors).toHaveLength(1);
    expect(log.errors[0]?.message).toContain('dropped');
    expect(log.errors[0]?.fields).toMatchObject({ event: 'uploads:progress' });
    // The values are not logged, only where they were wrong.
    expect(JSON.stringify(log.errors[0]?.fields)).not.toContain('not a list');
  });

  it('still delivers a well-formed payload, shaped by its schema', () => {
    const hub = new EventHub();
    const seen: unknown[] = [];
    hub.subscribe((event, payload) => seen.push({ event, payload }));
    hub.emit('connection:changed', { state: 'online', since: 1, reason: null, nextAttemptAt: null });
    expect(seen).toHaveLength(1);
  });
});
