"""Settings come from the environment, and production settings pass
Django's deployment checks."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PRODUCTION = {
    "DJANGO_SETTINGS_MODULE": "config.settings",
    "DEBUG": "0",
    "SECRET_KEY": "a-production-secret-of-sufficient-length-and-variety-0123456789abcdef",
    "ALLOWED_HOSTS": "league.example.org",
    "DATABASE_URL": "postgres://league@127.0.0.1:5432/league",
    "REDIS_URL": "redis://127.0.0.1:6379/0",
}


def manage(*args, env):
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env={**os.environ, **env}, capture_output=True, text=True,
        timeout=120,
    )


@pytest.mark.slow
def test_production_settings_pass_the_deployment_checks_without_a_warning():
    done = manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION)
    assert done.returncode == 0, done.stdout + done.stderr


def test_without_debug_a_secret_key_is_required():
    env = {**PRODUCTION, "SECRET_KEY": ""}
    done = manage("check", env=env)
    assert done.returncode != 0
    assert "SECRET_KEY" in done.stderr


@pytest.mark.slow
def test_settings_read_the_environment():
    probe = (
        "from django.conf import settings as s;"
        "print(s.DEBUG, s.ALLOWED_HOSTS, s.DATABASES['default']['ENGINE'], s.CELERY_BROKER_URL,"
        " s.CELERY_TASK_ALWAYS_EAGER, s.CACHES['default']['BACKEND'])"
    )
    done = manage("shell", "--no-imports", "-c", probe, env=PRODUCTION)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [
        "False", "['league.example.org']", "django.db.backends.postgresql", "redis://127.0.0.1:6379/0", "False",
        "django.core.cache.backends.redis.RedisCache",
    ]


@pytest.mark.slow
def test_without_database_and_redis_urls_it_runs_on_sqlite_with_tasks_in_process():
    env = {key: value for key, value in os.environ.items() if key not in ("DATABASE_URL", "REDIS_URL")}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", DEBUG="1")
    probe = "from django.conf import settings as s; print(s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER)"
    done = subprocess.run([sys.executable, "manage.py", "shell", "--no-imports", "-c", probe], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["django.db.backends.sqlite3", "True"]


@pytest.mark.slow
def test_the_development_database_logs_ahead_and_does_not_flush_on_every_commit(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key not in ("DATABASE_URL", "REDIS_URL")}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", DEBUG="1", DATABASE_URL=f"sqlite:///{tmp_path}/dev.sqlite3")
    probe = ("from django.db import connection as c; k = c.cursor();"
             "print(k.execute('PRAGMA journal_mode').fetchone()[0], k.execute('PRAGMA synchronous').fetchone()[0])")
    done = subprocess.run([sys.executable, "manage.py", "shell", "--no-imports", "-c", probe], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["wal", "1"]  # 1 is NORMAL: synced at checkpoints


@pytest.mark.slow
@pytest.mark.parametrize(("pooled", "disabled"), [({}, "False"), ({"DATABASE_POOLED": "1"}, "True")])
def test_behind_a_transaction_pooler_django_uses_no_server_side_cursors(pooled: dict[str, str],
                                                                       disabled: str) -> None:
    """DATABASE_POOLED=1, the compose file's behind PgBouncer, turns them off."""
    probe = "from django.conf import settings as s; print(s.DATABASES['default']['DISABLE_SERVER_SIDE_CURSORS'])"
    done = manage("shell", "--no-imports", "-c", probe, env={**PRODUCTION, **pooled})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [disabled]
