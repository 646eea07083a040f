// The rule for a plain-http service address, without a schema library: the window reads it
// (welcome, accounts, settings) and its bundle carries no zod (shared/contract-names.ts).
// shared/model.ts re-exports it for main.

/** localhost, 127.0.0.0/8 and ::1: addresses on this computer (the sandbox). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * The one rule for plain http as the service address: the key would travel unencrypted, so
 * it is accepted for this computer only, or after the person confirmed it (remembered per
 * origin in Settings.plainHttpAllowed).
 */
export function needsPlainHttpConsent(address: string): boolean {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' && !isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}
