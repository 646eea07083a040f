// Request bodies: JSON objects for most operations, multipart (busboy) for thumbnails and
// subtitle files, with size limits enforced while streaming.
import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import { fail, HostError } from './errors.ts';
import { FILE_NAME_READINGS } from './form-names.ts';

const JSON_LIMIT = 1024 * 1024;

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > JSON_LIMIT) fail('Request body too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return fail('Request body must be a JSON object');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return fail('Request body is not valid JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return fail('Request body must be a JSON object');
  return parsed as Record<string, unknown>;
}

export interface MultipartFile {
  fieldName: string;
  fileName: string;
  mimeType: string;
  bytes: Buffer;
  /** true when the file went over `fileLimit`; `bytes` then holds only the first part. */
  tooLarge: boolean;
}

export interface Multipart {
  fields: Record<string, string>;
  file?: MultipartFile;
}

export function readMultipart(req: IncomingMessage, fileLimit: number): Promise<Multipart> {
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(type)) return Promise.reject(new HostError('Expected a multipart/form-data body'));
  return new Promise<Multipart>((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      // busboy reports 'limit' on reaching fileSize; one byte more lets exactly fileLimit through.
      bb = busboy({ headers: req.headers, ...FILE_NAME_READINGS.browsers.busboy, limits: { fileSize: fileLimit + 1, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 24 } });
    } catch {
      reject(new HostError('Malformed multipart body'));
      return;
    }
    const result: Multipart = { fields: {} };
    let settled = false;
    const done = (err?: Error): void => {
      if (settled) return;
      settled = true;
      if (err) {
        req.unpipe(bb);
        req.resume();
        reject(err);
      } else resolve(result);
    };
    bb.on('field', (name, value) => {
      if (!(name in result.fields)) result.fields[name] = value;
    });
    bb.on('file', (fieldName, stream, info) => {
      const chunks: Buffer[] = [];
      const file: MultipartFile = { fieldName, fileName: FILE_NAME_READINGS.browsers.decode(info.filename ?? ''), mimeType: info.mimeType, bytes: Buffer.alloc(0), tooLarge: false };
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => {
        file.tooLarge = true;
      });
      stream.on('end', () => {
        file.bytes = Buffer.concat(chunks);
        if (!result.file) result.file = file;
      });
    });
    bb.on('filesLimit', () => done(new HostError('Only one file may be sent')));
    bb.on('error', () => done(new HostError('Malformed multipart body')));
    bb.on('close', () => done());
    req.on('error', (e) => done(e));
    req.pipe(bb);
  });
}
