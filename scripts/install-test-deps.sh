#!/usr/bin/env bash
# What the tests need beyond npm packages: from Debian's packages Chromium (never a downloaded browser),
# fonts for Arabic and Persian text in screenshots, SimpleSAMLphp with PHP as the SAML identity provider,
# and Python's venv; from PyPI, schemathesis (pinned) in .venv-fuzz/ for the API fuzzing (scripts/fuzz.mjs).
set -u
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SCHEMATHESIS_VERSION="4.32.5"
VENV="$ROOT/.venv-fuzz"
status=0

have_all() {
  [ -x /usr/bin/chromium ] && fc-list 2>/dev/null | grep -qi "Noto Sans Arabic" &&
    [ -x /usr/bin/php ] && [ -d /usr/share/simplesamlphp/www ] && python3 -c "import venv, ensurepip" 2>/dev/null
}
if ! have_all; then
  SUDO=""
  if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
  echo "Installing Chromium, fonts, SimpleSAMLphp and Python's venv from Debian's packages..."
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends \
    chromium fonts-noto-core fonts-dejavu-core \
    simplesamlphp php8.2-cli php8.2-xml php8.2-mbstring python3-venv >/dev/null
  if ! have_all; then
    echo "Chromium, the fonts, SimpleSAMLphp or python3-venv could not be installed; the end-to-end, SAML or fuzzing tests will fail." >&2
    status=1
  fi
fi

# the fuzzer's own virtual environment, made again when missing or holding another version
if [ "$("$VENV/bin/schemathesis" --version 2>/dev/null)" != "schemathesis, version $SCHEMATHESIS_VERSION" ]; then
  echo "Installing schemathesis $SCHEMATHESIS_VERSION from PyPI into .venv-fuzz/..."
  rm -rf "$VENV"
  if ! { python3 -m venv "$VENV" && "$VENV/bin/pip" install -q --disable-pip-version-check \
    "schemathesis==$SCHEMATHESIS_VERSION"; }; then
    echo "schemathesis could not be installed from PyPI; the API fuzzing step will fail." >&2
    status=1
  fi
fi
exit $status
