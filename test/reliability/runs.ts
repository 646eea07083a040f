// The runs of the suite, in the order the runner takes them. Each is imported only when it
// runs (in its own process), so one whose code is missing fails alone.
import type { ReliabilityRun } from './common.ts';

export const RUN_NAMES = ['chaos', 'crash', 'hostile', 'fuzz', 'bad-input', 'leaks', 'attacks'] as const;
export type RunName = (typeof RUN_NAMES)[number];

export function isRunName(value: string): value is RunName {
  return (RUN_NAMES as readonly string[]).includes(value);
}

export async function loadRun(name: RunName): Promise<ReliabilityRun> {
  switch (name) {
    case 'chaos':
      return (await import('./chaos.ts')).chaosRun;
    case 'crash':
      return (await import('./crash-loop.ts')).crashLoopRun;
    case 'hostile':
      return (await import('./hostile.ts')).hostileRun;
    case 'fuzz':
      return (await import('./ipc-fuzz.ts')).ipcFuzzRun;
    case 'bad-input':
      return (await import('./bad-input.ts')).badInputRun;
    case 'leaks':
      return (await import('./secret-leaks.ts')).secretLeaksRun;
    case 'attacks':
      return (await import('./attacks.ts')).attacksRun;
  }
}
