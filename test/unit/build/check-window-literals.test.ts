import { describe, expect, it } from 'vitest';
import { literalsIn } from '../../../resources/i18n/check-window-literals.ts';

const texts = (source: string) => literalsIn('X.svelte', source).map((l) => `${l.where} ${l.text}`);

describe('the check for words written into a template (issue 30)', () => {
  it('finds text between tags, read attributes, and words inside {…} in those places', () => {
    const source = `<script lang="ts">let busy = $state(false); const label = 'Not read: script';</script>
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
