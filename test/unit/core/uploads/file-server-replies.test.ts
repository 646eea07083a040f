// Replies of real file servers, table-driven: a reply that says success unambiguously is a
// success whatever else it carries (null or extra fields, a byte-order mark, whitespace, a
// status given as text); anything ambiguous stays a failure. Each shape names where it was
// found: public clients and test fixtures of DoodStream-style and XFileSharing-style APIs.
// File codes are kept as the sources wrote them; the surrounding fields are theirs too.
import { describe, expect, it } from 'vitest';
import { parseFileServerReply } from '../../../../electron/core/uploads/file-server.ts';
import { sayInEnglish } from '../../../../shared/i18n/say.ts';

interface Case {
  name: string;
  /** repository + path the shape was taken from */
  source: string;
  http: number;
  body: string;
  /** the file code, or null when the reply must be read as a failure */
  fileCode: string | null;
  /** for failures: words the person must see */
  says?: string;
}

const BOM = '\uFEFF';

const doodUpload = (result: Record<string, unknown>, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ msg: 'OK', server_time: '2023-07-26 12:13:12', status: 200, result: [result], ...extra });

const CASES: Case[] = [
  // ---- DoodStream-style (operation "upload/server", then a multipart POST answering {msg, status, result: [...]}) ----
  {
    name: 'DoodStream upload reply with every field',
    // The fields the uploader prints from result[0]: title, size, uploaded, splash, download URL.
    source: 'CallMeDimas/DoodStream-Uploader README.md',
    http: 200,
    body: doodUpload({
      download_url: 'https://dooood.com/d/k66a2c4otl6k',
      single_img: 'https://img.doodcdn.co/snaps/k66a2c4otl6k.jpg',
      status: 200,
      filecode: 'k66a2c4otl6k',
      splash_img: 'https://img.doodcdn.co/splash/k66a2c4otl6k.jpg',
      canplay: 1,
      size: '5915614',
      length: '0',
      title: 'My Video',
      protected_embed: '/e/k66a2c4otl6k',
      uploaded: '2023-07-26 12:13:12',
      protected_dl: '/d/k66a2c4otl6k',
    }),
    fileCode: 'k66a2c4otl6k',
  },
  {
    name: 'DoodStream-style reply whose size and title are null (PHP json_encode of unset values)',
    source: 'Marchay/doodstream-PHP-library doodstream.php (post_call returns the server JSON as is)',
    http: 200,
    body: doodUpload({ filecode: 'abcdefghijkl', title: null, size: null, length: null, protected_embed: '/e/abcdefghijkl' }),
    fileCode: 'abcdefghijkl',
  },
  {
    name: 'DoodStream-style reply that starts with a UTF-8 byte-order mark',
    source: 'Marchay/doodstream-PHP-library doodstream.php (PHP source files saved with a BOM emit it first)',
    http: 200,
    body: BOM + doodUpload({ filecode: 'bomcode12345', title: 'clip.mp4', size: 1024 }),
    fileCode: 'bomcode12345',
  },
  {
    name: 'Filemoon-style reply read as status "200" text and protected_embed',
    // The module checks `$STATUS != "200"` as text and prints protected_embed from the reply.
    source: 'skinner12/plowshare-modules-legacy doodstream.sh',
    http: 200,
    body: '\r\n  ' + JSON.stringify({ status: '200', msg: 'OK', result: [{ filecode: 'moon12345678', protected_embed: '/e/moon12345678' }] }) + '\n',
    fileCode: 'moon12345678',
  },
  {
    name: 'DoodStream-style reply with msg in lower case and no status',
    source: 'skinner12/plowshare-modules-legacy doodstream.sh (msg/status read loosely by parse_json)',
    http: 200,
    body: JSON.stringify({ msg: 'ok', result: [{ filecode: 'lowercase123', size: null }] }),
    fileCode: 'lowercase123',
  },
  {
    name: 'a refusal on the DoodStream-style API: forbidden, status 403',
    source: 'CSUploader/CSUploader tests/Upload/Pipeline/Hosters/ExLoadPipelineTests.cs',
    http: 200,
    body: JSON.stringify({ msg: 'forbidden', status: 403, sess_id: '', result: '' }),
    fileCode: null,
    says: 'forbidden',
  },
  {
    name: 'a DoodStream-style maintenance answer (status 500)',
    source: 'CSUploader/CSUploader tests/Upload/Pipeline/Hosters/ExLoadPipelineTests.cs',
    http: 200,
    body: JSON.stringify({ msg: 'maintenance', status: 500, sess_id: '', result: '' }),
    fileCode: null,
    says: 'maintenance',
  },
  {
    name: 'a DoodStream-style auth refusal without a result',
    source: 'CSUploader/CSUploader tests/Upload/Pipeline/Hosters/DataVaultsPipelineTests.cs',
    http: 200,
    body: JSON.stringify({ status: 403, msg: 'Wrong auth' }),
    fileCode: null,
    says: 'Wrong auth',
  },
  {
    name: 'a msg that is not OK and nothing else',
    source: 'CSUploader/CSUploader tests/Upload/Pipeline/Hosters/FiledotPipelineTests.cs',
    http: 200,
    body: JSON.stringify({ msg: 'nope' }),
    fileCode: null,
    says: 'nope',
  },
  {
    name: 'status 200 and msg OK but no file code (ambiguous: refused)',
    source: 'CSUploader/CSUploader tests/Upload/Pipeline/Hosters/DataVaultsPipelineTests.cs (upload-server reply, no filecode)',
    http: 200,
    body: JSON.stringify({ status: 200, sess_id: 'sess_demo_16ch', result: 'https://d164.datavaults.co/cgi-bin/upload.cgi', msg: 'OK' }),
    fileCode: null,
  },
  {
    name: 'status 200 but msg says otherwise (contradiction: refused)',
    source: 'CSUploader/CSUploader tests/Upload/Pipeline/Hosters/ExLoadPipelineTests.cs (msg and status read together)',
    http: 200,
    body: JSON.stringify({ status: 200, msg: 'Invalid key', result: [{ filecode: 'abcdefghijkl' }] }),
    fileCode: null,
    says: 'Invalid key',
  },
  // ---- XFileSharing-style (cgi-bin/upload.cgi answering [{file_code, file_status}]) ----
  {
    name: 'XFileSharing success, file_code first',
    source: 'CSUploader/CSUploader tests/Upload/Pipeline/Hosters/DDownloadPipelineTests.cs',
    http: 200,
    body: '[{"file_code":"xc2w350fwnke","file_status":"OK"}]',
    fileCode: 'xc2w350fwnke',
  },
  {
    name: 'XFileSharing success, file_status first',
    source: 'CSUploader/CSUploader tests/Upload/Pipeline/Hosters/FileStorePipelineTests.cs',
    http: 200,
    body: '[{"file_status":"OK","file_code":"i5vrp6ofbl4g"}]',
    fileCode: 'i5vrp6ofbl4g',
  },
  {
    name: 'XFileSharing success with an extra domain field',
    source: 'CSUploader/CSUploader tests/Upload/Pipeline/Hosters/EliteFilePipelineTests.cs',
    http: 200,
    body: '[{"domain":"https://elfile.net","file_code":"s12kr30vhg0m","file_status":"OK"}]',
    fileCode: 's12kr30vhg0m',
  },
  {
    name: 'XFileSharing success written with filecode (send.cm / media.cm node)',
    source: 'CSUploader/CSUploader tests/Upload/Pipeline/Hosters/UploadHivePipelineTests.cs (shape); filecode spelling as media.cm nodes answer',
    http: 200,
    body: BOM + '[{"filecode":"cm_code_888","file_status":"OK"}]\n',
    fileCode: 'cm_code_888',
  },
  {
    name: 'XFileSharing refusal: uploads not enabled, file_code undef',
    source: 'CSUploader/CSUploader tests/Upload/Pipeline/Hosters/FileStorePipelineTests.cs',
    http: 200,
    body: '[{"file_status":"uploads are not enabled for your account type","file_code":"undef"}]',
    fileCode: null,
    says: 'uploads are not enabled',
  },
  {
    name: 'XFileSharing refusal: unallowed extension',
    source: 'CSUploader/CSUploader tests/Upload/Pipeline/Hosters/FileStorePipelineTests.cs',
    http: 200,
    body: '[{"file_status":"unallowed extension","file_code":"undef"}]',
    fileCode: null,
    says: 'unallowed extension',
  },
  {
    name: 'XFileSharing "OK" naming no file (file_code undef: ambiguous, refused)',
    source: 'CSUploader/CSUploader tests/Upload/Pipeline/Hosters/DataVaultsPipelineTests.cs',
    http: 200,
    body: '[{"file_status":"OK","file_code":"undef"}]',
    fileCode: null,
  },
  {
    name: 'XFileSharing refusal with an empty file code',
    source: 'CSUploader/CSUploader tests/Upload/Pipeline/Hosters/HexloadAnonymousUploadTests.cs',
    http: 200,
    body: '[{"file_code":"","file_status":"File too big"}]',
    fileCode: null,
    says: 'File too big',
  },
  {
    name: 'XFileSharing refusal: disk full',
    source: 'CSUploader/CSUploader tests/Upload/Pipeline/Hosters/BRuploadPipelineUploadTests.cs',
    http: 200,
    body: '[{"file_code":"","file_status":"DiskFull"}]',
    fileCode: null,
    says: 'DiskFull',
  },
  {
    name: 'XFileSharing node failure carrying an HTML page in file_status',
    source: 'CSUploader/CSUploader tests/Upload/Pipeline/Hosters/ExLoadPipelineTests.cs',
    http: 200,
    body: '[{"file_code":"undef","file_status":"failed while requesting fs.cgi: <html><title>500 Internal Server Error</title></html>"}]',
    fileCode: null,
    says: 'failed while requesting fs.cgi',
  },
  {
    name: 'an empty XFileSharing array',
    source: 'CSUploader/CSUploader tests/Upload/Pipeline/Hosters/FileStorePipelineTests.cs',
    http: 200,
    body: '[]',
    fileCode: null,
  },
  {
    name: 'a plain-text refusal from the node with HTTP 500',
    source: 'CSUploader/CSUploader tests/Upload/Pipeline/Hosters/FileStorePipelineTests.cs',
    http: 500,
    body: "ERROR: Server don't allow uploads at the moment",
    fileCode: null,
    says: "Server don't allow uploads",
  },
  {
    name: 'upload.cgi text with an HTML error page after it',
    source: 'CSUploader/CSUploader tests/Upload/PackageFilePipelineEventsTests.cs',
    http: 200,
    body: 'upload.cgi: file_status=failed\r\n<HEAD>\n<TITLE>500</TITLE>\n</HEAD>',
    fileCode: null,
    says: 'file_status=failed',
  },
  {
    name: 'an HTML page instead of JSON',
    source: 'CSUploader/CSUploader tests/Upload/Pipeline/Hosters/FileStorePipelineTests.cs',
    http: 200,
    body: '<html>nope</html>',
    fileCode: null,
    says: 'nope',
  },
  {
    name: 'a success body with an HTTP error status (ambiguous: refused)',
    source: 'CSUploader/CSUploader tests/Upload/Pipeline/Hosters/DDownloadPipelineTests.cs (body) with a 502 from a proxy in between',
    http: 502,
    body: '[{"file_code":"xc2w350fwnke","file_status":"OK"}]',
    fileCode: null,
    says: 'HTTP 502',
  },
];

describe('file-server replies seen in the wild', () => {
  it('has at least 15 real shapes, each with its source', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(15);
    for (const c of CASES) expect(c.source).toMatch(/^[\w.-]+\/[\w.-]+ \S/);
  });

  it.each(CASES)('$name', (c) => {
    const reply = parseFileServerReply(c.http, c.body);
    if (c.fileCode !== null) {
      expect(reply).toMatchObject({ ok: true, fileCode: c.fileCode });
    } else {
      expect(reply.ok).toBe(false);
      if (!reply.ok && c.says) expect(sayInEnglish(reply.said)).toContain(c.says);
    }
  });
});
