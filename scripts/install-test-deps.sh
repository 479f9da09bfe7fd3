#!/usr/bin/env bash
# What the tests need beyond npm packages, all from Debian's packages: Chromium (never a downloaded browser),
# fonts for Arabic and Persian text in screenshots, and SimpleSAMLphp with PHP as the SAML identity provider.
set -u
have_all() {
  [ -x /usr/bin/chromium ] && fc-list 2>/dev/null | grep -qi "Noto Sans Arabic" &&
    [ -x /usr/bin/php ] && [ -d /usr/share/simplesamlphp/www ]
}
if have_all; then exit 0; fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
echo "Installing Chromium, fonts and SimpleSAMLphp from Debian's packages..."
$SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends \
  chromium fonts-noto-core fonts-dejavu-core \
  simplesamlphp php8.2-cli php8.2-xml php8.2-mbstring >/dev/null
if ! have_all; then
  echo "Chromium, the fonts or SimpleSAMLphp could not be installed; the end-to-end or SAML tests will fail." >&2
  exit 1
fi
