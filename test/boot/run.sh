#!/usr/bin/env bash
# `npm run test:boot`: builds out/ when a source file is newer than the built main bundle
# (the suite also runs the BUILT out/main/index.js), then runs the boot suite inside the
# private D-Bus session with an unlocked keyring (the key scenarios use the real keychain).
# Extra arguments go to vitest (e.g. --coverage). Ends with: shell boot: scenarios=N passed=N
set -euo pipefail
cd "$(dirname "$0")/../.."
built=out/main/index.js
if [[ ! -f $built || ! -f out/preload/index.cjs || -n $(find electron shared renderer -newer "$built" -type f -print -quit) ]]; then
  echo "boot: out/ is missing or older than the sources; building it first" >&2
  npm run build >/dev/null
fi
exec bash test/support/with-keyring.sh npx vitest run --project boot --reporter=default --reporter=./test/boot/summary-reporter.ts "$@"
