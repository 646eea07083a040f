// The meaning of a reply's status and bytes: the parsed value, a ServiceFailure (a well-formed
// service error body, whose meaning errors.ts decides), or a ServiceError. Nothing here talks
// to the network: the sync writer thread runs interpret() on listings' bytes without loading
// the HTTP stack (issue 16: a second copy of it was ~15 MiB of that thread's memory).
import type { z } from 'zod';
import { said, type Said } from '../../../shared/said.ts';
import { ServiceError } from './errors.ts';
import type { HttpResponse } from './http.ts';
import * as s from './schemas.ts';

type Schema = z.ZodType;

/** A well-formed service error body, before the client decides what it means. */
export class ServiceFailure extends Error {
  readonly serviceMessage: string;
  constructor(serviceMessage: string) {
    super(serviceMessage);
    this.serviceMessage = serviceMessage;
  }
}

/**
 * A reply becomes the parsed value, a ServiceFailure (service error body), or a ServiceError.
 * Only the status and the bytes decide (the sync writer thread runs this on bytes it is sent).
 */
export function interpret<S extends Schema>(op: string, response: Pick<HttpResponse, 'status' | 'body'>, schema: S): z.output<S> {
  const text = response.body.toString('utf8');
  let json: unknown;
  let isJson = false;
  try {
    json = JSON.parse(text);
    isJson = true;
  } catch {
    // judged below, together with the status
  }
  const errorBody = isJson ? s.serviceError.safeParse(json) : undefined;
  if (response.status === 200) {
    if (!isJson) throw badReply(op, text.trim() === '' ? said('bad_reply_empty') : said('bad_reply_not_json'));
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data;
    // A service error sent with 200 is still an error, not a half-filled object.
    if (errorBody?.success && errorBody.data.status !== 200) throw new ServiceFailure(errorBody.data.message);
    const issue = parsed.error.issues[0];
    throw badReply(op, issue && issue.path.length > 0 ? said('bad_reply_shape_field', { field: issue.path.map(String).join('.') }) : said('bad_reply_shape'));
  }
  if (errorBody?.success) throw new ServiceFailure(errorBody.data.message);
  if (response.status >= 500) {
    throw new ServiceError('server', said('service_gateway_trouble', { status: response.status }), {
      kind: 'gateway',
      operation: op,
      retryable: true,
    });
  }
  throw badReply(op, said('bad_reply_status', { status: response.status }));
}

function badReply(op: string, why: Said): ServiceError {
  return new ServiceError('server', why, { kind: 'bad_reply', operation: op, retryable: true });
}
