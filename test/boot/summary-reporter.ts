// Prints the boot suite's one-line summary after vitest's own report:
//   shell boot: scenarios=N passed=N
// Every test of test/boot is a scenario; a skipped one counts as not passed.
import type { Reporter, TestModule } from 'vitest/node';

export default class BootSummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let scenarios = 0;
    let passed = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        scenarios += 1;
        if (test.result().state === 'passed') passed += 1;
      }
    }
    process.stdout.write(`shell boot: scenarios=${scenarios} passed=${passed}\n`);
  }
}
