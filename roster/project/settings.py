"""Django settings for Muster, read from the environment.

Defaults serve a local development copy on SQLite. In production (DEBUG off),
SECRET_KEY is required, cookies are secure, HTTPS is enforced, and DATABASE_URL,
ALLOWED_HOSTS and optionally CACHE_URL say where things are. A malformed value stops
the start with ImproperlyConfigured naming the variable.
"""

import os
from email.utils import getaddresses
from pathlib import Path
from typing import Any

import dj_database_url
import django_stubs_ext
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

# Generic Django classes (ModelAdmin[Model], QuerySet[Model]) at run time, for mypy's types.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parents[2]


def env_bool(name: str, default: bool) -> bool:
    """Read a yes/no variable; raises ImproperlyConfigured for anything else."""
    raw = os.environ.get(name, "")
    if raw == "":
        return default
    if raw.lower() in ("1", "true", "yes", "on"):
        return True
    if raw.lower() in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {raw!r}")


def env_int(name: str, default: int) -> int:
    """Read a whole-number variable; raises ImproperlyConfigured for anything else."""
    raw = os.environ.get(name, "")
    if raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}") from None


def env_list(name: str, default: str) -> list[str]:
    """Read a comma-separated variable."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "muster-local-development-only-not-secret"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.humanize",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "roster.core",
    "roster.rosters",
    "django_prometheus",
]

MIDDLEWARE = [
    # Outermost: one access-log line per request, whatever answered it (roster.core.access).
    "roster.core.access.AccessLogMiddleware",
    "django_prometheus.middleware.PrometheusBeforeMiddleware",
    # First: a poll of a game's table that nothing changed is a 304 before anything else.
    "roster.games.polling.UnchangedTableMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # After WhiteNoise, which serves its own compressed copies of the static files: pages,
    # partials and exports gzipped for browsers that ask (docs/security.md "Compression").
    "roster.project.middleware.CompressedTextMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "roster.project.middleware.PrivateByDefaultMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Turns django-ratelimit's refusal into the 429 page (RATELIMIT_VIEW).
    "django_ratelimit.middleware.RatelimitMiddleware",
    "django_prometheus.middleware.PrometheusAfterMiddleware",
]

# Content-Security-Policy (django-csp): Muster's own scripts, styles, fonts and images
# only; no inline script or style, no eval, no framing, forms post only to Muster.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
    }
}

ROOT_URLCONF = "roster.project.urls"
WSGI_APPLICATION = "roster.project.wsgi.application"
ASGI_APPLICATION = "roster.project.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
    {
        # The editor's hot partials (*.jinja), rendered through roster.core.jinja_env.render.
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": False,
        "OPTIONS": {"environment": "roster.core.jinja_env.environment", "autoescape": True},
    },
]

_sqlite = os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3"))
try:
    DATABASES = {
        "default": dj_database_url.parse(
            os.environ.get("DATABASE_URL") or f"sqlite:///{_sqlite}",
            conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 60),
            conn_health_checks=env_bool("DATABASE_CONN_HEALTH_CHECKS", True),
        )
    }
except ValueError as exc:
    raise ImproperlyConfigured(f"DATABASE_URL is not a database URL: {exc}") from None
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Take the write lock when a transaction starts and wait for it, rather than fail
    # with "database is locked" when two requests write at once.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        transaction_mode="IMMEDIATE",
        timeout=20,
        # Write-ahead log: readers never wait for a writer; commits need no full sync.
        init_command="PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    )
    # Tests use a file, not shared-cache memory, so concurrent connections wait for the
    # write lock as in production instead of failing with "table is locked".
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / ".test-db.sqlite3")}

# Sheets and rate-limit counters live in a cache every process shares: by default two
# tables in the database (created by `migrate`, roster/rosters/migrations/0006), or Redis with
# CACHE_URL for several app servers. Counters have their own table, so that culling
# old sheets never resets a limit. The table fragments of games in play
# (roster.games.fragment: one per game and seat) are shared only through Redis.
CACHE_URL = os.environ.get("CACHE_URL", "")
if CACHE_URL and not CACHE_URL.startswith(("redis://", "rediss://", "unix://")):
    raise ImproperlyConfigured(f"CACHE_URL must be a redis:// URL, not {CACHE_URL!r}")
CACHES: dict[str, dict[str, Any]]
if CACHE_URL:
    CACHES = {
        alias: {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": alias,
            # A Redis that is gone fails a request in 2 s at most (a 503, roster.project.outage),
            # rather than holding the worker.
            "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
        }
        for alias in ("default", "ratelimit", "play")
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "roster.core.cache.DatabaseCache",
            "LOCATION": "muster_cache",
            "OPTIONS": {"MAX_ENTRIES": env_int("CACHE_MAX_ENTRIES", 500)},
        },
        "ratelimit": {
            "BACKEND": "roster.core.cache.DatabaseCache",
            "LOCATION": "muster_ratelimit",
            "OPTIONS": {"MAX_ENTRIES": 100_000},
        },
        # Without Redis the table fragments of games in play are kept in each worker only
        # (roster.games.fragment): writing each one to the database took the write lock
        # at every change and cost more than rendering it again (docs/play.md "Speed").
        "play": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
    }
RATELIMIT_USE_CACHE = "ratelimit"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Production serves the collected files (collectstatic); development serves them from
# the finders, so it needs no STATIC_ROOT.
STATIC_ROOT = os.environ.get("STATIC_ROOT") or (None if DEBUG else str(BASE_DIR / "staticfiles"))
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CSRF_FAILURE_VIEW = "roster.accounts.views.csrf_failure"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "roster-list"
LOGOUT_REDIRECT_URL = "home"

# Request size limits: a roster document is at most 1 MB (rules.document).
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_000_000
FILE_UPLOAD_MAX_MEMORY_SIZE = 1_100_000
DATA_UPLOAD_MAX_NUMBER_FIELDS = 1000

# The address share links and their QR codes use, never the request's Host header.
MUSTER_SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
if not MUSTER_SITE_URL.startswith(("http://", "https://")):
    raise ImproperlyConfigured(f"SITE_URL must be an http(s):// address, not {MUSTER_SITE_URL!r}")

# Sheet rendering (roster.sheets.rendering, docs/sheets.md): the CPU seconds and the memory one
# sheet may take in the task worker (waiting in the queue does not count), and how long
# after a roster's last edit its default sheet is prepared (0: not in the background).
MUSTER_RENDER_SECONDS = env_int("RENDER_SECONDS", 20)
MUSTER_RENDER_MEMORY_MB = env_int("RENDER_MEMORY_MB", 1024)
MUSTER_SHEET_SETTLE_SECONDS = env_int("SHEET_SETTLE_SECONDS", 3)
# How often an open event page asks whether anything changed (issue 31, docs/events.md).
MUSTER_EVENT_REFRESH_SECONDS = env_int("EVENT_REFRESH_SECONDS", 15)
# Readiness (/readyz, roster.project.health): not ready when the oldest queued sheet has
# waited longer than this, or no sheet worker has beaten its heart for this long.
MUSTER_QUEUE_STALE_SECONDS = env_int("QUEUE_STALE_SECONDS", 300)
MUSTER_WORKER_STALE_SECONDS = env_int("WORKER_STALE_SECONDS", 20)
# The big screen asks its version (each game's too) this often: it shows games' scores.
MUSTER_SCREEN_REFRESH_SECONDS = env_int("SCREEN_REFRESH_SECONDS", 10)
# The big screen turns to its next page (of tables, then of standings) this often.
MUSTER_SCREEN_TURN_SECONDS = env_int("SCREEN_TURN_SECONDS", 8)

# Work that takes seconds (sheets, list packs) runs in the task worker (Django's Tasks
# API, the django-tasks backport): by default woken through the database and run by
# `manage.py sheet_worker`; TASK_QUEUE=redis://... wakes it through Redis (RQ) for several
# app servers. The jobs and their order are Muster's own tables (roster.sheets.queue), so
# a task asks nothing of its backend (no priority): a task some backend refuses stops the
# start (roster.sheets.apps), never a request.
TASK_QUEUE = os.environ.get("TASK_QUEUE", "database")
INSTALLED_APPS += ["django_tasks", "roster.sheets"]
if TASK_QUEUE == "database":
    INSTALLED_APPS += ["django_tasks_db"]
    TASKS: dict[str, dict[str, Any]] = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
elif TASK_QUEUE.startswith(("redis://", "rediss://", "unix://")):
    INSTALLED_APPS += ["django_rq", "django_tasks_rq"]
    TASKS = {"default": {"BACKEND": "django_tasks_rq.RQBackend", "QUEUES": ["default"]}}
    RQ_QUEUES = {"default": {"URL": TASK_QUEUE, "DEFAULT_TIMEOUT": 600}}
elif TASK_QUEUE == "immediate":
    # Sheets rendered inside the request that asks: for tests and one-off scripts only.
    if not DEBUG:
        raise ImproperlyConfigured(
            "TASK_QUEUE=immediate renders sheets inside web requests: for tests only, not with DEBUG off"
        )
    TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
else:
    raise ImproperlyConfigured(f"TASK_QUEUE must be database, immediate or redis://..., not {TASK_QUEUE!r}")

# Rate limits (django-ratelimit), per client address or per user. A club's room is one
# address for all its players (issue 38): the per-address limits let 30 players sign up,
# log in and join within minutes; a password guesser is stopped per account and address
# (ACCOUNT_RATE_LIMITS below). docs/security.md "Limits" lists them all.
RATELIMIT_VIEW = "roster.core.limits.rate_limited"
MUSTER_RATES = {
    "login": os.environ.get("RATE_LOGIN", "120/m"),  # log-in posts per address, right or wrong
    "signup": os.environ.get("RATE_SIGNUP", "60/h"),  # sign-up posts per address, refused ones too
    "sheet": os.environ.get("RATE_SHEET", "30/m"),
    "import": os.environ.get("RATE_IMPORT", "20/m"),
    "play": os.environ.get("RATE_PLAY", "240/m"),  # actions at the table (a tap each)
    "zip": os.environ.get("RATE_ZIP", "10/h"),  # the account's zip, per player
    "join": os.environ.get("RATE_JOIN", "120/m"),  # joins and typed codes posted, per address
    # codes no game in play has (GETs too), per address: a code cannot be guessed one GET
    # at a time (23^5 codes: about 33,000 tries per game in play at 200 games, 550 hours
    # at 60 an hour), while a room's typos pass
    "join-miss": os.environ.get("RATE_JOIN_MISS", "60/h"),
}
# Games in progress one account may own or play, and sides one browser may hold (issue 20).
MUSTER_LIVE_GAMES = env_int("LIVE_GAMES", 20)
# Games one account keeps, in progress and finished; past it a new game is refused until
# finished ones are deleted (issue 29: storage per account bounded).
MUSTER_KEPT_GAMES = env_int("KEPT_GAMES", 100)
# How many reverse proxies in front of the app append to X-Forwarded-For (0: none).
MUSTER_TRUSTED_PROXIES = env_int("TRUSTED_PROXIES", 0)

# --- Accounts (django-allauth, docs/accounts.md) -----------------------------------------
# Log in with the username or the email; the email is optional at sign-up, verified when
# given, and the only way back in after a forgotten password. Mail goes to the console
# unless EMAIL_HOST is set (SMTP). allauth's rate limits count in the default cache.
INSTALLED_APPS += ["allauth", "allauth.account", "roster.accounts"]
INSTALLED_APPS += ["roster.supplements"]
INSTALLED_APPS += ["roster.games", "roster.events"]
MIDDLEWARE += ["allauth.account.middleware.AccountMiddleware"]
# Last: a form body Django cannot read gets the 400 page before anything reads it.
MIDDLEWARE += [
    "roster.project.middleware.DamagedRosterMiddleware",
    "roster.project.middleware.RosterGoneMiddleware",
    "roster.project.middleware.UnreadableBodyMiddleware",
]
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
ACCOUNT_ADAPTER = "roster.accounts.adapter.MusterAccountAdapter"
ACCOUNT_FORMS = {
    "login": "roster.accounts.forms.MusterLoginForm",
    "signup": "roster.accounts.forms.MusterSignupForm",
}
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "optional"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_CHANGE_EMAIL = True  # one address per account; a new one replaces it once verified
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_SESSION_REMEMBER = True
ACCOUNT_LOGIN_ON_PASSWORD_RESET = False
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Muster] "
ACCOUNT_EMAIL_NOTIFICATIONS = True  # tell the address when the password or the email changes
# Failed log-ins (allauth's "login_failed", roster.accounts.adapter): 5 per 5 minutes per
# account, counted apart for each browser that logged in to it before and, for other
# browsers, for each address (RATE_LOGIN_FAILED_ACCOUNT); and a ceiling per address over
# every account (RATE_LOGIN_FAILED), high enough for a room's typos: a guesser at the
# club is stopped after 5 tries at one account and 30 over all, the room logs in. The
# other limits are allauth's defaults (reset mails 20/m per address and 5/m per address asked for, ...).
# (The account's count first: allauth stops at the first rate that refuses, and a guess
# refused for its account then uses none of the room's ceiling.) Log-in posts and
# sign-ups: allauth's own counts per address follow RATE_LOGIN and RATE_SIGNUP.
ACCOUNT_RATE_LIMITS = {
    "login_failed": (
        f"{os.environ.get('RATE_LOGIN_FAILED_ACCOUNT', '5/5m')}/key,"
        f"{os.environ.get('RATE_LOGIN_FAILED', '30/10m')}/ip"
    ),
    "login": f"{MUSTER_RATES['login']}/ip",
    "signup": f"{MUSTER_RATES['signup']}/ip",
}
ALLAUTH_TRUSTED_PROXY_COUNT = MUSTER_TRUSTED_PROXIES
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    # Without SMTP: printed when developing; in production dropped with a line saying so,
    # never printed (a reset mail's link holds its key).
    else "django.core.mail.backends.console.EmailBackend"
    if DEBUG
    else "roster.core.mail.UnsentMailBackend"
)
EMAIL_PORT = env_int("EMAIL_PORT", 587)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", not env_bool("EMAIL_USE_SSL", False))
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Muster <muster@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# --- end of accounts --------------------------------------------------------------------

if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
    # Off only for a local copy served over plain http (make run).
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE

# Logs (docs/operations.md): every line with its time and level, as text or, with
# LOG_FORMAT=json, one JSON object a line; one access line per request (ACCESS_LOG, on by
# default); errors also mailed to ADMINS ("Name <address>, ...") when EMAIL_HOST is set.
LOG_FORMAT = os.environ.get("LOG_FORMAT", "text")
if LOG_FORMAT not in ("text", "json"):
    raise ImproperlyConfigured(f"LOG_FORMAT must be text or json, not {LOG_FORMAT!r}")
ADMINS = getaddresses(env_list("ADMINS", ""))
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "text": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        },
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": LOG_FORMAT},
        "mail_admins": {"class": "django.utils.log.AdminEmailHandler", "level": "ERROR"},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {
        "muster.access": {
            "handlers": ["console"],
            "level": "INFO" if env_bool("ACCESS_LOG", True) else "WARNING",
            "propagate": False,
        },
        "django.request": {
            "handlers": ["console", *(["mail_admins"] if EMAIL_HOST and ADMINS else [])],
            "level": "ERROR",
            "propagate": False,
        },
    },
}
# Prometheus metrics (django-prometheus) at /metrics: for a scraper on this machine (a
# request from loopback with no proxy header) or one that sends METRICS_TOKEN as a bearer
# token. Several worker processes: set PROMETHEUS_MULTIPROC_DIR (prometheus_client).
METRICS_TOKEN = os.environ.get("METRICS_TOKEN", "")

# Where the rules data files live (one per system, see rules/registry.py).
MUSTER_FIXTURES_DIR = BASE_DIR / "fixtures"

# Live tables (issue 30, roster/games/live.py): a game's changes are pushed to the phones'
# streams. LIVE_FANOUT says how they reach other processes and servers: "local" (one
# process: `make run` on SQLite), "redis" (pub/sub on LIVE_REDIS_URL, the shared cache's
# Redis by default) or "postgres" (LISTEN/NOTIFY on the database). By default: Redis when
# there is one, else PostgreSQL when that is the database, else local. LIVE_STREAMS
# off serves no stream: the pages poll, as under a WSGI server that cannot hold one.
LIVE_REDIS_URL = os.environ.get("LIVE_REDIS_URL", CACHE_URL)
_on_postgres = DATABASES["default"]["ENGINE"].endswith("postgresql")
LIVE_FANOUT = os.environ.get(
    "LIVE_FANOUT", "redis" if LIVE_REDIS_URL else "postgres" if _on_postgres else "local"
)
if LIVE_FANOUT not in ("local", "redis", "postgres"):
    raise ImproperlyConfigured(f"LIVE_FANOUT must be local, redis or postgres, not {LIVE_FANOUT!r}")
if LIVE_FANOUT == "redis" and not LIVE_REDIS_URL:
    raise ImproperlyConfigured("LIVE_FANOUT=redis needs LIVE_REDIS_URL (or CACHE_URL)")
LIVE_STREAMS = env_bool("LIVE_STREAMS", False)
# Bounds per process (roster/games/live.py): open streams, streams from one address (a
# club's Wi-Fi is one address), streams on one game. Past one, 204: the page polls.
LIVE_MAX_STREAMS = env_int("LIVE_MAX_STREAMS", 4000)
LIVE_MAX_PER_ADDRESS = env_int("LIVE_MAX_PER_ADDRESS", 200)
LIVE_MAX_PER_GAME = env_int("LIVE_MAX_PER_GAME", 50)
# An event page's streams (its players, the organiser, the big screen): issue 41.
LIVE_MAX_PER_EVENT = env_int("LIVE_MAX_PER_EVENT", 600)
# Of a game's streams, watchers may hold this many: the rest is the players' own phones'.
LIVE_MAX_WATCHERS_PER_GAME = env_int("LIVE_MAX_WATCHERS_PER_GAME", 40)
