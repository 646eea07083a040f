// One way for tests to say "the defaults, except…": a new Settings field is added once, in
// shared/settings-defaults.ts, never in every test that needs a whole Settings value.
import type { Settings } from '../../shared/model.ts';
import { DEFAULT_SETTINGS } from '../../shared/settings-defaults.ts';

export function settingsWith(overrides: Partial<Settings> = {}): Settings {
  return structuredClone({ ...DEFAULT_SETTINGS, ...overrides });
}
