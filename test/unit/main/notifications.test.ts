import { describe, expect, it, vi } from 'vitest';
import { EventEmitter } from 'node:events';
import type { NotificationConstructorOptions } from 'electron';
import { notifyBatchFinished } from '../../../electron/main/notifications.ts';

class FakeNotification extends EventEmitter {
  shown = false;
  readonly options: NotificationConstructorOptions;
  constructor(options: NotificationConstructorOptions) {
    super();
    this.options = options;
  }
  show() {
    this.shown = true;
  }
}

function deps(enabled = true, supported = true) {
  const created: FakeNotification[] = [];
  return {
    created,
    openUploads: vi.fn(),
    isSupported: () => supported,
    enabled: () => enabled,
    create: (options: NotificationConstructorOptions) => {
      const notification = new FakeNotification(options);
      created.push(notification);
      return notification;
    },
  };
}

describe('batch notifications', () => {
  it('says how a batch ended, and a click opens the uploads screen', () => {
    const d = deps();
    expect(notifyBatchFinished({ done: 2, failed: 1 }, d)).toBe(true);
    const [notification] = d.created;
    expect(notification?.shown).toBe(true);
    expect(notification?.options).toMatchObject({ title: 'Uploads finished with errors', body: '2 videos uploaded, 1 failed.' });
    notification?.emit('click');
    expect(d.openUploads).toHaveBeenCalledTimes(1);
  });

  it('stays quiet when the setting is off, notifications are unsupported, or the batch was empty', () => {
    for (const d of [deps(false), deps(true, false)]) {
      expect(notifyBatchFinished({ done: 1, failed: 0 }, d)).toBe(false);
      expect(d.created).toHaveLength(0);
    }
    expect(notifyBatchFinished({ done: 0, failed: 0 }, deps())).toBe(false);
  });
});
