// A ServiceClient wired to the app's own connection monitor, as the composition root wires
// them (the client reports every outcome; the monitor probes while offline and tells the
// engine, the library and remote imports when the service is back). For test children,
// reliability runs and benches that build the core's parts by hand.
import { ServiceClient, type ServiceClientOptions } from '../../electron/core/api/client.ts';
import { ConnectionMonitor } from '../../electron/core/api/connection.ts';

export function monitoredClient(
  options: Omit<ServiceClientOptions, 'connection'>,
  probes: { firstDelayMs: number; maxDelayMs: number } = { firstDelayMs: 100, maxDelayMs: 400 },
): { client: ServiceClient; connectivity: ConnectionMonitor } {
  const late: { client?: ServiceClient } = {};
  const connectivity = new ConnectionMonitor({ probe: () => late.client!.slots(), ...probes });
  const client = new ServiceClient({ ...options, connection: connectivity });
  late.client = client;
  return { client, connectivity };
}
