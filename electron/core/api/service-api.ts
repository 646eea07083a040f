// The service client's surface, derived from the operation table (operations.ts): one method
// per row, taking the row's input (none when its input schema has no fields) and answering
// its reply schema's output. The rest of the core depends on this type, so tests can put a
// failing double in front of a real client where a failure cannot be caused for real.
import type { z } from 'zod';
import type { HttpResponse } from './http.ts';
import type { AnyRow, OPERATIONS } from './operations.ts';

export type { LocalFilePart } from './operations.ts';

export type Out<T extends z.ZodType> = z.output<T>;

export interface RequestOptions {
  signal?: AbortSignal;
}

/**
 * Makes something of a reply instead of the client's own parse and schema check, and throws
 * what interpret() (reply.ts) throws for the same status and bytes. The sync hands listings to
 * its writer thread this way, so a million videos never become objects on the main thread.
 */
export type ReplyDecoder<T> = (response: HttpResponse) => Promise<T>;

/** The parameters of a row's method: options only when its input has no fields. */
type ParametersOf<I extends z.ZodType> =
  I extends z.ZodObject<infer Shape> ? ([keyof Shape] extends [never] ? [options?: RequestOptions] : WithInput<I>) : WithInput<I>;
type WithInput<I extends z.ZodType> = [input: z.input<I>, options?: RequestOptions];

/** The method a row derives. */
export type MethodOf<Row> = Row extends AnyRow & { input: infer I extends z.ZodType; reply: infer R extends z.ZodType }
  ? (...args: ParametersOf<I>) => Promise<z.output<R>>
  : never;

/** One method per row of `Table`. */
export type MethodsOf<Table> = { -readonly [Name in keyof Table]: MethodOf<Table[Name]> };

/** 14 with the reply decoded by `decode` (ServiceClient has it; doubles may leave it out and the sync uses videos()). */
export interface DecodedListing {
  videosDecoded?<T>(input: { folder: number; page: number; perPage: number }, decode: ReplyDecoder<T>, options?: RequestOptions): Promise<T>;
}

/** One method per non-deprecated operation (1-17, 20, 21). */
export type ServiceApi = MethodsOf<typeof OPERATIONS> & DecodedListing;
