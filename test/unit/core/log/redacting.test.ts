import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileSink } from '../../../../electron/core/log/file-sink.ts';
import { MemorySink, REDACTED, RedactingLogger } from '../../../../electron/core/log/redacting.ts';

const KEY = 'AbCdEf0123456789';
const SESSION = '9f8e7d6c5b4a39281706f5e4d3c2b1a0';

function logger(): { log: RedactingLogger; sink: MemorySink } {
  const sink = new MemorySink();
  const log = new RedactingLogger({ sinks: [sink], minLevel: 'debug', now: () => 0 });
  log.addSecret(KEY);
  log.addSecret(SESSION);
  return { log, sink };
}

describe('RedactingLogger', () => {
  it('redacts plain values in messages and fields', () => {
    const { log, sink } = logger();
    log.info(`key is ${KEY}`, { session: SESSION, nested: { deep: [KEY] } });
    expect(sink.text).not.toContain(KEY);
    expect(sink.text).not.toContain(SESSION);
    expect(sink.text.split(REDACTED).length - 1).toBe(3);
  });

  it('redacts URL-encoded and base64 forms, also inside a longer base64 string', () => {
    const { log, sink } = logger();
    const tricky = 'k+y/=&?x 12ä%ab';
    log.addSecret(tricky);
    const wrapped = Buffer.from(`user:${KEY}:more`).toString('base64');
    const shifted = Buffer.from(`ab${KEY}`).toString('base64url');
    log.warn('forms', {
      encoded: encodeURIComponent(tricky),
      base64: Buffer.from(KEY).toString('base64'),
      basic: `Basic ${wrapped}`,
      shifted,
      sessionB64: Buffer.from(SESSION).toString('base64'),
    });
    const text = sink.text;
    expect(text).not.toContain(encodeURIComponent(tricky));
    expect(text).not.toContain(Buffer.from(KEY).toString('base64').replace(/=+$/, ''));
    // Whatever alignment, no 12-character run of the secret's base64 survives.
    expect(text).not.toContain(wrapped.slice(8, 20));
    expect(text).not.toContain(shifted.slice(4, 16));
    expect(text).not.toContain(Buffer.from(SESSION).toString('base64').slice(0, 20));
  });

  it('redacts inside error messages, stacks, causes and URLs', () => {
    const { log, sink } = logger();
    const cause = new Error(`socket to ${SESSION}`);
    const error = new Error(`failed for ${KEY}`, { cause });
    log.error('request failed', { error, url: new URL(`https://h.example/v1/account?key=${KEY}&s=${encodeURIComponent(SESSION)}`) });
    expect(sink.text).toContain('request failed');
    expect(sink.text).toContain('stack');
    expect(sink.text).not.toContain(KEY);
    expect(sink.text).not.toContain(SESSION);
  });

  it('redacts a secret that is only in a stack, and in causes of causes, while keeping them', () => {
    const { log, sink } = logger();
    const deepest = new Error('disk said no');
    // A stack frame can carry a secret (a path or URL built from it) that the message does not.
    deepest.stack = `Error: disk said no\n    at open (/tmp/${SESSION}/part.bin:1:1)`;
    const middle = new Error('write failed', { cause: deepest });
    const top = new Error('upload failed', { cause: middle });
    log.error('job crashed', { error: top, plain: { cause: `text ${KEY}` } });
    expect(sink.text).toContain('upload failed');
    expect(sink.text).toContain('write failed');
    expect(sink.text).toContain('disk said no');
    expect(sink.text).toContain('part.bin');
    expect(sink.text).not.toContain(SESSION);
    expect(sink.text).not.toContain(KEY);
  });

  it('drops levels under the minimum and survives circular fields and failing sinks', () => {
    const sink = new MemorySink();
    const broken = { write: () => { throw new Error('disk full'); } };
    const log = new RedactingLogger({ sinks: [broken, sink], minLevel: 'info' });
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    log.debug('hidden');
    log.info('shown', { loop });
    expect(sink.records).toHaveLength(1);
    expect(sink.text).toContain('[circular]');
  });

  it('ignores values too short to be secrets', () => {
    const { log, sink } = logger();
    log.addSecret('a');
    log.info('a normal line');
    expect(sink.text).toContain('a normal line');
  });
});

describe('FileSink', () => {
  it('appends and rotates by size, keeping a bounded number of files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidlift-log-'));
    try {
      const file = path.join(dir, 'logs', 'vidlift.log');
      const sink = new FileSink({ file, maxBytes: 100, keep: 2 });
      const log = new RedactingLogger({ sinks: [sink], now: () => 0 });
      log.addSecret(KEY);
      for (let i = 0; i < 12; i++) log.info(`line ${i} ${KEY}`);
      sink.close();
      const files = fs.readdirSync(path.dirname(file)).sort();
      expect(files).toEqual(['vidlift.log', 'vidlift.log.1', 'vidlift.log.2']);
      const all = files.map((f) => fs.readFileSync(path.join(path.dirname(file), f), 'utf8')).join('');
      expect(all).not.toContain(KEY);
      expect(fs.readFileSync(file, 'utf8')).toContain('line 11');
      for (const f of files) expect(fs.statSync(path.join(path.dirname(file), f)).size).toBeLessThanOrEqual(100);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
