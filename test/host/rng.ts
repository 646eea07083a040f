// Seeded PRNG so a given rngSeed + fault plan replays the same ids, jitter and failures.
// mulberry32: tiny, fast, good enough for test data (not for secrets).
export interface Rng {
  next(): number; // [0, 1)
  int(maxExclusive: number): number;
  pick<T>(items: readonly T[]): T;
  word(length: number): string;
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (maxExclusive: number): number => Math.floor(next() * maxExclusive);
  return {
    next,
    int,
    pick<T>(items: readonly T[]): T {
      const item = items[int(items.length)];
      if (item === undefined) throw new Error('pick from empty list');
      return item;
    },
    word(length: number): string {
      let s = '';
      for (let i = 0; i < length; i++) s += ID_ALPHABET[int(ID_ALPHABET.length)];
      return s;
    },
  };
}

/** Independent streams from one seed, so adding an id draw never shifts the fault sequence. */
export function deriveSeed(seed: number, stream: number): number {
  return (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(stream + 1, 0xc2b2ae35)) >>> 0;
}
