#!/bin/sh
# Runs a command with a real, private Secret Service: a new D-Bus session bus and an unlocked
# gnome-keyring whose keyring files live in a temporary folder (never the user's own keychain).
# Needs the Debian packages dbus-x11 (dbus-run-session) and gnome-keyring.
# Usage: tests/electron/with-secret-service.sh npx vitest run --project keychain
set -eu
keyring_home=$(mktemp -d)
trap 'rm -rf "$keyring_home"' EXIT
export XDG_DATA_HOME="$keyring_home"
dbus-run-session -- sh -c 'printf innkeeper | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"' sh "$@"
