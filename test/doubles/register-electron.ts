// Makes `import ... from 'electron'` (and `require('electron')`) load the test double in
// test/doubles/electron.ts instead of the real package, with Node's synchronous module
// hooks (module.registerHooks, Node >= 22.15). It serves the shell's source (startShell
// under type stripping or vitest) and the BUILT out/main/index.js alike. Importing this
// file registers the hooks once per process; the module it serves forwards every export to
// the double installed last, so each scenario can start from a fresh double:
//
//   import { installElectronDouble } from './register-electron.ts';
//   const double = installElectronDouble(createElectronDouble({ userData, appPath }));
//
// Without an installed double, any use of an `electron` export throws. Under Node alone:
//   node --import ./test/doubles/register-electron.ts out/main/index.js
import { registerHooks } from 'node:module';
import { ELECTRON_EXPORTS, type ElectronDouble } from './electron.ts';

const HOLDER = Symbol.for('vidlift.electron-double');
const DOUBLE_URL = 'vidlift-double:electron';

interface Holder {
  current: ElectronDouble | null;
  forward(name: string): unknown;
}

type GlobalWithHolder = typeof globalThis & { [HOLDER]?: Holder };

function holder(): Holder {
  const global = globalThis as GlobalWithHolder;
  global[HOLDER] ??= {
    current: null,
    forward: (name) => forwarder(name),
  };
  return global[HOLDER];
}

function currentExport(name: string): object {
  const double = holder().current;
  if (!double) throw new Error(`electron double: '${name}' was used but no double is installed (installElectronDouble)`);
  return double.module[name as keyof ElectronDouble['module']] as object;
}

/** A stand-in whose every read, call and `new` goes to the current double's export. */
function forwarder(name: string): unknown {
  // A function target so that classes (BrowserWindow, Tray...) can be constructed through it.
  return new Proxy(function electronExport() {}, {
    get: (_target, property) => {
      const value = Reflect.get(currentExport(name), property) as unknown;
      return typeof value === 'function' && !isClass(value) ? value.bind(currentExport(name)) : value;
    },
    set: (_target, property, value) => Reflect.set(currentExport(name), property, value),
    has: (_target, property) => Reflect.has(currentExport(name), property),
    apply: (_target, thisArg, args) => Reflect.apply(currentExport(name) as (...a: unknown[]) => unknown, thisArg, args),
    construct: (_target, args) => Reflect.construct(currentExport(name) as new (...a: unknown[]) => object, args),
  });
}

function isClass(value: object): boolean {
  return /^class\b/.test(Function.prototype.toString.call(value));
}

/** Makes `double` the one every `electron` import sees from now on; answers it. */
export function installElectronDouble<T extends ElectronDouble>(double: T): T {
  holder().current = double;
  return double;
}

/** The double installed last, or null. */
export function installedElectronDouble(): ElectronDouble | null {
  return holder().current;
}

const source = [
  `const holder = globalThis[Symbol.for('vidlift.electron-double')];`,
  ...ELECTRON_EXPORTS.map((name) => `export const ${name} = holder.forward(${JSON.stringify(name)});`),
  // `import electron from 'electron'` (and require('electron')) sees the same object.
  `export default { ${ELECTRON_EXPORTS.join(', ')} };`,
].join('\n');

const REGISTERED = Symbol.for('vidlift.electron-double.hooks');
const global = globalThis as typeof globalThis & { [REGISTERED]?: boolean };
if (!global[REGISTERED]) {
  global[REGISTERED] = true;
  holder();
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier === 'electron') return { url: DOUBLE_URL, format: 'module', shortCircuit: true };
      const resolved = nextResolve(specifier, context);
      // A runner that resolved the package to its file first (vitest does) still gets the double.
      if (/\/node_modules\/electron\/index\.js$/.test(resolved.url)) return { url: DOUBLE_URL, format: 'module', shortCircuit: true };
      return resolved;
    },
    load(url, context, nextLoad) {
      if (url === DOUBLE_URL) return { format: 'module', source, shortCircuit: true };
      return nextLoad(url, context);
    },
  });
}
