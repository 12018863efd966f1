"""Imported by the sheet renderer's forkserver only: warms WeasyPrint up once, so that
every child forked from it starts with Pango and the CSS machinery loaded.

The forkserver ignores SIGTERM (its children inherit that): systemd stops the sheet
worker with SIGTERM to its whole process group, and the worker finishes the sheet in
hand first (db_worker's graceful stop), which needs its forkserver and the sheet's
renderer alive. The forkserver still ends when the worker does (its pipe closes)."""

import signal

signal.signal(signal.SIGTERM, signal.SIG_IGN)

from roster.sheets.render_child import warm_up  # noqa: E402  # after the signal: warming up takes seconds

warm_up()
