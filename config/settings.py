"""Settings, all from environment variables.

DATABASE_URL   unset: an SQLite file beside manage.py (the embedded default)
REDIS_URL      unset: Celery tasks run in-process and the cache is in memory
               (CELERY_BROKER_URL, if set, overrides the broker alone)
SECRET_KEY     required when DEBUG is off
DEBUG          off unless set ("1", "true", ...); `make run` turns it on
ALLOWED_HOSTS  comma-separated; defaults to the loopback names
STATIC_ROOT    where collectstatic puts the files; defaults to staticfiles/
SITE_URL       the site's address for links in emails (docs/notices.md, with
               the EMAIL_* settings)
TRUSTED_PROXIES  proxies (addresses or CIDR blocks) whose X-Forwarded-For
               names the client for the login throttle; none unless set
PUSH_URL       where spectators' pages open their live event streams (the
               push process, docs/operations.md): "/push" behind the proxy,
               an address such as http://127.0.0.1:8001/push beside
               runserver (or make run's own second port); unset: the
               pages poll
"""
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from config.client_address import trusted_networks
from config.env import env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", False)

SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    # Only ever used on a developer's machine: DEBUG is on.
    SECRET_KEY = "django-insecure-development-only-key"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "league",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # An API body over DATA_UPLOAD_MAX_MEMORY_SIZE is a 413 before it is read.
    "league.api.errors.BodyLimitMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last: turns a login that django-axes refused into the 429 page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

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
                "league.pages.push_url.push_url",
            ],
        },
    },
]

# Persistent connections: a scorer's tablet posts a move every few seconds,
# and opening a PostgreSQL connection costs more than recording the move.
# A kept connection is checked before a request first uses it: after the
# database restarts, every kept one is dead, and without the check each
# worker thread's next request would fail with a 503 before reconnecting.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded database: write-ahead logging lets the pages read
    # while a tablet writes, and syncing at checkpoints rather than on every
    # commit makes a move cost a write, not a disk flush. SQLite lets one
    # writer in at a time: each transaction takes the write lock as it
    # begins (IMMEDIATE), so a second tablet's move waits its turn, up to
    # 20 seconds, rather than failing with "database is locked"
    # when a read-then-write transaction finds another writer in its way.
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    })
# Behind PgBouncer in transaction pooling (docker-compose.yml, docs/capacity.md)
# a server-side cursor cannot outlive its transaction's connection: Django
# then reads `.iterator()` results client-side.
DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = env_bool("DATABASE_POOLED", False)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
# The site's own login page, open to every user (the admin's refuses all
# but staff); without a `next` a login lands on the front page.
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"

# --- Login throttling (django-axes) -----------------------------------------
# Every login (the site's page, the admin's, POST /api/auth/token) goes
# through authenticate(); axes' backend comes first and refuses a locked-out
# name or address before the password is hashed, so a guesser costs little.
# Failures are counted by user name and by address apart, in the shared cache
# (Redis with REDIS_URL), and a lock lasts LOGIN_COOLOFF_MINUTES from the
# latest failure: each refused try starts the wait again.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "axes.handlers.cache.AxesCacheHandler"
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 10)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_CALLABLE = "league.pages.accounts.login_throttled"
# The address a failure counts against: REMOTE_ADDR, or, when that is one of
# TRUSTED_PROXIES (addresses or CIDR blocks, comma-separated; none unless
# set), the right-most X-Forwarded-For entry that is not a trusted proxy.
TRUSTED_PROXIES = trusted_networks(env_list("TRUSTED_PROXIES", []))
AXES_CLIENT_IP_CALLABLE = "config.client_address.client_address"
# The cache handler keeps nothing in axes' tables: no empty pages in the admin.
AXES_ENABLE_ADMIN = False

