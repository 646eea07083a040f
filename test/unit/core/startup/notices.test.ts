import { describe, expect, it } from 'vitest';
import { asideName, StartupNotices } from '../../../../electron/core/startup/notices.ts';
import { keychainUnavailable, settingsDamaged } from '../../../../electron/core/startup/notice-texts.ts';
import { said } from '../../../../shared/said.ts';
import { sayInEnglish } from '../../../../shared/i18n/say.ts';
import type { EventName } from '../../../../shared/contract.ts';

describe('StartupNotices', () => {
  it('keeps one notice per id, tells the window each change, and forgets a dismissed one', () => {
    const sent: Array<[EventName, unknown]> = [];
    const notices = new StartupNotices({ emit: (event, payload) => sent.push([event, payload]) });
    notices.add(settingsDamaged('/p/settings.json.damaged-x'));
    notices.add(settingsDamaged(null));
    expect(notices.list()).toEqual([expect.objectContaining({ id: 'settings-damaged', keptFile: null, detail: [{ code: 'notice_settings_unreadable', params: {} }] })]);
    expect(notices.dismiss('settings-damaged')).toEqual([]);
    notices.clear('nothing-there');
    expect(sent.map(([event, payload]) => [event, (payload as unknown[]).length])).toEqual([
      ['app:notices', 1],
      ['app:notices', 1],
      ['app:notices', 0],
    ]);
  });

  it("says the keychain's own refusal, then that the data is safe", () => {
    const notice = keychainUnavailable(said('keychain_none_linux', { detail: 'getPassword: no Secret Service' }));
    expect(notice.detail.map((part) => part.code)).toEqual(['keychain_none_linux', 'notice_keychain_unavailable_data_safe']);
    expect(notice.detail.map((part) => sayInEnglish(part)).join(' ')).toMatch(/^No keychain is available: .* \(getPassword: no Secret Service\) Your library and queued uploads stay on this computer/);
  });

  it('names a kept file beside the original with the time, safe for every file system', () => {
    expect(asideName('/data/settings.json', new Date('2026-11-22T19:00:00.123Z'))).toBe('/data/settings.json.damaged-2026-11-22T19-00-00-123Z');
  });
});
