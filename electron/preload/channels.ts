// The one IPC channel outside the contract: the preload tells main which dropped or picked
// file to grant (see expose.ts, pathForFile). It carries a path and nothing else.
export const FILES_GRANT_CHANNEL = 'files:grant';