# --- Device tokens -------------------------------------------------------------
# Days a tablet's token lasts after it is made; unset: until revoked.
TOKEN_TTL_DAYS = env_int("TOKEN_TTL_DAYS", 0) or None

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "Europe/London"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT")) if env_str("STATIC_ROOT") else BASE_DIR / "staticfiles"
STATICFILES_DIRS: list[Path | tuple[str, Path]] = [BASE_DIR / "static"]
# Pyodide's runtime for the pad's engine offline, where `make pyodide` has
# put it (vendor/pyodide/VERSION/): served as static/pyodide/VERSION/.
PYODIDE_ROOT = BASE_DIR / "vendor" / "pyodide"
if PYODIDE_ROOT.is_dir():
    STATICFILES_DIRS.append(("pyodide", PYODIDE_ROOT))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "config.storage.StaticStorage"
        )
    },
}

# --- Redis: the Celery broker and the spectators' cache -------------------

REDIS_URL = env_str("REDIS_URL")
# Short socket timeouts everywhere Redis is touched: a Redis outage must cost
# a scorer milliseconds, never seconds (the move is already committed).
_REDIS_TIMEOUTS = {"socket_connect_timeout": 0.25, "socket_timeout": 0.5}

if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            # The push process reads the same keys, so it is told the prefix too.
            "KEY_PREFIX": env_str("CACHE_KEY_PREFIX", "league"),
            "OPTIONS": dict(_REDIS_TIMEOUTS),
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    # Without Redis each process counts failed logins on its own: fine for
    # one development server, which is the only place this runs.
    SILENCED_SYSTEM_CHECKS = ["axes.W001"]

# Spectators' pages (league.pages.spectator_cache): the anonymous rendering
# of a division's page, a match night and its live fragment, and a game's
# board, kept in the cache above under the versions of what they show.
# SPECTATOR_CACHE=0 serves every request rendered afresh (as before).
SPECTATOR_CACHE = env_bool("SPECTATOR_CACHE", True)
# How long a cached page is kept at most: the bound on a stale page should
# the cache miss a change's new version (it was unreachable at that moment).
SPECTATOR_CACHE_SECONDS = env_int("SPECTATOR_CACHE_SECONDS", 300)

CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", REDIS_URL) or "memory://localhost/"
# Without a broker the tasks run in-process, right where they are queued.
CELERY_TASK_ALWAYS_EAGER = not (env_str("CELERY_BROKER_URL") or REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = False
CELERY_TASK_IGNORE_RESULT = True
CELERY_RESULT_BACKEND = None
CELERY_TASK_PUBLISH_RETRY = False
CELERY_BROKER_CONNECTION_TIMEOUT = 0.5
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Redis through config.celery.RedisTransport: a worker outlives Redis restarting.
CELERY_BROKER_TRANSPORT = (
    "config.celery:RedisTransport" if CELERY_BROKER_URL.startswith(("redis://", "rediss://")) else None
)
# No task runs longer than this (the nightly rebuild of every table takes seconds).
CELERY_TASK_TIME_LIMIT = 10 * 60
# A task a worker took and never acknowledged (the worker was killed) goes
# back to the queue after this long: the longest task, plus the longest
# retry countdown held by a worker (tasks.RETRY's 120 s), with margin.
# Tables do not wait for it: the standings catch-up rebuilds them.
CELERY_BROKER_TRANSPORT_OPTIONS = {**_REDIS_TIMEOUTS, "max_retries": 0, "visibility_timeout": 20 * 60}
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 4
CELERY_BEAT_SCHEDULE = {
    # Publishes live states the broker never got a task for (an outage).
    "live-catch-up": {
        "task": "league.tasks.live_catch_up",
        "schedule": float(env_int("LIVE_CATCH_UP_SECONDS", 30)),
    },
    # Rebuilds tables whose rebuild the broker or a worker lost.
    "standings-catch-up": {"task": "league.tasks.standings_catch_up", "schedule": 60.0},
    # Sends notices whose task the broker lost or whose retries ran out
    # (league.services.notice_sending; docs/notices.md for the bound it sets).
    "notices-catch-up": {
        "task": "league.tasks.notices_catch_up",
        "schedule": float(env_int("NOTICES_CATCH_UP_SECONDS", 120)),
    },
    # Re-rates leagues whose re-rate the broker or a worker lost
    # (league.services.ratings).
    "ratings-catch-up": {"task": "league.tasks.ratings_catch_up", "schedule": 5 * 60.0},
}
# The push process (league.push, docs/operations.md): the base address of
# its event streams as the pages reach it; empty, the pages poll as before.
PUSH_URL = env_str("PUSH_URL").rstrip("/")

# Games changed more recently than this are left to their own queued task.
LIVE_CATCH_UP_AFTER_SECONDS = env_int("LIVE_CATCH_UP_AFTER_SECONDS", 10)
# Tables behind their results for longer than this are rebuilt by the
# standings catch-up, each minute (league.services.standings).
STANDINGS_CATCH_UP_AFTER_SECONDS = env_int("STANDINGS_CATCH_UP_AFTER_SECONDS", 15)

# --- Email -----------------------------------------------------------------
# The notices (docs/notices.md): printed on the console unless
# EMAIL_BACKEND names another (django.core.mail.backends.smtp.EmailBackend,
# with EMAIL_HOST, EMAIL_PORT and, for a relay that asks, the user,
# password and TLS below).
EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 20)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "league@localhost")
# The site's address as people reach it, for the links in emails, which
# are sent with no request to take it from.
SITE_URL = env_str("SITE_URL", "http://localhost:8000").rstrip("/")
# Notices still unsent after this long are left as they are, for a secretary to see.
NOTICES_CATCH_UP_HOURS = env_int("NOTICES_CATCH_UP_HOURS", 48)
# A notice waiting longer than this lost its task: the catch-up sends it.
NOTICES_CATCH_UP_AFTER_SECONDS = env_int("NOTICES_CATCH_UP_AFTER_SECONDS", 120)
# The longest a notice's task runs (a mail server that answers slowly is
# left); a claim to send a notice lapses a minute after.
NOTICE_TASK_TIME_LIMIT = 5 * 60
# How long the unsubscribe link of an email keeps working.
NOTICES_UNSUBSCRIBE_DAYS = env_int("NOTICES_UNSUBSCRIBE_DAYS", 365)

