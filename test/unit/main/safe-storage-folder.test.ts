// The encrypted key fallback in a folder it had to create: the folder is 0700 and the
// file 0600 (real files; a reversible double stands in for the OS encryption).
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SafeStorageSecretStore } from '../../../electron/main/safe-storage-store.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const flip = (buffer: Buffer) => Buffer.from(buffer.map((byte) => byte ^ 0x5a));
const safeStorage = {
  getSelectedStorageBackend: () => 'gnome_libsecret' as never,
  isAsyncEncryptionAvailable: async () => true,
  encryptStringAsync: async (text: string) => flip(Buffer.from(text, 'utf8')),
  decryptStringAsync: async (data: Buffer) => ({ result: flip(data).toString('utf8'), shouldReEncrypt: false }),
};

describe.skipIf(process.platform === 'win32')('SafeStorageSecretStore file modes', () => {
  it('creates its folder 0700 and its file 0600', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vidlift-safe-folder-'));
    dirs.push(root);
    const file = join(root, 'userData', 'secrets.json');
    await new SafeStorageSecretStore({ safeStorage, file, platform: 'linux' }).set('api-key:https://video.example', 'abcdefghijklmnop');
    const modeOf = (path: string): string => (statSync(path).mode & 0o777).toString(8);
    expect([modeOf(join(root, 'userData')), modeOf(file)]).toEqual(['700', '600']);
  });
});
