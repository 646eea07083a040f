// The contract's schema of a said thing (shared/said.ts), in a file of its own so that the
// schemas model.ts builds on (watch.ts) can carry one without importing model.ts back.
import { z } from 'zod';
import { asSaid, type Said } from './said.ts';

/** What the core says to a person: a code of shared/said.ts with exactly its params (issue 30). */
export const SaidSchema = z.custom<Said>((value) => asSaid(value) !== null, 'not a said code with its params');
