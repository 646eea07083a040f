import { describe, expect, it, vi } from 'vitest';
import type { Session, WebContents } from 'electron';
import { denyAllPermissions, installNavigationGuards, isOpenableExternally, navigationVerdict } from '../../../electron/main/security.ts';
import { FakeWebContents, emitCancellable } from './fakes.ts';

function guarded(allowLoopbackHttp = false) {
  const contents = new FakeWebContents();
  const openExternal = vi.fn();
  const onRefused = vi.fn();
  installNavigationGuards(contents as unknown as WebContents, { rendererOrigin: 'app://vidlift', allowLoopbackHttp, openExternal, onRefused });
  return { contents, openExternal, onRefused };
}

describe('isOpenableExternally', () => {
  it('accepts https links and refuses every other scheme and credentials in the URL', () => {
    const policy = { allowLoopbackHttp: false };
    expect(isOpenableExternally('https://video.example/e/abc', policy)).toBe(true);
    expect(isOpenableExternally('http://video.example/e/abc', policy)).toBe(false);
    expect(isOpenableExternally('file:///etc/passwd', policy)).toBe(false);
    expect(isOpenableExternally('javascript:alert(1)', policy)).toBe(false);
    expect(isOpenableExternally('smb://host/share', policy)).toBe(false);
    expect(isOpenableExternally('https://user:pw@video.example/', policy)).toBe(false);
    expect(isOpenableExternally('nonsense', policy)).toBe(false);
  });

  it('lets http through only to loopback, and only when allowed (source tree, sandbox host)', () => {
    expect(isOpenableExternally('http://127.0.0.1:4000/d/x', { allowLoopbackHttp: true })).toBe(true);
    expect(isOpenableExternally('http://127.0.0.1:4000/d/x', { allowLoopbackHttp: false })).toBe(false);
    expect(isOpenableExternally('http://evil.example/', { allowLoopbackHttp: true })).toBe(false);
  });
});

describe('navigation guards', () => {
  it('allows reloading the renderer origin and nothing else in the window', () => {
    const options = { rendererOrigin: 'app://vidlift', allowLoopbackHttp: false, openExternal: vi.fn(), onRefused: vi.fn() };
    expect(navigationVerdict('app://vidlift/index.html', options)).toBe('allow');
    expect(navigationVerdict('app://other/index.html', options)).toBe('deny');
    expect(navigationVerdict('https://video.example/', options)).toBe('external');
  });

  it('will-navigate to an https link stays in the app and opens the system browser', () => {
    const { contents, openExternal, onRefused } = guarded();
    expect(emitCancellable(contents, 'will-navigate', 'https://video.example/e/abc')).toBe(true);
    expect(openExternal).toHaveBeenCalledWith('https://video.example/e/abc');
    expect(onRefused).not.toHaveBeenCalled();
  });

  it('will-navigate to file: or another scheme is refused and opens nothing', () => {
    const { contents, openExternal, onRefused } = guarded();
    expect(emitCancellable(contents, 'will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(emitCancellable(contents, 'will-redirect', 'http://evil.example/')).toBe(true);
    expect(openExternal).not.toHaveBeenCalled();
    expect(onRefused).toHaveBeenCalledTimes(2);
  });

  it('a reload of our own page is not prevented', () => {
    const { contents } = guarded();
    expect(emitCancellable(contents, 'will-navigate', 'app://vidlift/index.html')).toBe(false);
  });

  it('window.open never creates a window; https links go to the browser', () => {
    const { contents, openExternal, onRefused } = guarded();
    expect(contents.openHandler?.({ url: 'https://video.example/d/x' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'app://vidlift/index.html' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledTimes(1);
    expect(onRefused).toHaveBeenCalledTimes(2);
  });

  it('webviews are never attached and subframes never navigate', () => {
    const { contents } = guarded();
    expect(emitCancellable(contents, 'will-attach-webview', {}, {})).toBe(true);
    let prevented = false;
    contents.emit('will-frame-navigate', { isMainFrame: false, url: 'https://x.example/', preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
  });
});

describe('denyAllPermissions', () => {
  it('denies every request and every check', () => {
    const handlers: Record<string, (...args: never[]) => unknown> = {};
    const session = {
      setPermissionRequestHandler: (h: never) => (handlers.request = h),
      setPermissionCheckHandler: (h: never) => (handlers.check = h),
      setDevicePermissionHandler: (h: never) => (handlers.device = h),
    };
    denyAllPermissions(session as unknown as Session);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn();
      (handlers.request as (...args: unknown[]) => void)({}, permission, callback, {});
      expect(callback).toHaveBeenCalledWith(false);
      expect((handlers.check as (...args: unknown[]) => boolean)({}, permission, 'app://vidlift', {})).toBe(false);
    }
    expect((handlers.device as (...args: unknown[]) => boolean)({})).toBe(false);
  });
});
