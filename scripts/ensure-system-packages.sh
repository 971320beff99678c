#!/usr/bin/env bash
# Installs the Debian packages Parley uses, when they are missing. `npm start` asks for the product
# set (the embedded engines); `npm test` for everything (also the browser and fonts the tests use).
# Browsers come from Debian (never a Playwright download); engines are offline Debian packages.
# Usage: scripts/ensure-system-packages.sh [product | all | package...]   (default: all)
# Root: installs what is missing. Not root: prints the one apt-get line to run and exits 1, so a
# server never starts half-equipped without saying so.
set -euo pipefail

# The live recogniser's streaming helper is compiled at first use against libpocketsphinx (C, cc).
product=(ffmpeg espeak-ng flite pocketsphinx pocketsphinx-en-us apertium apertium-eng-spa libpocketsphinx-dev libsphinxbase-dev gcc libc6-dev pkg-config)
# haproxy: the balancer of the scale-out rig (server/src/scale-out-rig.test.ts).
# g++, make and python3: node-gyp compiles better-sqlite3 for Node 24 (scripts/node24.mjs).
all=(chromium sox fonts-noto-cjk haproxy g++ make python3 "${product[@]}")

case "${1:-all}" in
  product) wanted=("${product[@]}") ;;
  all) wanted=("${all[@]}") ;;
  *) wanted=("$@") ;;
esac

missing=()
for pkg in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing Debian packages: ${missing[*]}. Install them with: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi

echo "Installing Debian packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
