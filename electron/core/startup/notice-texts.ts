// The words of each startup notice: what happened, what it means for the person's data,
// and what to do. One place, so the boot suite and the window agree on them.
import type { StartupNotice } from '../../../shared/model.ts';

export function settingsDamaged(keptFile: string | null): StartupNotice {
  return {
    id: 'settings-damaged',
    severity: 'warning',
    title: 'Your settings file was damaged, so Vidlift started with the default settings.',
    detail: keptFile
      ? 'A copy of the damaged file was kept. Check the service address and your preferences in Settings. Your library and uploads are not affected.'
      : 'The settings file could not be read. Check that your user folder is readable, then look over the service address and your preferences in Settings.',
    keptFile,
  };
}

export function keychainUnavailable(problem: string): StartupNotice {
  return {
    id: 'keychain-unavailable',
    severity: 'error',
    title: 'Vidlift could not read your API key from the system keychain.',
    detail: `${problem} Your library and queued uploads stay on this computer and open again once the key can be read.`,
    keptFile: null,
  };
}

export function libraryDamaged(keptFile: string): StartupNotice {
  return {
    id: 'library-damaged',
    severity: 'error',
    title: 'Your library file was damaged and could not be opened.',
    detail:
      'Vidlift kept the damaged file and started a new library, which fills again from the service. Uploads that were waiting and changes not yet sent were in the damaged file: check the Uploads screen and add any missing videos again.',
    keptFile,
  };
}

export function accountInUse(): StartupNotice {
  return {
    id: 'account-in-use',
    severity: 'warning',
    title: 'This account is open in another Vidlift on this computer (the command line, or a second copy of the app).',
    detail: 'Its uploads and library are safe. Vidlift opens the account by itself as soon as the other one quits, so no file is ever sent twice.',
    keptFile: null,
  };
}

export function libraryFromNewerVersion(file: string): StartupNotice {
  return {
    id: 'library-newer',
    severity: 'error',
    title: 'Your library was saved by a newer version of Vidlift.',
    detail:
      'This version left it untouched, so its queued uploads and pending changes are safe, but it cannot open it. Install the newer version of Vidlift again. To use this version anyway, quit Vidlift and move the file elsewhere: a new library then fills again from the service.',
    keptFile: file,
  };
}

export function libraryUnopened(reason: string): StartupNotice {
  return {
    id: 'library-unopened',
    severity: 'error',
    title: 'Your library could not be opened.',
    detail: `${reason} Nothing was deleted. Check that your user folder is writable and has free space, then restart Vidlift. The log has the details (Help → Open Logs Folder).`,
    keptFile: null,
  };
}
