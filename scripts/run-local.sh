#!/usr/bin/env bash
# `make run`: the sheet task worker in the background and Django's development server in
# front, on 127.0.0.1:$PORT (8000 unless `PORT=8123 make run`). Ctrl+C stops both (the worker finishes the sheet it renders).
set -euo pipefail
BIN=${BIN:-.venv/bin}
PORT=${PORT:-8000}
"$BIN/python" manage.py sheet_worker &
worker=$!
trap 'kill -TERM "$worker" 2>/dev/null || true; wait "$worker" 2>/dev/null || true' EXIT
"$BIN/python" manage.py runserver "127.0.0.1:$PORT"
