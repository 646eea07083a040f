// The open dialog's kinds (electron/main/dialogs.ts): Fix my links' "Choose a file…" asks for
// one text (forum posts, web pages, Markdown, CSV, or any file: the core reads the text), and
// only the path picked is granted; a cancelled dialog grants nothing.
import { describe, expect, it } from 'vitest';
import type { OpenDialogOptions } from 'electron';
import { openFiles, type DialogDeps } from '../../../electron/main/dialogs.ts';

function fakeDeps(answer: { canceled: boolean; filePaths: string[] }): { deps: DialogDeps; asked: OpenDialogOptions[]; granted: string[] } {
  const asked: OpenDialogOptions[] = [];
  const granted: string[] = [];
  const deps = {
    dialog: {
      showOpenDialog: async (...args: unknown[]) => {
        asked.push(args.at(-1) as OpenDialogOptions);
        return answer;
      },
      showSaveDialog: async () => ({ canceled: true, filePath: '' }),
    },
    window: () => null,
    grantPath: (path: string) => void granted.push(path),
    grantSavePath: () => {},
  } as unknown as DialogDeps;
  return { deps, asked, granted };
}

describe('the open dialog for a text with links', () => {
  it('asks for one file, texts first and any file allowed, and grants the path picked', async () => {
    const { deps, asked, granted } = fakeDeps({ canceled: false, filePaths: ['/home/me/post.bbcode'] });
    expect(await openFiles('text', deps)).toEqual({ paths: ['/home/me/post.bbcode'] });
    expect(asked[0]!.properties).toEqual(['openFile']);
    expect(asked[0]!.filters!.map((f) => f.extensions)).toEqual([['txt', 'bbcode', 'html', 'htm', 'md', 'markdown', 'csv'], ['*']]);
    expect(granted).toEqual(['/home/me/post.bbcode']);
  });

  it('grants nothing when cancelled', async () => {
    const { deps, granted } = fakeDeps({ canceled: true, filePaths: [] });
    expect(await openFiles('text', deps)).toEqual({ paths: [] });
    expect(granted).toEqual([]);
  });
});
