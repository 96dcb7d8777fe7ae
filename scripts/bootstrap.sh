#!/usr/bin/env bash
# Installs what Zhitu needs on a fresh Debian machine; every step is skipped when already done.
#   scripts/bootstrap.sh            Python environment (.venv) and the web UI packages
#   scripts/bootstrap.sh --test     also Chromium, CJK fonts and a running PostgreSQL
set -euo pipefail
cd "$(dirname "$0")/.."
want_test=0
[ "${1:-}" = "--test" ] && want_test=1

apt_install() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "bootstrap: apt-get install ${missing[*]}" >&2
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2
  fi
}

# Drawing graphs as PNG and PDF needs cairo, and Chinese needs a CJK font.
apt_install libcairo2 fonts-noto-cjk
# Knowledge mining reads images and scanned PDF pages with Tesseract (Chinese and English).
apt_install tesseract-ocr tesseract-ocr-chi-sim tesseract-ocr-eng
if [ $want_test = 1 ]; then
  # wrk: the load benchmark (bench/load.py) drives the API with it.
  apt_install chromium wrk
  if command -v pg_ctlcluster >/dev/null 2>&1 && ! pg_isready -q -h 127.0.0.1 -p 5432; then
    echo "bootstrap: starting PostgreSQL" >&2
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start >&2
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  fi
fi

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
stamp=.venv/.zhitu-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  echo "bootstrap: installing Python packages" >&2
  .venv/bin/python -m pip install -q --upgrade pip >&2
  # LAC 2.1.2 is an sdist whose setup.py imports pkg_resources, which setuptools 81 dropped:
  # its build gets an older setuptools (pip >= 26.3 has --build-constraint; older pips read PIP_CONSTRAINT).
  if .venv/bin/python -m pip install --help | grep -q -- "--build-constraint"; then
    .venv/bin/python -m pip install -q --build-constraint scripts/build-constraints.txt -e ".[dev]" >&2
  else
    PIP_CONSTRAINT=scripts/build-constraints.txt .venv/bin/python -m pip install -q -e ".[dev]" >&2
  fi
  touch "$stamp"
fi

if [ -f webui/package.json ] && { [ ! -d webui/node_modules ] || [ webui/package-lock.json -nt webui/node_modules ]; }; then
  echo "bootstrap: installing web UI packages" >&2
  # The registry lacks other platforms' optional binaries, so `npm ci` may refuse the lockfile.
  (cd webui && { npm ci --no-audit --no-fund >&2 || npm install --no-audit --no-fund >&2; } && touch node_modules)
fi
