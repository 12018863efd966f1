"""WSGI entry point for app servers (gunicorn roster.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "roster.settings")
application = get_wsgi_application()

# Start the sheet renderer's forkserver (WeasyPrint preloaded) with the worker, so the
# first sheet does not wait for it.
from roster import rendering  # noqa: E402

rendering.start()
