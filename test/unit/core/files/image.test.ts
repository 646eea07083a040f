import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkThumbnailFile } from '../../../../electron/core/files/image.ts';
import { AppError } from '../../../../shared/errors.ts';
import { gif, jpeg, png, tempDir } from './image-fixtures.ts';

const { dir, cleanup } = tempDir('vidlift-image-');
afterAll(cleanup);

function file(name: string, bytes: Buffer | string): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

async function refusal(path: string): Promise<AppError> {
  const error = await checkThumbnailFile(path).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('validation');
  return error as AppError;
}

describe('checkThumbnailFile', () => {
  it('accepts a PNG of exactly 1600 x 1200 and reports its size', async () => {
    const bytes = png(1600, 1200);
    const result = await checkThumbnailFile(file('max.png', bytes));
    expect(result).toEqual({ type: 'png', width: 1600, height: 1200, size: bytes.length });
  });

  it('accepts a JPEG by its content, whatever its name', async () => {
    const result = await checkThumbnailFile(file('photo.png', jpeg(640, 360)));
    expect(result).toMatchObject({ type: 'jpeg', width: 640, height: 360 });
  });

  it('refuses a PNG one pixel too wide, naming both sizes', async () => {
    const error = await refusal(file('wide.png', png(1601, 1200)));
    expect(error.message).toContain('1601 x 1200');
    expect(error.message).toContain('1600 x 1200');
  });

  it('refuses a JPEG one pixel too tall', async () => {
    expect((await refusal(file('tall.jpg', jpeg(800, 1201)))).message).toContain('800 x 1201');
  });

  it('refuses a GIF named .png, saying what it really is', async () => {
    const error = await refusal(file('fake.png', gif(10, 10)));
    expect(error.message).toMatch(/GIF image, not JPEG or PNG/);
  });

  it('refuses bytes that are no image at all', async () => {
    expect((await refusal(file('notes.jpg', 'just some text, not an image'))).message).toMatch(/not a JPEG or PNG/);
  });

  it('refuses a JPEG cut short in its scan data', async () => {
    const full = jpeg(320, 240);
    const error = await refusal(file('cut.jpg', full.subarray(0, full.length - 600)));
    expect(error.message).toMatch(/incomplete JPEG/);
  });

  it('refuses a JPEG cut short before its size is known', async () => {
    const error = await refusal(file('stub.jpg', jpeg(320, 240).subarray(0, 24)));
    expect(error.message).toMatch(/damaged or incomplete|incomplete JPEG/);
  });

  it('refuses a PNG whose end is missing', async () => {
    const full = png(64, 64);
    expect((await refusal(file('cut.png', full.subarray(0, full.length - 12)))).message).toMatch(/incomplete PNG/);
  });

  it('refuses an empty file', async () => {
    expect((await refusal(file('empty.png', Buffer.alloc(0)))).message).toMatch(/empty \(0 bytes\)/);
  });

  it('refuses a folder', async () => {
    const folder = join(dir, 'folder.png');
    mkdirSync(folder);
    expect((await refusal(folder)).message).toMatch(/is a folder/);
  });

  it('refuses a device without reading it', async () => {
    expect((await refusal('/dev/null')).message).toMatch(/not a regular file/);
  });

  it('refuses a named pipe without blocking on it', async () => {
    const fifo = join(dir, 'pipe.png');
    execFileSync('mkfifo', [fifo]);
    expect((await refusal(fifo)).message).toMatch(/not a regular file/);
  });

  it('refuses a broken symbolic link', async () => {
    const link = join(dir, 'dangling.png');
    symlinkSync(join(dir, 'gone.png'), link);
    expect((await refusal(link)).message).toMatch(/symbolic link\) to a file that no longer exists/);
  });

  it('follows a symbolic link to a good image', async () => {
    const target = file('target.png', png(10, 10));
    const link = join(dir, 'link.png');
    symlinkSync(target, link);
    expect((await checkThumbnailFile(link)).type).toBe('png');
  });

  it('refuses a path that does not exist, or is not absolute', async () => {
    expect((await refusal(join(dir, 'missing.png'))).message).toMatch(/no file “missing.png”/);
    expect((await refusal('relative.png')).message).toMatch(/full path/);
  });
});
