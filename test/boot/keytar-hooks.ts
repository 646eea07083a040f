// "keytar fails to load" (no libsecret, a prebuild for another ABI): a failure the test
// machine cannot cause for one scenario only, so '@github/keytar' is swapped, while
// `breakKeytar(true)` holds, for a module that throws as the native loader does.
import { createRequire, registerHooks } from 'node:module';

const FLAG = Symbol.for('vidlift.boot.keytar-broken');
const BROKEN_URL = 'vidlift-broken:keytar';
const state = globalThis as typeof globalThis & { [FLAG]?: boolean };

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (state[FLAG] && specifier === '@github/keytar') return { url: `${BROKEN_URL}?${Date.now()}`, format: 'commonjs', shortCircuit: true };
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (url.startsWith(BROKEN_URL)) {
      return { format: 'commonjs', source: "throw new Error('libsecret-1.so.0: cannot open shared object file: No such file or directory');", shortCircuit: true };
    }
    return nextLoad(url, context);
  },
});

// require() answers a module it loaded before from its cache without resolving again: the
// real keytar is taken out of the cache while broken, and put back after (a native addon is
// not loaded twice).
const require = createRequire(import.meta.url);
const keytarFile = require.resolve('@github/keytar');
let parked: NodeJS.Module | undefined;

export function breakKeytar(broken: boolean): void {
  if (broken === Boolean(state[FLAG])) return;
  state[FLAG] = broken;
  if (broken) {
    parked = require.cache[keytarFile];
    delete require.cache[keytarFile];
  } else if (parked) {
    require.cache[keytarFile] = parked;
    parked = undefined;
  }
}
