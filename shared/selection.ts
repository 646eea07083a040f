// A selection of videos as the person made it, resolved in the core: ids picked one by one,
// and a span of positions in one listing (a shift-click range, or everything with Ctrl+A)
// minus the ones unpicked inside it. The count, the size and every bulk action (copy links,
// export) act on exactly this, never on the rows the page happened to have loaded.
import { z } from 'zod';
import { FolderId, VideoSort } from './model.ts';

/** A listing: a folder with its sort and search, or the library-wide search (its first EVERYWHERE_LIMIT matches, as shown). */
export const VideoQuery = z.object({
  folderId: FolderId,
  sort: VideoSort,
  search: z.string().max(200),
  everywhere: z.boolean(),
});
export type VideoQuery = z.infer<typeof VideoQuery>;

/** How many matches the library-wide search shows (and a span over it covers). */
export const EVERYWHERE_LIMIT = 500;

const Id = z.string().regex(/^\w{1,64}$/);
const MAX_PICKED = 100_000;

export const VideoSelection = z.strictObject({
  ids: z.array(Id).max(MAX_PICKED),
  span: z.strictObject({ query: VideoQuery, from: z.number().int().min(0), to: z.number().int().min(0).nullable() }).nullable(),
  except: z.array(Id).max(MAX_PICKED),
});
export type VideoSelection = z.infer<typeof VideoSelection>;

export const SelectionSummary = z.object({
  count: z.number().int().min(0),
  bytes: z.number().min(0),
  /** Of those, how many have no link yet (their upload is not confirmed): bulk links leave them out. */
  withoutLinks: z.number().int().min(0),
});
export type SelectionSummary = z.infer<typeof SelectionSummary>;
