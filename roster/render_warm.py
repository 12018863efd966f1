"""Imported by the sheet renderer's forkserver only: warms WeasyPrint up once, so that
every child forked from it starts with Pango and the CSS machinery loaded."""

from roster.render_child import warm_up

warm_up()
