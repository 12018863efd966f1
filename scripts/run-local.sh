#!/usr/bin/env bash
# `make run`: the sheet task worker and the site on uvicorn (ASGI: the live tables'
# streams, docs/live.md; one process, so the in-process fan-out is all it needs) side by
# side, on 127.0.0.1:${PORT:-8000}. Ctrl+C, or a kill of this script, stops both (the worker
# finishes the sheet it renders).
set -euo pipefail
BIN=${BIN:-.venv/bin}
HOST=${HOST:-127.0.0.1}
PORT=${PORT:-8000}
"$BIN/python" manage.py sheet_worker &
worker=$!
# DEBUG=true (development): uvicorn reloads the code when a file changes.
reload=()
if [ "${DEBUG:-false}" = "true" ]; then reload=(--reload); fi
"$BIN/python" -m uvicorn roster.project.asgi:application --host "$HOST" --port "$PORT" --log-level warning --timeout-graceful-shutdown 5 "${reload[@]}" &
server=$!
# Both run in the background so that a TERM sent to this script alone is acted on at
# once (bash runs traps only between commands) and reaches the server as well: before,
# the server was left serving with no worker behind it.
stop() {
	kill -TERM "$server" "$worker" 2>/dev/null || true
	wait "$server" 2>/dev/null || true
	wait "$worker" 2>/dev/null || true
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# Whichever stops first (the server on a taken port, say) stops the other.
wait -n "$server" "$worker"
