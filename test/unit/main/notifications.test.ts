import { describe, expect, it, vi } from 'vitest';
import { EventEmitter } from 'node:events';
import type { NotificationConstructorOptions } from 'electron';
import { notifyBatchFinished, notifyTakedowns, takedownNotificationText } from '../../../electron/main/notifications.ts';

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

describe('the takedown notification', () => {
  it('names up to three titles (an unknown one by its id) and counts the rest', () => {
    expect(takedownNotificationText({ count: 1, videos: [{ id: 'aaaaaaaaaaaa', title: 'Trip.mp4' }] })).toEqual({ title: 'A video was taken down', body: '1 video was taken down: Trip.mp4' });
    const five = { count: 5, videos: ['a', 'b', 'c', 'd', 'e'].map((c, i) => ({ id: c.repeat(12), title: i === 1 ? null : `${c}.mp4` })) };
    expect(takedownNotificationText(five)).toEqual({ title: 'Videos were taken down', body: '5 videos were taken down: a.mp4, bbbbbbbbbbbb, c.mp4 and 2 more' });
  });

  it('is shown when notifications are on, and its click opens the Takedowns view', () => {
    const d = { ...deps(), openTakedowns: vi.fn() };
    expect(notifyTakedowns({ count: 1, videos: [{ id: 'aaaaaaaaaaaa', title: 'x' }] }, d)).toBe(true);
    d.created[0]!.emit('click');
    expect(d.openTakedowns).toHaveBeenCalledOnce();
    expect(notifyTakedowns({ count: 1, videos: [{ id: 'aaaaaaaaaaaa', title: 'x' }] }, { ...deps(false), openTakedowns: vi.fn() })).toBe(false);
  });
});
