#!/usr/bin/env bash
# What the tests need beyond npm packages: from Debian's packages Chromium (never a downloaded browser),
# fonts for Arabic and Persian text in screenshots, SimpleSAMLphp with PHP as the SAML identity provider,
# and Python's venv; from PyPI, schemathesis (pinned) in .venv-fuzz/ for the API fuzzing (scripts/fuzz.mjs), and
# moto's standalone S3-compatible server (pinned) in .venv-s3/ for the file store's S3 adapter (decision 053).
set -u
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SCHEMATHESIS_VERSION="4.32.5"
VENV="$ROOT/.venv-fuzz"
MOTO_VERSION="5.2.5"
# moto's S3 and IAM with the two packages its server runs on; moto[server] would bring every AWS service (300 MB)
MOTO_PACKAGES=("moto[s3]==$MOTO_VERSION" "flask==3.1.3" "flask-cors==6.0.5")
S3_VENV="$ROOT/.venv-s3"
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
# the S3 test server's own virtual environment, made again when missing or holding another version
if [ "$("$S3_VENV/bin/python" -c 'import flask, importlib.metadata as m; print(m.version("moto"))' 2>/dev/null)" != "$MOTO_VERSION" ] ||
  [ ! -x "$S3_VENV/bin/moto_server" ]; then
  echo "Installing moto $MOTO_VERSION (S3 server) from PyPI into .venv-s3/..."
  rm -rf "$S3_VENV"
  if ! { python3 -m venv "$S3_VENV" && "$S3_VENV/bin/pip" install -q --disable-pip-version-check \
    "${MOTO_PACKAGES[@]}"; }; then
    echo "moto could not be installed from PyPI; the S3 file store test will fail." >&2
    status=1
  fi
fi
exit $status
