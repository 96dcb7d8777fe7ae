#!/usr/bin/env bash
# Runs every test: Python on SQLite and PostgreSQL, web unit tests, browser tests against the real platform.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh --test
exec .venv/bin/nox -s tests tests_pg attack corpus fuzz webui e2e "$@"
