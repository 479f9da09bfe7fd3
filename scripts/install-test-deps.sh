#!/usr/bin/env bash
# What the tests need beyond npm packages: Debian's Chromium (never a downloaded browser) and fonts for
# Arabic and Persian text in screenshots.
set -u
if [ -x /usr/bin/chromium ] && fc-list 2>/dev/null | grep -qi "Noto Sans Arabic"; then exit 0; fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
echo "Installing Chromium and fonts from Debian's packages..."
$SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends chromium fonts-noto-core fonts-dejavu-core >/dev/null
if [ ! -x /usr/bin/chromium ]; then
  echo "Chromium could not be installed; the end-to-end tests will fail." >&2
  exit 1
fi
