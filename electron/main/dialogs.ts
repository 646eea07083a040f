// Native open dialogs. Whatever the person picks becomes a granted path (the core reads
// only granted paths), which is why these dialogs live in the main process.
import type { BrowserWindow, Dialog, MessageBoxOptions, OpenDialogOptions } from 'electron';
import type { HookCommand, HookMoment } from '../../shared/notify.ts';
import type { ParsedInput } from '../../shared/contract.ts';
import { VIDEO_EXTENSIONS } from '../core/files/video.ts';

export type FileKind = ParsedInput<'dialog:openFiles'>['kind'];

// Matches what the core accepts: the video containers it recognises, images for thumbnails
// (JPEG/PNG only), and subtitles (SRT/WebVTT). "All files" stays: the core sniffs the
// content, so a video without a usual extension still uploads.
const FILTERS: Record<FileKind, { title: string; multi: boolean; filters: OpenDialogOptions['filters'] }> = {
  videos: {
    title: 'Choose videos to upload',
    multi: true,
    filters: [
      { name: 'Videos', extensions: [...VIDEO_EXTENSIONS].map((ext) => ext.slice(1)) },
      { name: 'All files', extensions: ['*'] },
    ],
  },
  image: { title: 'Choose a thumbnail', multi: false, filters: [{ name: 'Images (JPEG, PNG)', extensions: ['jpg', 'jpeg', 'png'] }] },
  subtitle: { title: 'Choose a subtitle file', multi: false, filters: [{ name: 'Subtitles (SRT, WebVTT)', extensions: ['srt', 'vtt'] }] },
  // Fix my links: a post or page the links were published in; the core reads any text, so "All files" stays.
  text: {
    title: 'Choose a text with links to fix',
    multi: false,
    filters: [
      { name: 'Texts (forum posts, web pages, Markdown, CSV)', extensions: ['txt', 'bbcode', 'html', 'htm', 'md', 'markdown', 'csv'] },
      { name: 'All files', extensions: ['*'] },
    ],
  },
};

export interface DialogDeps {
  dialog: Pick<Dialog, 'showOpenDialog' | 'showSaveDialog' | 'showMessageBox'>;
  window: () => BrowserWindow | null;
  grantPath: (path: string) => void;
  /** The save dialog's answer: the one path an export may write. */
  grantSavePath: (path: string) => void;
}

/** The save dialog for an export: the chosen path is granted for one write. */
export async function saveFile(suggestedName: string, deps: DialogDeps): Promise<{ path: string | null }> {
  const win = deps.window();
  const options = { title: 'Export links', defaultPath: suggestedName.replace(/[\\/]/g, '-') };
  const result = win ? await deps.dialog.showSaveDialog(win, options) : await deps.dialog.showSaveDialog(options);
  if (result.canceled || !result.filePath) return { path: null };
  deps.grantSavePath(result.filePath);
  return { path: result.filePath };
}

export async function openFiles(kind: FileKind, deps: DialogDeps): Promise<{ paths: string[] }> {
  const spec = FILTERS[kind];
  const properties: OpenDialogOptions['properties'] = spec.multi ? ['openFile', 'multiSelections'] : ['openFile'];
  return choose({ title: spec.title, properties, filters: spec.filters }, deps);
}

export async function openFolder(deps: DialogDeps): Promise<{ paths: string[] }> {
  return choose({ title: 'Choose folders to upload', properties: ['openDirectory', 'multiSelections'] }, deps);
}

/**
 * The folder dialog of watch:add: what the person picks here is the only way a folder becomes
 * a watch folder (the page cannot name one). Not granted for reading: the watcher queues its
 * files itself, each checked to lie inside the folder's real path.
 */
export async function pickWatchFolders(deps: DialogDeps): Promise<{ paths: string[] }> {
  return show({ title: 'Choose folders to watch', properties: ['openDirectory', 'multiSelections'] }, deps);
}

async function choose(options: OpenDialogOptions, deps: DialogDeps): Promise<{ paths: string[] }> {
  const chosen = await show(options, deps);
  for (const path of chosen.paths) deps.grantPath(path);
  return chosen;
}

async function show(options: OpenDialogOptions, deps: DialogDeps): Promise<{ paths: string[] }> {
  const win = deps.window();
  const result = win ? await deps.dialog.showOpenDialog(win, options) : await deps.dialog.showOpenDialog(options);
  return { paths: result.canceled ? [] : result.filePaths };
}

/** What a hook is run after, as the confirmation names it. */
const HOOK_MOMENT_WORDS: Record<HookMoment, string> = { afterUpload: 'after each finished upload', afterBatch: 'after each finished batch of uploads' };

/**
 * The native confirmation of a hook command (hooks:set). Why it is here and not in the page:
 * a hook runs a program on this computer with the person's rights, so whoever can set one can
 * run anything. The renderer shows web content and could be made to call hooks:set (a bug, an
 * injected script); a dialog the main process shows is one the page can neither draw nor
 * answer, so no command is ever set without the person reading it and saying yes here.
 * Cancel is the default button; answers true only for the explicit "Run this program".
 */
export async function confirmHookCommand(moment: HookMoment, command: HookCommand, deps: DialogDeps): Promise<boolean> {
  const win = deps.window();
  const options: MessageBoxOptions = {
    type: 'warning',
    title: 'Run a program after uploads?',
    message: `Vidlift will run this program ${HOOK_MOMENT_WORDS[moment]}:`,
    detail: `${[command.file, ...command.args.map((arg) => JSON.stringify(arg))].join(' ')}\n\nIt runs with your rights and reads each upload's file, links and folder. Only confirm a program you chose.`,
    buttons: ['Cancel', 'Run this program'],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
  const result = win ? await deps.dialog.showMessageBox(win, options) : await deps.dialog.showMessageBox(options);
  return result.response === 1;
}
