"""Settings for the test run: the real settings, with what a test client on
plain HTTP needs. DATABASE_URL and REDIS_URL are honoured as everywhere, so
CI runs the tests against real PostgreSQL and Redis."""
import os

os.environ.setdefault("SECRET_KEY", "test-only-secret-key-not-for-any-deployment-0123456789")

from config.settings import *  # noqa: E402,F403
from config.settings import CACHES

SECURE_SSL_REDIRECT = False
# Hashing passwords slowly is a production virtue and a test suite's cost.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# A shared Redis keeps keys between runs: each run has its own prefix.
# A push process a test starts is handed the run's prefix (CACHE_KEY_PREFIX).
CACHES["default"]["KEY_PREFIX"] = os.environ.get("CACHE_KEY_PREFIX") or f"test-{os.getpid()}"
# Static files as in production: the manifest storage (hashed names, and an
# error for a file that is not there), collected once a test run into a
# temporary STATIC_ROOT (tests/conftest.py), without the compressed copies
# that only cost the run time. WhiteNoise looks a file up when
# it is asked for rather than listing STATIC_ROOT whenever a test client is
# made, which would cost every test; the production smoke test
# (tests/league/test_production.py) runs the real settings under gunicorn.
STORAGES["staticfiles"]["BACKEND"] = "config.storage.UncompressedStaticStorage"  # noqa: F405
WHITENOISE_AUTOREFRESH = True
