import { describe, expect, it } from 'vitest';
import { sayInEnglish } from '../../../../shared/i18n/say.ts';
import { buildUploadEnvelope, FILE_NAME_ESCAPES, fileNameAsSent, fileNameDecoded, fileNameWarnings, parseFileServerReply } from '../../../../electron/core/uploads/file-server.ts';

/** A failed reply as its English (what the person reads, in the English catalog). */
function inEnglish(reply: ReturnType<typeof parseFileServerReply>): object {
  return reply.ok ? reply : { ok: false, message: sayInEnglish(reply.said) };
}

async function formText(folderId: number): Promise<string> {
  const file = Buffer.from('VIDEO');
  const envelope = buildUploadEnvelope({ session: 'SESSION', folderId, fileName: 'a b.mp4', contentType: 'video/mp4', size: file.length });
  const body = Buffer.concat([envelope.head, file, envelope.tail]);
  // The Content-Length sent is computed before streaming; it must match the body exactly.
  expect(body.length).toBe(envelope.contentLength);
  const boundary = /boundary=(.+)$/.exec(envelope.contentType)?.[1];
  expect(boundary).toBeTruthy();
  // A real multipart parser reads the same fields and the file back.
  const parsed = await new Response(body, { headers: { 'content-type': envelope.contentType } }).formData();
  expect(parsed.get('sess_id')).toBe('SESSION');
  const part = parsed.get('file') as File;
  expect(part.name).toBe('a b.mp4');
  expect(await part.text()).toBe('VIDEO');
  return body.toString('utf8');
}

describe('the file-server adapter', () => {
  it('sends sess_id, then fld_id, then the file last', async () => {
    const text = await formText(42);
    const session = text.indexOf('name="sess_id"');
    const folder = text.indexOf('name="fld_id"');
    const file = text.indexOf('name="file"; filename="a b.mp4"');
    expect(session).toBeGreaterThan(-1);
    expect(folder).toBeGreaterThan(session);
    expect(file).toBeGreaterThan(folder);
    expect(text).toContain('Content-Type: video/mp4');
    expect(text).toMatch(/name="fld_id"\r\n\r\n42\r\n/);
  });

  it('omits fld_id for the root', async () => {
    expect(await formText(0)).not.toContain('fld_id');
  });

  it('reads the DoodStream-style reply', () => {
    const body = JSON.stringify({ status: 200, msg: 'OK', result: [{ filecode: 'abcdefghijkl', title: 'a', size: 5 }] });
    expect(parseFileServerReply(200, body)).toEqual({ ok: true, fileCode: 'abcdefghijkl', title: 'a' });
  });

  it('reads the XFileSharing-style reply', () => {
    expect(parseFileServerReply(200, JSON.stringify([{ file_code: 'xyz123456789', file_status: 'OK' }]))).toEqual({
      ok: true,
      fileCode: 'xyz123456789',
      title: null,
    });
    const refused = parseFileServerReply(200, JSON.stringify([{ file_code: '', file_status: 'file is too big' }]));
    expect(inEnglish(refused)).toEqual({ ok: false, message: 'The file server refused the upload: file is too big' });
  });

  it('fails any other shape or status with the server text', () => {
    expect(inEnglish(parseFileServerReply(400, JSON.stringify({ status: 400, msg: 'Folder not found' })))).toEqual({
      ok: false,
      message: 'The file server refused the upload: Folder not found',
    });
    expect(parseFileServerReply(200, JSON.stringify({ status: 200, msg: 'OK', result: [] })).ok).toBe(false);
    const html = parseFileServerReply(502, '<html><body><h1>502 Bad Gateway</h1></body></html>');
    expect(inEnglish(html)).toEqual({ ok: false, message: 'The file server is having trouble (HTTP 502): “502 Bad Gateway”.' });
    expect(inEnglish(parseFileServerReply(200, ''))).toEqual({ ok: false, message: 'The file server sent a reply Vidlift cannot read (HTTP 200, no message).' });
    // A proxy's whole page is not the message: its title is, in a sentence (issue 26).
    const nginx = parseFileServerReply(503, '<html>\n<head><title>502 Bad Gateway</title></head>\n<body>\n<center><h1>502 Bad Gateway</h1></center>\n<hr><center>nginx</center>\n</body>\n</html>\n');
    expect(inEnglish(nginx)).toEqual({ ok: false, message: 'The file server is having trouble (HTTP 503): “502 Bad Gateway”.' });
    expect(inEnglish(parseFileServerReply(413, 'Request Entity Too Large'))).toEqual({ ok: false, message: 'The file server refused the upload (HTTP 413): “Request Entity Too Large”.' });
    expect(parseFileServerReply(200, '{"status":200,"msg":"OK","result":[{"filecode":')).toMatchObject({ ok: false });
    expect(parseFileServerReply(200, JSON.stringify({ weird: true })).ok).toBe(false);
  });

  it('reads the stored title of the reply as written, null when it names none', () => {
    const reply = (title: unknown): string => JSON.stringify({ status: 200, msg: 'OK', result: [{ filecode: 'abcdefghijkl', title }] });
    expect(parseFileServerReply(200, reply(' CafÃ© .mp4'))).toMatchObject({ ok: true, title: ' CafÃ© .mp4' });
    expect(parseFileServerReply(200, reply(null))).toMatchObject({ ok: true, title: null });
    expect(parseFileServerReply(200, reply(''))).toMatchObject({ ok: true, title: null });
    expect(parseFileServerReply(200, reply(2024))).toMatchObject({ ok: true, title: '2024' });
  });
});

