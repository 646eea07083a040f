// `npm run bench [-- name ...]`: runs the named benchmarks (all when none is named).
// Each benchmark is a module in this folder whose default export runs it and prints its
// table and, as its last line, one summary line of figures. `npm run bench -- --help` lists
// them, each with the first sentence of its file's header comment, and runs none.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''))
  .sort();

/** What a benchmark measures: the first sentence of its header comment, after its `npm run bench -- name`. */
function about(name: string): string {
  const lines = readFileSync(join(here, `${name}.bench.ts`), 'utf8').split('\n');
  const header = lines.slice(0, lines.findIndex((line) => !line.startsWith('//'))).map((line) => line.replace(/^\/\/\s?/, '')).join(' ');
  const text = header.replace(/^`npm run bench -- [\w-]+`\s*(\(issue [^)]*\))?:?\s*/, '');
  const sentence = /^.*?(?:\.(?=\s)|$)/.exec(text)?.[0] ?? text;
  return sentence.length > 110 ? `${sentence.slice(0, 109).trimEnd()}…` : sentence;
}

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  const width = Math.max(...available.map((name) => name.length));
  console.log(['Usage: npm run bench [-- NAME ...]   (no name: every benchmark, one after the other)', '', 'Benchmarks:', ...available.map((name) => `  ${name.padEnd(width)}  ${about(name)}`)].join('\n'));
  process.exit(0);
}
const options = args.filter((arg) => arg.startsWith('-'));
if (options.length > 0) {
  console.error(`Unknown option: ${options.join(' ')}. \`npm run bench -- --help\` lists the benchmarks.`);
  process.exit(2);
}
const requested = args;
const unknown = requested.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}

for (const name of requested.length > 0 ? requested : available) {
  console.log(`\n== ${name} ==`);
  const module = (await import(join(here, `${name}.bench.ts`))) as { default: () => Promise<void> };
  await module.default();
}
