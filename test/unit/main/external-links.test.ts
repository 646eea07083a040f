// Issue 18 item 8: the system browser opens the service's own links and the hosts the service
// returned links on; any other safe link is asked about (once per host for the session);
// anything else is refused. The dialog is the Electron double's, answered by the test.
import { describe, expect, it } from 'vitest';
import { ExternalLinks, linkVerdict } from '../../../electron/main/external-links.ts';
import { createElectronDouble } from '../../doubles/electron.ts';

function setup(known: string[] = ['https://dl.video.example']) {
  const double = createElectronDouble({ appPath: '/', userData: '/' });
  const opened: string[] = [];
  const links = new ExternalLinks({
    policy: { allowLoopbackHttp: false },
    serviceOrigins: () => ['https://api.video.example'],
    knowsLinkOrigin: (origin) => known.includes(origin),
    dialog: double.dialog,
    window: () => null,
    open: async (url) => void opened.push(url),
  });
  return { links, opened, dialog: double.dialog };
}

describe('links to the system browser', () => {
  it.each([
    ['https://api.video.example/account', 'open'],
    ['https://dl.video.example/d/abcdefghijkl', 'open'],
    ['https://elsewhere.example/phish', 'ask'],
    ['http://dl.video.example/d/x', 'refuse'],
    ['javascript:alert(1)', 'refuse'],
    ['https://user:pw@api.video.example/', 'refuse'],
    ['file:///etc/passwd', 'refuse'],
  ] as const)('%s → %s', (url, verdict) => {
    expect(linkVerdict(url, { policy: { allowLoopbackHttp: false }, serviceOrigins: () => ['https://api.video.example'], knowsLinkOrigin: (o) => o === 'https://dl.video.example' }, new Set())).toBe(verdict);
  });

  it('opens the service and its link hosts without a question', async () => {
    const { links, opened, dialog } = setup();
    expect(await links.open('https://dl.video.example/e/abcdefghijkl')).toBe(true);
    expect(opened).toEqual(['https://dl.video.example/e/abcdefghijkl']);
    expect(dialog.shown).toEqual([]);
  });

  it('asks about another host: Cancel opens nothing; Open opens and is remembered for the session', async () => {
    const { links, opened, dialog } = setup();
    dialog.messageBoxAnswers.push(1);
    expect(await links.open('https://elsewhere.example/a')).toBe(false);
    expect(opened).toEqual([]);
    expect(dialog.shown[0]?.message).toBe('Open https://elsewhere.example in your browser?');
    dialog.messageBoxAnswers.push(0);
    expect(await links.open('https://elsewhere.example/b')).toBe(true);
    expect(await links.open('https://elsewhere.example/c')).toBe(true);
    expect(opened).toEqual(['https://elsewhere.example/b', 'https://elsewhere.example/c']);
    expect(dialog.shown).toHaveLength(2);
  });

  it('refuses what is not a safe link, without asking', async () => {
    const { links, opened, dialog } = setup();
    expect(await links.open('file:///etc/passwd')).toBe(false);
    expect(opened).toEqual([]);
    expect(dialog.shown).toEqual([]);
  });
});