# --- The API ---------------------------------------------------------------

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "league.api.authentication.DeviceTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    # Logged in, then a part in the league the write is about, before any body is read.
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly",
                                   "league.api.who_first.WhoFirst"],
    # DRF's parsers, JSON's refusing too-deep nesting and lone surrogates with a 400.
    "DEFAULT_PARSER_CLASSES": [
        "league.api.parsers.SafeJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "league.api.errors.exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Fives and Threes league API",
    "DESCRIPTION": "Live scoring of Fives and Threes games: a game is its move log.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # The API is JSON: the form parsers are there for the browsable API.
    "PARSER_WHITELIST": ["league.api.parsers.SafeJSONParser"],
    # Swagger UI and Redoc served from our own static files, not a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # A fixture, a match night and a game each have a `status` with its own
    # choices, and some bodies share a set: one name for each set.
    "ENUM_NAME_OVERRIDES": {
        "FixtureStatusEnum": "league.models.Fixture.Status",
        "MatchNightStatusEnum": "league.models.MatchNight.Status",
        "GameStatusEnum": ["playing", "hand-ended", "won"],
        "CupKindEnum": "league.models.Competition.Kind",
        "CupStatusEnum": "league.models.Competition.Status",
        "CupDrawKindEnum": ["bracket", "round", "groups"],
        "RearrangementStatusEnum": "league.models.RearrangeRequest.Status",
        # Every field that names a side of a match or tie: a winner, who conceded, who acts.
        "SideEnum": "league.models.RubberGame.Side",
    },
}

# --- Production hardening (`manage.py check --deploy`) ---------------------

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy on every response (django-csp): scripts, styles,
# images, fetches and the pad's service worker from this site only, no
# inline script or style anywhere, and no page inside another's frame.
# (The API's documentation pages relax style-src for themselves alone:
# see config/urls.py.)
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        # And the push process's event streams where they have an origin of their own.
        "connect-src": ["'self'", *([urlsplit(PUSH_URL)._replace(path="").geturl()] if "://" in PUSH_URL else [])],
        "worker-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    # One line per task run is noise when tasks run in-process on every move.
    "loggers": {"celery.app.trace": {"level": "WARNING"}},
}
