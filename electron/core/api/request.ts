// Building a request: the address from the wire table's path and query, and multipart
// bodies with the file part last, streamed from disk with its known length.
import fs from 'node:fs';
import type FormDataClass from 'form-data';
import { lazyPackage } from '../lazy-package.ts';
import type { PreparedBody } from './http.ts';
import type { SizedFile } from './operations.ts';
import { FILE_FIELD } from './wire.ts';

/** base + path, keeping any path prefix of the base address; undefined query values are left out. */
export function endpoint(base: URL, path: string, query?: Record<string, string | number | undefined>): URL {
  const url = new URL(base.href.replace(/\/+$/, '') + path);
  url.search = '';
  url.hash = '';
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url;
}

// Loaded at the first multipart request or upload (uploads/file-server.ts uses it too), not with
// the core (issue 33: with mime-types' database and its other dependencies it was ~48 ms of the
// main bundle's import before the window's first answer).
export const formData = lazyPackage<typeof FormDataClass>('form-data');

/** Multipart body from wire fields; the file part last, streamed from disk with its known length. */
export function multipart(fields: Record<string, string>, file?: SizedFile): () => PreparedBody {
  return () => {
    const FormData = formData();
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    let stream: fs.ReadStream | undefined;
    if (file?.bytes) {
      form.append(FILE_FIELD, Buffer.from(file.bytes), { filename: file.name, contentType: file.contentType, knownLength: file.bytes.length });
    } else if (file) {
      stream = fs.createReadStream(file.path, { highWaterMark: 1 << 20 });
      form.append(FILE_FIELD, stream, { filename: file.name, contentType: file.contentType, knownLength: file.size });
    }
    const headers: Record<string, string> = { ...(form.getHeaders() as Record<string, string>), 'content-length': String(form.getLengthSync()) };
    return { headers, data: form, dispose: () => stream?.destroy() };
  };
}
