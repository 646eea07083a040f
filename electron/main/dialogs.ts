// Native open dialogs. Whatever the person picks becomes a granted path (the core reads
// only granted paths), which is why these dialogs live in the main process.
import type { BrowserWindow, Dialog, MessageBoxOptions, OpenDialogOptions } from 'electron';
import type { HookCommand, HookMoment } from '../../shared/notify.ts';
import type { ParsedInput } from '../../shared/contract.ts';
import { VIDEO_EXTENSIONS } from '../core/files/video.ts';
import { m } from '../../shared/i18n/index.ts';

export type FileKind = ParsedInput<'dialog:openFiles'>['kind'];

// Matches what the core accepts: the video containers it recognises, images for thumbnails
// (JPEG/PNG only), and subtitles (SRT/WebVTT). "All files" stays: the core sniffs the
// content, so a video without a usual extension still uploads. Worded when a dialog opens, in
// the shell's language (shell-locale.ts).
const FILTERS: Record<FileKind, () => { title: string; multi: boolean; filters: OpenDialogOptions['filters'] }> = {
  videos: () => ({
    title: m.shell_pick_videos(),
    multi: true,
    filters: [
      { name: m.shell_filter_videos(), extensions: [...VIDEO_EXTENSIONS].map((ext) => ext.slice(1)) },
      { name: m.shell_filter_all(), extensions: ['*'] },
    ],
  }),
  image: () => ({ title: m.shell_pick_thumbnail(), multi: false, filters: [{ name: m.shell_filter_images(), extensions: ['jpg', 'jpeg', 'png'] }] }),
  subtitle: () => ({ title: m.shell_pick_subtitle(), multi: false, filters: [{ name: m.shell_filter_subtitles(), extensions: ['srt', 'vtt'] }] }),
  // Fix my links: a post or page the links were published in; the core reads any text, so "All files" stays.
  text: () => ({
    title: m.shell_pick_link_text(),
    multi: false,
    filters: [
      { name: m.shell_filter_texts(), extensions: ['txt', 'bbcode', 'html', 'htm', 'md', 'markdown', 'csv'] },
      { name: m.shell_filter_all(), extensions: ['*'] },
    ],
  }),
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
  const options = { title: m.shell_save_export(), defaultPath: suggestedName.replace(/[\\/]/g, '-') };
  const result = win ? await deps.dialog.showSaveDialog(win, options) : await deps.dialog.showSaveDialog(options);
  if (result.canceled || !result.filePath) return { path: null };
  deps.grantSavePath(result.filePath);
  return { path: result.filePath };
}

export async function openFiles(kind: FileKind, deps: DialogDeps): Promise<{ paths: string[] }> {
  const spec = FILTERS[kind]();
  const properties: OpenDialogOptions['properties'] = spec.multi ? ['openFile', 'multiSelections'] : ['openFile'];
  return choose({ title: spec.title, properties, filters: spec.filters }, deps);
}

export async function openFolder(deps: DialogDeps): Promise<{ paths: string[] }> {
  return choose({ title: m.shell_pick_upload_folders(), properties: ['openDirectory', 'multiSelections'] }, deps);
}

/**
 * The folder dialog of watch:add: what the person picks here is the only way a folder becomes
 * a watch folder (the page cannot name one). Not granted for reading: the watcher queues its
 * files itself, each checked to lie inside the folder's real path.
 */
export async function pickWatchFolders(deps: DialogDeps): Promise<{ paths: string[] }> {
  return show({ title: m.shell_pick_watch_folders(), properties: ['openDirectory', 'multiSelections'] }, deps);
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
const HOOK_MOMENT_MESSAGE: Record<HookMoment, () => string> = { afterUpload: m.shell_hook_message_after_upload, afterBatch: m.shell_hook_message_after_batch };

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
    title: m.shell_hook_title(),
    message: HOOK_MOMENT_MESSAGE[moment](),
    detail: m.shell_hook_detail({ command: [command.file, ...command.args.map((arg) => JSON.stringify(arg))].join(' ') }),
    buttons: [m.shell_hook_cancel(), m.shell_hook_run()],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
  const result = win ? await deps.dialog.showMessageBox(win, options) : await deps.dialog.showMessageBox(options);
  return result.response === 1;
}
