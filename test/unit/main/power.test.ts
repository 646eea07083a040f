// The shell's power wiring (electron/main/power.ts) against the Electron double's powerMonitor:
// the source at start, on-battery / on-ac, a wake, and nothing heard after it stops following.
import { describe, expect, it } from 'vitest';
import { followPower } from '../../../electron/main/power.ts';
import { createElectronDouble } from '../../doubles/electron.ts';

function follow(onBatteryAtStart: boolean) {
  const double = createElectronDouble({ userData: '/nowhere', appPath: '/nowhere' });
  double.powerMonitor.onBatteryPower = onBatteryAtStart;
  const heard: string[] = [];
  const logged: string[] = [];
  const stop = followPower(double.powerMonitor, { setOnBattery: (on) => heard.push(on ? 'battery' : 'ac'), resumed: () => heard.push('resumed') }, { info: (message) => void logged.push(message) });
  return { double, heard, logged, stop };
}

describe('followPower', () => {
  it('tells the core the source at start, then each change and each wake', () => {
    const { double, heard, logged, stop } = follow(true);
    expect(heard).toEqual(['battery']);
    double.powerMonitor.setOnBattery(false);
    double.powerMonitor.sleep();
    double.powerMonitor.wake();
    double.powerMonitor.setOnBattery(true);
    expect(heard).toEqual(['battery', 'ac', 'resumed', 'battery']);
    expect(logged).toEqual(['the computer is going to sleep', 'the computer woke from sleep: uploads go again and the service is checked']);
    expect(double.unimplemented).toEqual([]);
    stop();
  });

  it('hears nothing once it stops following', () => {
    const { double, heard, stop } = follow(false);
    stop();
    double.powerMonitor.setOnBattery(true);
    double.powerMonitor.wake();
    expect(heard).toEqual(['ac']);
    for (const event of ['on-battery', 'on-ac', 'suspend', 'resume']) expect(double.powerMonitor.listenerCount(event)).toBe(0);
  });
});
