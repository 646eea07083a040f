// What a person who never opened Settings gets: one value per field of the Settings model.
// The core's settings store falls back to it field by field; tests build their settings from it
// (test/support/settings.ts), so a new field is declared once, here and in the schema.
import type { Settings } from './model.ts';
import { DEFAULT_HOOKS } from './notify.ts';
import { DEFAULT_UPLOAD_WINDOWS } from './upload-windows.ts';

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  baseUrl: null,
  uploadConcurrency: 3,
  bandwidthLimit: null,
  pausePatienceSeconds: 60,
  notifications: true,
  theme: 'system',
  closeToTray: false,
  proxy: { mode: 'system' } as const,
  plainHttpAllowed: [],
  autoUpdate: true,
  watchFolders: [],
  accounts: [],
  activeAccount: null,
  notifyDestinations: [],
  hooks: DEFAULT_HOOKS,
  // Issue 31: running unattended.
  bandwidthTimetable: null,
  uploadWindows: DEFAULT_UPLOAD_WINDOWS,
  pauseOnBattery: false,
  // Issue 30: 'system' follows the system's preferred languages (shared/i18n/locales.ts).
  language: 'system',
});

