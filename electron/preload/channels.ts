// The IPC channels outside the contract, between the preload and main only: the page never
// names them (the preload's invokers cover the contract's methods alone). Each carries paths
// the preload read from real Files with webUtils.getPathForFile, never a path the page wrote.
/** One File's path, granted (thumbnails, subtitles: see expose.ts, pathForFile). */
export const FILES_GRANT_CHANNEL = 'files:grant';
/** A drop for the upload queue: its paths granted and queued in one step (electron/main/drop.ts). */
export const FILES_DROP_CHANNEL = 'files:drop';
