// `npm run bench [-- name ...]`: runs the named benchmarks (all when none is named).
// Each benchmark is a module in this folder whose default export runs it and prints its
// table and, as its last line, one summary line of figures.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''))
  .sort();

const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
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
