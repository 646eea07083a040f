#!/usr/bin/env bash
# `npm test`: every suite. Unit, renderer-component and integration tests run inside a
# private D-Bus session with an unlocked gnome-keyring, so the keychain tests use a real
# Secret Service; without one they skip and say so. Then the browser end-to-end tests, the
# shell boot suite (test/boot, builds out/ when stale) and the reliability suite.
# Last, the deterministic simulation (`npm run sim`, test/sim): 10,000 seeded fault schedules.
set -euo pipefail
cd "$(dirname "$0")/.."

run_vitest_with_keyring() {
  bash test/support/with-keyring.sh "$@"
}

run_vitest_with_keyring npx vitest run --project unit --project renderer --project integration
npx vitest run --project e2e
npm run test:boot
npm run test:reliability
npm run sim
