// Static security scan of the Electron code with @doyensec/electronegativity, offline.
// The tool always exits 0 and wants the network twice (translations, and Electron's release
// list for its "available security fixes" check), so it is run in-process: its HTTP client
// is replaced by one that fails at once, that network check is excluded, and the findings
// are read from its result. The scan fails on any HIGH finding not in the reviewed
// allowlist (.electronegativity-allowlist.json) and on any file it could not parse (a file
// it cannot read is a file it did not check).
//
//   node test/security/scan.ts            scan electron/ and renderer/
//   node test/security/scan.ts <dir>...   scan other folders (tests use fixtures)
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const ELECTRON_VERSION = '45.4.1';
/** Needs the internet (Electron's release list); the installed version is pinned instead. */
const NETWORK_CHECKS = ['AvailableSecurityFixesGlobalCheck'];

export interface Finding {
  check: string;
  severity: 'HIGH' | 'MEDIUM' | 'LOW' | 'INFORMATIONAL';
  confidence: string;
  /** Relative to the scanned tree, with forward slashes. */
  file: string;
  line: number;
  manualReview: boolean;
  description: string;
}

export interface AllowlistEntry {
  check: string;
  file: string;
  reason: string;
}

export interface ScanResult {
  findings: Finding[];
  parseErrors: { file: string; message: string }[];
}

interface RawIssue {
  id: string;
  file: string;
  location?: { line?: number };
  severity: { name: Finding['severity'] };
  confidence: { name: string };
  manualReview?: boolean;
  description?: string;
}

type Runner = (options: Record<string, unknown>) => Promise<{ issues: RawIssue[]; errors: { file: string; message: string; tolerable: boolean }[] }>;

function loadRunner(): Runner {
  const require = createRequire(join(ROOT, 'package.json'));
  const entry = require.resolve('@doyensec/electronegativity/dist/runner.js');
  const toolRequire = createRequire(entry);
  // Every `require('got')` inside the tool gets a client that fails at once: no request
  // leaves the machine, and the tool falls back to its bundled English texts.
  const offline = (): Promise<never> => Promise.reject(new Error('offline: network disabled for the scan'));
  for (const from of [entry, toolRequire.resolve('./locales/i18n.js'), toolRequire.resolve('./finder/checks/GlobalChecks/AvailableSecurityFixesGlobalCheck.js')]) {
    const gotPath = createRequire(from).resolve('got');
    require.cache[gotPath] = { id: gotPath, filename: gotPath, loaded: true, exports: Object.assign(offline, { default: offline }) } as unknown as NodeJS.Module;
  }
  const runner = toolRequire(entry) as Runner | { default: Runner };
  return typeof runner === 'function' ? runner : runner.default;
}

/** Scans the given folders together (global checks such as CSP need main and renderer at once). */
export async function scan(folders: readonly string[]): Promise<ScanResult> {
  const tree = mkdtempSync(join(tmpdir(), 'vidlift-eneg-'));
  try {
    for (const folder of folders) cpSync(folder, join(tree, basename(folder)), { recursive: true });
    const quiet = console.log;
    console.log = () => undefined; // the tool narrates its network failures
    let result: Awaited<ReturnType<Runner>>;
    try {
      result = await loadRunner()({
        input: tree,
        electronVersionOverride: ELECTRON_VERSION,
        excludeFromScan: NETWORK_CHECKS,
        isRelative: true,
      });
    } finally {
      console.log = quiet;
    }
    return {
      findings: result.issues.map((issue) => ({
        check: issue.id,
        severity: issue.severity.name,
        confidence: issue.confidence.name,
        file: issue.file.replaceAll('\\', '/'),
        line: issue.location?.line ?? 0,
        manualReview: issue.manualReview === true,
        description: issue.description ?? '',
      })),
      parseErrors: result.errors.filter((error) => !error.tolerable).map(({ file, message }) => ({ file, message })),
    };
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

export function loadAllowlist(file: string): AllowlistEntry[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { reviewed?: unknown };
  if (!Array.isArray(parsed.reviewed)) throw new Error(`${file}: expected {"reviewed": [...]}`);
  return parsed.reviewed.map((entry: unknown, index: number) => {
    const { check, file: path, reason } = (entry ?? {}) as Record<string, unknown>;
    if (typeof check !== 'string' || typeof path !== 'string' || typeof reason !== 'string' || reason.trim().length < 10) {
      throw new Error(`${file}: entry ${index} needs check, file and a reason (why it is safe)`);
    }
    return { check, file: path, reason };
  });
}

const allows = (entry: AllowlistEntry, finding: Finding): boolean => entry.check === finding.check && entry.file === finding.file;

/** HIGH findings nobody reviewed: each one fails the scan. */
export function unreviewedHigh(findings: readonly Finding[], allowlist: readonly AllowlistEntry[]): Finding[] {
  return findings.filter((finding) => finding.severity === 'HIGH' && !allowlist.some((entry) => allows(entry, finding)));
}

/** Allowlist entries that match nothing any more: worth deleting, so the list stays short. */
export function staleEntries(findings: readonly Finding[], allowlist: readonly AllowlistEntry[]): AllowlistEntry[] {
  return allowlist.filter((entry) => !findings.some((finding) => allows(entry, finding)));
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const folders = (args.length > 0 ? args : ['electron', 'renderer']).map((folder) => resolve(ROOT, folder));
  const allowlist = loadAllowlist(join(ROOT, '.electronegativity-allowlist.json'));
  const { findings, parseErrors } = await scan(folders);
  for (const finding of findings) {
    const reviewed = allowlist.some((entry) => allows(entry, finding)) ? ' (reviewed)' : '';
    console.log(`${finding.severity.padEnd(13)} ${finding.check} ${finding.file}:${finding.line}${reviewed}`);
  }
  for (const entry of staleEntries(findings, allowlist)) console.log(`note: allowlist entry matches nothing now: ${entry.check} ${entry.file}`);
  for (const error of parseErrors) console.error(`not scanned (parse error): ${error.file}: ${error.message}`);
  const failing = unreviewedHigh(findings, allowlist);
  for (const finding of failing) console.error(`HIGH, not reviewed: ${finding.check} ${finding.file}:${finding.line} ${finding.description}`);
  const ok = failing.length === 0 && parseErrors.length === 0;
  console.log(ok ? `security scan passed: ${findings.length} findings, none HIGH outside the allowlist` : 'security scan FAILED');
  return ok ? 0 : 1;
}

if (import.meta.main) process.exitCode = await main();
