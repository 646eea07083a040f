#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring, so keychain
# code talks to a real Secret Service; without dbus-run-session or gnome-keyring-daemon the
# command runs as is (keychain tests then skip and say so).
set -euo pipefail
if command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  mkdir -p "$tmp/data" "$tmp/run" && chmod 700 "$tmp/run"
  XDG_DATA_HOME="$tmp/data" XDG_RUNTIME_DIR="$tmp/run" VIDLIFT_KEYCHAIN_TESTS=1 \
    dbus-run-session -- bash -c 'echo -n vidlift-ci | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec "$@"' _ "$@"
else
  echo "note: no D-Bus session or gnome-keyring here: the keychain tests will skip" >&2
  exec "$@"
fi
