// What each startup notice says: what happened, what it means for the person's data, and what
// to do, as said codes (worded by the window or the CLI in the person's language). One place,
// so the boot suite and the window agree on them.
import type { StartupNotice } from '../../../shared/model.ts';
import { said, type Said } from '../../../shared/said.ts';

export function settingsDamaged(keptFile: string | null): StartupNotice {
  return {
    id: 'settings-damaged',
    severity: 'warning',
    title: said('notice_settings_damaged'),
    detail: [keptFile ? said('notice_settings_damaged_kept') : said('notice_settings_unreadable')],
    keptFile,
  };
}

/** `problem`: why the key could not be read (the keychain's own refusal, said in its code). */
export function keychainUnavailable(problem: Said): StartupNotice {
  return {
    id: 'keychain-unavailable',
    severity: 'error',
    title: said('notice_keychain_unavailable'),
    detail: [problem, said('notice_keychain_unavailable_data_safe')],
    keptFile: null,
  };
}

export function libraryDamaged(keptFile: string): StartupNotice {
  return {
    id: 'library-damaged',
    severity: 'error',
    title: said('notice_library_damaged'),
    detail: [said('notice_library_damaged_detail')],
    keptFile,
  };
}

export function accountInUse(): StartupNotice {
  return {
    id: 'account-in-use',
    severity: 'warning',
    title: said('notice_account_in_use'),
    detail: [said('notice_account_in_use_detail')],
    keptFile: null,
  };
}

export function libraryFromNewerVersion(file: string): StartupNotice {
  return {
    id: 'library-newer',
    severity: 'error',
    title: said('notice_library_newer'),
    detail: [said('notice_library_newer_detail')],
    keptFile: file,
  };
}

/** A library SQLite could not open (not damaged in a way it could tell, nor from a newer version). */
export function libraryUnopened(): StartupNotice {
  return {
    id: 'library-unopened',
    severity: 'error',
    title: said('notice_library_unopened'),
    detail: [said('notice_library_unopened_detail')],
    keptFile: null,
  };
}
