// Issue 27 item 11: the Windows updater checks the signature of what it downloads only when
// app-update.yml names a publisher (electron-updater's NsisUpdater skips the check when
// publisherName is absent). electron-builder writes it there from win.signtoolOptions.publisherName.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '../../..');

describe('Windows signing', () => {
  it('names the publisher the updater verifies, and never turns the verification off', () => {
    const yml = readFileSync(join(repo, 'electron-builder.yml'), 'utf8');
    // The win: block (two-space keys under it), and its signtoolOptions (four-space keys).
    const win = /^win:\n((?: {2}.*\n|\s*#.*\n)+)/m.exec(yml)?.[1] ?? '';
    const signtool = /^ {2}signtoolOptions:\n((?: {4}.*\n)+)/m.exec(win)?.[1] ?? '';
    expect(/^ {4}publisherName: *(.+)$/m.exec(signtool)?.[1]?.trim()).toBe('Vidlift contributors');
    expect(win).not.toMatch(/verifyUpdateCodeSignature: *false/);
    // The certificate is never in the repository: its place is the environment, and the README says so.
    expect(signtool).not.toMatch(/certificateFile|certificatePassword/);
    expect(readFileSync(join(repo, 'README.md'), 'utf8')).toMatch(/WIN_CSC_LINK/);
  });
});
