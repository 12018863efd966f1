"""ASGI entry point (gunicorn -k uvicorn_worker.UvicornWorker roster.asgi, or uvicorn):
the same site as roster.wsgi, and the live tables' streams (roster/games/live.py), which
an ASGI server holds without a thread each. Streams are served when LIVE_STREAMS is on
(set here by default: this entry point can hold them)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "roster.settings")
os.environ.setdefault("LIVE_STREAMS", "1")
# Django's advice under ASGI: no persistent connections (a sync view's thread varies from
# request to request, so each would keep one of its own).
os.environ.setdefault("DATABASE_CONN_MAX_AGE", "0")
application = get_asgi_application()
