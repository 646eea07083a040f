// A video's health as the command line words it (`health`, `links check`, `links fix`).
import type { LinkHealth } from '../../shared/links.ts';
import { m } from '../../shared/i18n/index.ts';

export const HEALTH_WORDS: Readonly<Record<LinkHealth['state'] | 'unknown', () => string>> = {
  alive: m.cli_health_alive,
  takenDown: m.cli_health_taken_down,
  gone: m.cli_health_gone,
  unknown: m.cli_health_unknown,
};
