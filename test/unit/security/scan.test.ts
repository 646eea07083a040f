// test/security/scan.ts: the offline electronegativity run must really find problems
// (or its "passed" means nothing), and the allowlist must only excuse what it names.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAllowlist, scan, staleEntries, unreviewedHigh, type Finding } from '../../security/scan.ts';

const base = mkdtempSync(join(tmpdir(), 'vidlift-scan-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('security scan', () => {
  it('finds a window without context isolation or navigation limits as HIGH, offline', async () => {
    const app = join(base, 'app');
    mkdirSync(app);
    writeFileSync(
      join(app, 'main.js'),
      "const { BrowserWindow } = require('electron');\n" +
        "const win = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false } });\n" +
        "win.loadURL('http://example.com');\n",
    );
    const { findings, parseErrors } = await scan([app]);
    expect(parseErrors).toEqual([]);
    const high = unreviewedHigh(findings, []);
    expect(high.map((finding) => finding.check)).toEqual(expect.arrayContaining(['CONTEXT_ISOLATION_JS_CHECK', 'LIMIT_NAVIGATION_GLOBAL_CHECK']));
    expect(unreviewedHigh(findings, high.map((finding) => ({ check: finding.check, file: finding.file, reason: 'fixture, reviewed' })))).toEqual([]);
  }, 30_000);

  it('excuses a finding only for the check and file an entry names, and reports stale entries', () => {
    const finding: Finding = { check: 'X_CHECK', severity: 'HIGH', confidence: 'CERTAIN', file: 'electron/main/a.ts', line: 1, manualReview: false, description: '' };
    const entry = { check: 'X_CHECK', file: 'electron/main/b.ts', reason: 'reviewed elsewhere' };
    expect(unreviewedHigh([finding], [entry])).toEqual([finding]);
    expect(unreviewedHigh([{ ...finding, severity: 'MEDIUM' }], [])).toEqual([]);
    expect(staleEntries([finding], [entry])).toEqual([entry]);
  });

  it('refuses an allowlist entry without a reason', () => {
    const file = join(base, 'allow.json');
    writeFileSync(file, JSON.stringify({ reviewed: [{ check: 'X', file: 'y.ts', reason: '' }] }));
    expect(() => loadAllowlist(file)).toThrow(/reason/);
    expect(loadAllowlist(join(import.meta.dirname, '../../../.electronegativity-allowlist.json')).length).toBeGreaterThan(0);
  });
});
