// Vitest's global setup: the tests import the compiled catalogs (shared/i18n/paraglide), which
// are generated, never committed. A child process, because the inlang SDK leaves timers behind
// that would hold Vitest open; instant when nothing changed since the last `npm run i18n`.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

export default function setup(): void {
  execFileSync(process.execPath, [resolve(import.meta.dirname, '../../resources/i18n/compile.ts')], { stdio: 'inherit' });
}
