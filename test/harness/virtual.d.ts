declare module 'virtual:vidlift-harness-config' {
  import type { BridgeConfig } from './protocol.ts';
  const config: BridgeConfig;
  export default config;
}
