/// <reference types="svelte" />
/// <reference types="vite/client" />
import type { WindowApi } from '../../shared/contract.ts';

declare global {
  interface Window {
    /** Built by the preload (or the harness bridge) from shared/contract.ts. */
    api: WindowApi;
  }
}

export {};
