import { describe, expect, it } from 'vitest';
import { Thumbnails } from '../../../../../renderer/src/lib/state/thumbnails.svelte.ts';
import { stubBridge } from '../../bridge-stub.ts';

describe('Thumbnails', () => {
  it('counts down to the next slot from the queue the core reports', async () => {
    let now = 10_000;
    const stub = stubBridge();
    stub.handle('videos:thumbnailQueue', () => ({ waiting: 2, nextSlotAt: 52_500 }));
    const thumbs = new Thumbnails(stub.client, () => now);
    const stop = thumbs.start();
    await thumbs.load();
    expect(thumbs.secondsToNextSlot).toBe(43);
    now = 60_000;
    stub.emit('thumbnails:changed', { waiting: 0, nextSlotAt: null });
    expect(thumbs.secondsToNextSlot).toBeNull();
    stop();
  });

  it('checks a picked image before anything is sent and refuses one too large', async () => {
    const stub = stubBridge();
    stub.handle('videos:checkThumbnail', () => ({ type: 'png', width: 1920, height: 1080, size: 1000 }));
    const thumbs = new Thumbnails(stub.client);
    await thumbs.propose('abcdefghijkl', { path: '/p/big.png' });
    expect(thumbs.draft?.problem).toMatch(/1920 × 1080/);
    await thumbs.confirm();
    expect(stub.calls.map((c) => c.method)).toEqual(['videos:checkThumbnail']);
  });

  it('queues a good image and forgets the draft', async () => {
    const stub = stubBridge();
    stub.handle('videos:checkThumbnail', () => ({ type: 'jpeg', width: 1280, height: 720, size: 1000 }));
    stub.handle('videos:setThumbnail', () => ({ waiting: 1, nextSlotAt: Date.now() + 20_000 }));
    const thumbs = new Thumbnails(stub.client);
    const stop = thumbs.start();
    await thumbs.propose('abcdefghijkl', { file: new File([new Uint8Array(4)], 'cover.jpg', { type: 'image/jpeg' }) });
    expect(thumbs.draft).toMatchObject({ path: '/granted/cover.jpg', problem: null });
    await thumbs.confirm();
    expect(stub.calls.at(-1)).toEqual({ method: 'videos:setThumbnail', input: { id: 'abcdefghijkl', path: '/granted/cover.jpg' } });
    expect(thumbs.draft).toBeNull();
    expect(thumbs.queue.waiting).toBe(1);
    stop();
  });

  it('shows the core’s reason when the file is not an image', async () => {
    const stub = stubBridge();
    stub.fail('videos:checkThumbnail', { code: 'validation', message: 'This file is not a JPEG or PNG image.', retryable: false });
    const thumbs = new Thumbnails(stub.client);
    await thumbs.propose('abcdefghijkl', { path: '/p/notes.txt' });
    expect(thumbs.draft?.problem).toBe('This file is not a JPEG or PNG image.');
  });
});
