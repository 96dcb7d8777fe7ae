#!/usr/bin/env bash
# Runs the platform with the example data on SQLite: API + web UI at one URL (default http://127.0.0.1:8000).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
exec .venv/bin/zhitu demo "$@"
