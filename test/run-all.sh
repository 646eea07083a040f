#!/usr/bin/env bash
# `npm test`: every suite. Unit, renderer-component and integration tests run inside a
# private D-Bus session with an unlocked gnome-keyring, so the keychain tests use a real
# Secret Service; without one they skip and say so. Then the browser end-to-end tests, the
# shell boot suite (test/boot, builds out/ when stale) and the reliability suite.
set -euo pipefail
cd "$(dirname "$0")/.."

run_vitest_with_keyring() {
  if command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
    local tmp
    tmp=$(mktemp -d)
    mkdir -p "$tmp/data" "$tmp/run" && chmod 700 "$tmp/run"
    XDG_DATA_HOME="$tmp/data" XDG_RUNTIME_DIR="$tmp/run" VIDLIFT_KEYCHAIN_TESTS=1 \
      dbus-run-session -- bash -c 'echo -n vidlift-ci | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec "$@"' _ "$@"
  else
    echo "note: no D-Bus session or gnome-keyring here: the keychain tests will skip" >&2
    "$@"
  fi
}

run_vitest_with_keyring npx vitest run --project unit --project renderer --project integration
npx vitest run --project e2e
npm run test:boot
npm run test:reliability
