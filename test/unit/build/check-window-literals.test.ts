import { describe, expect, it } from 'vitest';
import { literalsIn, scriptLiteralsIn } from '../../../resources/i18n/check-window-literals.ts';

const texts = (source: string) => literalsIn('X.svelte', source).map((l) => `${l.where} ${l.text}`);

describe('the check for words written into a template (issue 30)', () => {
  it('finds text between tags, read attributes, and words inside {…} in those places', () => {
    const source = `<script lang="ts">let busy = $state(false); const mode = 'compact';</script>
<h1>Welcome</h1>
<input placeholder="No limit" aria-label={busy ? 'Checking…' : 'Save it'} class="wide" />
<button>{busy ? 'Checking…' : 'Connect'}</button>
<style>.wide { width: 10px; }</style>`;
    expect(texts(source)).toEqual(['text Welcome', 'placeholder= No limit', 'aria-label={…} Checking…', 'aria-label={…} Save it', 'text {…} Checking…', 'text {…} Connect']);
  });

  it('lets through catalog calls, values compared, marks without letters, the product name and example addresses', () => {
    const source = `<script lang="ts">import { m } from './i18n.svelte.ts'; let kind = 'keychain';</script>
<p title={m.some_title()}>{m.some_text()} · {kind === 'keychain' ? '—' : '×'} 42 %</p>
<span class="muted">Vidlift</span>
<input placeholder="https://example.com/video.mp4" /><input placeholder="proxy.example.com" />`;
    expect(texts(source)).toEqual([]);
  });
});

const scripted = (source: string) => scriptLiteralsIn('x.svelte.ts', source).map((l) => `${l.where} ${l.text}`);

describe('the check for words built in script code (issue 30)', () => {
  it('finds notices, copy confirmations, shown fields, chart labels and sentences in tables', () => {
    const source = `const REASON = { uploaded: 'Already uploaded (the same content).' };
notices.error(\`Could not create the folder “\${name}”\`, error);
this.#notices.info(\`\${n} skipped\`);
void copyText(url, 'Link');
const actions = [{ label: 'Upload anyway', run }];
const datasets = [{ label: 'Views', key: 'views' }];
const axis = { title: { display: true, text: 'Views, downloads' } };
button.title = 'Open it';
const summary = days.length ? \`Daily views from \${from} to \${to}\` : 'No report data.';`;
    expect(scripted(source)).toEqual([
      'script, sentence Already uploaded (the same content).',
      'script, notices Could not create the folder “ ”',
      'script, notices skipped',
      'script, copyText Link',
      'script, label: Upload anyway',
      'script, label: Views',
      'script, text: Views, downloads',
      'script, .title = Open it',
      'script, sentence Daily views from   to',
      'script, sentence No report data.',
    ]);
  });

  it('finds plurals chosen by hand, in code and in a template', () => {
    expect(scripted(`const w = \`\${n} \${n === 1 ? 'file' : 'files'}\`; const s = reasons.length === 1 ? reasons[0] : \`\${reasons.length} different\`;`)).toEqual([
      "script, plural by hand n === 1 ? 'file' : 'files'",
      'script, plural by hand reasons.length === 1 ? reasons[0] : `${reasons.length} different`',
    ]);
    const template = `<script lang="ts">let n = $state(2);</script>\n<p>{n} {n === 1 ? 'video' : 'videos'}{n > 0 ? \` · \${n} selected\` : ''}</p>`;
    expect(texts(template)).toEqual(['text {…} plural by hand', 'text {…} ·   selected']);
  });

  it('reads a .svelte file’s script too, at its line in the file', () => {
    const found = literalsIn('X.svelte', `<script lang="ts">\n  notices.info('Saved it');\n</script>\n<p>{m.x()}</p>`);
    expect(found.map((f) => [f.line, f.where, f.text])).toEqual([[2, 'script, notices', 'Saved it']]);
  });

  it('lets through ids, events, CSS, keys, URLs, MIME types, catalog calls, log notes and counting tests that pick no words', () => {
    const source = `import { m } from './i18n.svelte.ts';
window.addEventListener('keydown', onKey);
el.style.width = \`\${w}px\`;
const row = { id: 'fix-links', label: m.tasks_screen_fix_links, title: m.some_title(), text: 'image/png', key: 'views' };
notices.info(m.library_copied(counted(n)));
notices.dismiss(id);
void copyText(\`\${base}/embed/\${id}\`, m.common_link());
console.warn('could not read the size of', path);
log.info('Upload started for', name);
fetch('https://example.com/Some Path');
const parts = i % 2 === 1 ? { code: true } : { code: false };
const pick = count === 1 ? first : rest;
localStorage.setItem('vidlift:Last folder', '1');`;
    expect(scripted(source)).toEqual([]);
  });
});