describe('file names on the wire (the HTML standard: raw UTF-8, only ", CR and LF escaped)', () => {
  const NAMES = [
    'Café déjà vu — Tokyo.mp4',
    'back\\slash plain.mp4',
    '=HYPERLINK("x"), quoted.mp4',
    'line\r\nbreak.mp4',
    '100% sure %41.mp4',
    '東京の夜 🎬 שלום.mp4',
  ];

  it.each(NAMES)('writes %j exactly as the escape table says, and a parser reads the UTF-8 back', async (name) => {
    const file = Buffer.from('VIDEO');
    const envelope = buildUploadEnvelope({ session: 'S', folderId: 0, fileName: name, contentType: 'video/mp4', size: file.length });
    const head = envelope.head.toString('utf8');
    // form-data's escaping is the table's, byte for byte: UTF-8 as is, nothing else escaped.
    expect(head).toContain(`name="file"; filename="${fileNameAsSent(name)}"`);
    expect(envelope.head.includes(Buffer.from(fileNameAsSent(name), 'utf8'))).toBe(true);
    expect(fileNameDecoded(fileNameAsSent(name))).toBe(name);
  });

  it('escapes only the three characters of the table', () => {
    expect(FILE_NAME_ESCAPES.map((e) => [e.char, e.sentAs])).toEqual([['"', '%22'], ['\r', '%0D'], ['\n', '%0A']]);
    expect(fileNameAsSent('a"b\rc\nd%e\\f')).toBe('a%22b%0Dc%0Ad%e\\f');
  });

  it('warns before the upload of what a browser cannot send as it is', () => {
    expect(fileNameWarnings('plain Café.mp4')).toEqual([]);
    expect(fileNameWarnings('100% real.mp4')).toEqual([]);
    expect(fileNameWarnings('back\\slash.mp4')).toEqual([]);
    expect(fileNameWarnings('say "hi".mp4')).toEqual(['quote']);
    expect(fileNameWarnings('two\nlines.mp4')).toEqual(['line-break']);
    expect(fileNameWarnings('two\r\nlines "q".mp4').sort()).toEqual(['line-break', 'quote']);
    // Written in the name itself: a server that decodes the escapes reads another character.
    expect(fileNameWarnings('100%22 proof.mp4')).toEqual(['escape-like']);
    expect(fileNameWarnings('x%0a.mp4')).toEqual(['escape-like']);
  });
});
