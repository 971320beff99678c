#!/usr/bin/env bash
# Installs the Debian packages Parley's tests and embedded engines use, when they are missing.
# Browsers come from Debian (never a Playwright download); engines are offline Debian packages.
# Usage: scripts/ensure-system-packages.sh [package...]   (default: the full set)
set -euo pipefail

wanted=("$@")
if [ ${#wanted[@]} -eq 0 ]; then
  wanted=(chromium ffmpeg espeak-ng sox fonts-noto-cjk pocketsphinx pocketsphinx-en-us apertium apertium-eng-spa libpocketsphinx-dev libsphinxbase-dev gcc libc6-dev pkg-config)
fi

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
