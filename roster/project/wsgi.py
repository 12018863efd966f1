"""WSGI entry point for app servers (gunicorn roster.project.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "roster.project.settings")
application = get_wsgi_application()
