import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { sandboxStarter } from '../../../electron/main/sandbox.ts';

const root = resolve(import.meta.dirname, '../../..');

describe('sandboxStarter', () => {
  it('starts the real sandbox host from the source tree once, and closes it', async () => {
    const sandbox = sandboxStarter(root);
    try {
      const first = await sandbox.start();
      expect(first.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(first.apiKey).toHaveLength(16);
      expect(await sandbox.start()).toEqual(first);
      const answer = await fetch(`${first.baseUrl}/v1/account`, { headers: { 'X-Api-Key': first.apiKey } });
      expect(answer.status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });

  it('says plainly when the host cannot be loaded, and tries again next time', async () => {
    let attempts = 0;
    const sandbox = sandboxStarter('/nowhere', async () => {
      attempts++;
      throw new Error('Cannot find module');
    });
    await expect(sandbox.start()).rejects.toMatchObject({ code: 'unavailable' });
    await expect(sandbox.start()).rejects.toMatchObject({ code: 'unavailable' });
    expect(attempts).toBe(2);
  });
});
