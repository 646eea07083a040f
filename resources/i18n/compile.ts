// `npm run i18n`: writes the pseudo-locale's catalogs from the English ones, then compiles every
// catalog with Paraglide JS into shared/i18n/paraglide/ (typed message functions, one module per
// locale: see outputStructure below). Run by `prepare` after every install
// and before build, typecheck and test; the output is generated, never committed.
//
// Offline by design: project.inlang/settings.json loads the message-format plugin from
// node_modules, never from a CDN (CI machines reach only the npm registry).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const messagesDir = join(root, 'shared/i18n/messages');
const outdir = join(root, 'shared/i18n/paraglide');
const PSEUDO = 'en-XA';
/** The inputs' hash, written beside the output: a second run with nothing changed costs nothing. */
const STAMP = join(outdir, '.inputs-sha256');

/** Latin letters to accented look-alikes: still readable, and shows text that skipped the catalog. */
const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, i) => [
    letter,
    [...'åƀçđéƒğĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĞĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]!,
  ]),
);

/** Accents the text outside `{placeholders}` and pads it about 40 %, bracketed to show clipping. */
export function pseudoText(text: string): string {
  let out = '';
  let depth = 0;
  let letters = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === '\\' && i + 1 < text.length) {
      out += char + text[i + 1];
      i += 1;
      continue;
    }
    if (char === '{') depth += 1;
    if (depth === 0 && /[A-Za-z]/.test(char)) letters += 1;
    out += depth === 0 ? (ACCENTED[char] ?? char) : char;
    if (char === '}') depth = Math.max(0, depth - 1);
  }
  if (letters === 0) return out;
  const pad = Math.max(1, Math.round(letters * 0.4));
  // Words of at most 6 so the padding wraps where a real language's longer words would.
  const filler = Array.from({ length: Math.ceil(pad / 6) }, (_, k) => 'ẋ'.repeat(Math.min(6, pad - k * 6))).join(' ');
  return `[${out} ${filler}]`;
}

function pseudoValue(value: unknown): unknown {
  if (typeof value === 'string') return pseudoText(value);
  if (Array.isArray(value)) {
    return value.map((variant) =>
      variant && typeof variant === 'object' && 'match' in variant
        ? {
            ...variant,
            match: Object.fromEntries(
              Object.entries((variant as { match: Record<string, string> }).match).map(([k, v]) => [k, pseudoText(v)]),
            ),
          }
        : variant,
    );
  }
  return value;
}

function writePseudoCatalogs(): void {
  const english = join(messagesDir, 'en');
  const target = join(messagesDir, PSEUDO);
  mkdirSync(target, { recursive: true });
  for (const file of readdirSync(english).filter((name) => name.endsWith('.json'))) {
    const catalog = JSON.parse(readFileSync(join(english, file), 'utf8')) as Record<string, unknown>;
    const pseudo = Object.fromEntries(
      Object.entries(catalog).map(([key, value]) => [key, key === '$schema' ? value : pseudoValue(value)]),
    );
    writeFileSync(join(target, file), `${JSON.stringify(pseudo, null, 2)}\n`);
  }
}

/** Everything the output follows from: settings, this script, the compiler, every catalog but the pseudo ones. */
function inputsHash(): string {
  const hash = createHash('sha256');
  for (const file of [join(root, 'project.inlang/settings.json'), import.meta.filename, join(root, 'package-lock.json')]) {
    hash.update(readFileSync(file));
  }
  for (const locale of readdirSync(messagesDir).filter((name) => name !== PSEUDO).sort()) {
    for (const file of readdirSync(join(messagesDir, locale)).sort()) {
      hash.update(`${locale}/${file}\0`).update(readFileSync(join(messagesDir, locale, file)));
    }
  }
  return hash.digest('hex');
}

export async function compileCatalogs(options: { force?: boolean } = {}): Promise<'compiled' | 'up to date'> {
  const hash = inputsHash();
  if (!options.force && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash) return 'up to date';
  writePseudoCatalogs();
  // Loaded only when there is something to compile: the up-to-date check stays instant.
  const { compile } = await import('@inlang/paraglide-js');
  await compile({
    project: join(root, 'project.inlang'),
    outdir: join(root, 'shared/i18n/paraglide'),
    emitTsDeclarations: true,
    // The window, the CLI and the shell each say which locale is in force (setLocale /
    // overwriteGetLocale); no cookie, URL or storage is read.
    strategy: ['globalVariable', 'baseLocale'],
    // Node and the window both run this output; there is no server rendering.
    isServer: 'false',
    // One module per locale, not one per message: the e2e harness serves the window from Vite's
    // dev server, which answers each module separately, and ~400 message modules made the first
    // page load pass 30 s on a loaded machine (watch-folders e2e: page.goto timed out; with this,
    // it passes). The cost: a bundle carries every message of the catalogs, not only those it uses.
    outputStructure: 'locale-modules',
    disableAsyncLocalStorage: true,
  });
  writeFileSync(STAMP, hash);
  return 'compiled';
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  if (!existsSync(join(messagesDir, 'en'))) throw new Error(`no English catalogs in ${messagesDir}`);
  const result = await compileCatalogs({ force: process.argv.includes('--force') });
  console.error(`i18n: catalogs ${result} (shared/i18n/paraglide)`);
  // The inlang SDK leaves sync timers behind after compiling; nothing is pending once it returns.
  process.exit(0);
}
