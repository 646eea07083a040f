// What the OS says about power reaches the core (issue 31): the power source (Electron's
// powerMonitor 'on-battery' / 'on-ac', and the source at start), and a wake from sleep
// ('resume'): transfers that died while the computer slept go again at once, and each
// account's service is checked again. 'suspend' is only logged: the transfers cannot be
// saved from the sleep (the file server drops them), and pausing would only be undone.
import type { Core } from '../core/core.ts';
import type { Logger } from '../core/log/logger.ts';

/** The part of Electron's powerMonitor used here (an EventEmitter with Electron's event names). */
export interface PowerSource {
  on(event: 'suspend' | 'resume' | 'on-battery' | 'on-ac', listener: () => void): unknown;
  removeListener(event: 'suspend' | 'resume' | 'on-battery' | 'on-ac', listener: () => void): unknown;
  isOnBatteryPower(): boolean;
}

/** Follows the power source and sleep; answers the function that stops following. */
export function followPower(monitor: PowerSource, power: Core['power'], logger: Pick<Logger, 'info'>): () => void {
  const onBattery = (): void => power.setOnBattery(true);
  const onAc = (): void => power.setOnBattery(false);
  const suspend = (): void => logger.info('the computer is going to sleep');
  const resume = (): void => {
    logger.info('the computer woke from sleep: uploads go again and the service is checked');
    power.resumed();
  };
  // The source at start: an app started on battery hears no 'on-battery' until it changes.
  power.setOnBattery(monitor.isOnBatteryPower());
  monitor.on('on-battery', onBattery);
  monitor.on('on-ac', onAc);
  monitor.on('suspend', suspend);
  monitor.on('resume', resume);
  return () => {
    monitor.removeListener('on-battery', onBattery);
    monitor.removeListener('on-ac', onAc);
    monitor.removeListener('suspend', suspend);
    monitor.removeListener('resume', resume);
  };
}
