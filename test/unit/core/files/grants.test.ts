import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PathGrants } from '../../../../electron/core/files/grants.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'vidlift-grants-'));
  mkdirSync(join(root, 'videos', 'sub'), { recursive: true });
  mkdirSync(join(root, 'private'));
  writeFileSync(join(root, 'videos', 'a.mp4'), 'x');
  writeFileSync(join(root, 'private', 'secret.txt'), 'x');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('PathGrants', () => {
  it('grants a path and everything inside it, nothing beside it', () => {
    const grants = new PathGrants();
    grants.grant(join(root, 'videos'));
    expect(grants.isGranted(join(root, 'videos'))).toBe(true);
    expect(grants.isGranted(join(root, 'videos', 'a.mp4'))).toBe(true);
    expect(grants.isGranted(join(root, 'videos', 'sub', 'not-yet.mp4'))).toBe(true);
    expect(grants.isGranted(join(root, 'private', 'secret.txt'))).toBe(false);
    expect(grants.isGranted(join(root, 'videos-other'))).toBe(false);
    expect(grants.isGranted(root)).toBe(false);
  });

  it('grants a single file without its folder', () => {
    const grants = new PathGrants();
    grants.grant(join(root, 'videos', 'a.mp4'));
    expect(grants.isGranted(join(root, 'videos', 'a.mp4'))).toBe(true);
    expect(grants.isGranted(join(root, 'videos'))).toBe(false);
    expect(grants.isGranted(join(root, 'videos', 'b.mp4'))).toBe(false);
  });

  it('sees through .. segments', () => {
    const grants = new PathGrants();
    grants.grant(join(root, 'videos'));
    expect(grants.isGranted(`${join(root, 'videos')}/../private/secret.txt`)).toBe(false);
    expect(grants.isGranted(`${join(root, 'videos')}/sub/../a.mp4`)).toBe(true);
    expect(grants.isGranted(`${join(root, 'videos')}/..`)).toBe(false);
  });

  it('does not follow a symlink out of a granted folder', () => {
    symlinkSync(join(root, 'private', 'secret.txt'), join(root, 'videos', 'innocent.mp4'));
    symlinkSync(join(root, 'private'), join(root, 'videos', 'linkdir'));
    const grants = new PathGrants();
    grants.grant(join(root, 'videos'));
    expect(grants.isGranted(join(root, 'videos', 'innocent.mp4'))).toBe(false);
    expect(grants.isGranted(join(root, 'videos', 'linkdir', 'secret.txt'))).toBe(false);
    expect(grants.isGranted(join(root, 'videos', 'linkdir', 'missing.txt'))).toBe(false);
  });

  it('follows a granted symlink to where it points', () => {
    symlinkSync(join(root, 'videos'), join(root, 'shortcut'));
    const grants = new PathGrants();
    grants.grant(join(root, 'shortcut'));
    expect(grants.isGranted(join(root, 'shortcut', 'a.mp4'))).toBe(true);
    expect(grants.isGranted(join(root, 'videos', 'a.mp4'))).toBe(true);
    expect(grants.isGranted(join(root, 'private', 'secret.txt'))).toBe(false);
  });

  it('refuses relative paths and NUL bytes', () => {
    const grants = new PathGrants();
    expect(() => grants.grant('videos')).toThrow(/full path/);
    expect(() => grants.grant(`${root}\0/x`)).toThrow();
    grants.grant(join(root, 'videos'));
    expect(grants.isGranted('videos/a.mp4')).toBe(false);
    expect(grants.isGranted(`${join(root, 'videos', 'a.mp4')}\0.txt`)).toBe(false);
    expect(grants.isGranted('')).toBe(false);
  });

  it('grants nothing before anything was granted', () => {
    expect(new PathGrants().isGranted(join(root, 'videos', 'a.mp4'))).toBe(false);
  });
});
