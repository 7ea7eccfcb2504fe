"""docker compose, the Dockerfile and the Celery app name things that exist."""
import shutil
import sys
from pathlib import Path

import yaml
from config.celery import app as celery_app

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def test_compose_runs_web_worker_beat_postgres_and_redis_with_health_checks():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    assert set(services) == {"web", "worker", "beat", "postgres", "redis"}
    assert all("healthcheck" in service for service in services.values())
    assert "pgdata:/var/lib/postgresql/data" in services["postgres"]["volumes"]
    assert "pgdata" in compose["volumes"]
    assert "gunicorn config.wsgi" in services["web"]["command"]
    assert services["worker"]["command"].startswith("celery -A config worker")
    assert services["beat"]["command"].startswith("celery -A config beat")


def test_the_commands_compose_names_are_installed():
    for program in ("gunicorn", "celery"):
        assert (BIN / program).exists() or shutil.which(program), program


def test_the_worker_knows_the_tasks_and_beat_schedules_the_catch_up_and_the_nightly_work():
    celery_app.loader.import_default_modules()
    scheduled = {entry["task"] for entry in celery_app.conf.beat_schedule.values()}
    assert scheduled == {"league.tasks.live_catch_up", "league.tasks.standings_catch_up",
                         "league.tasks.standings_rebuild_all", "league.tasks.results_overdue_check",
                         "league.tasks.notices_catch_up", "league.tasks.digests_send",
                         "league.tasks.ratings_catch_up"}
    assert scheduled | {"league.tasks.live_publish_pending", "league.tasks.notice_send",
                        "league.tasks.ratings_update"} <= set(celery_app.tasks)


def test_beat_catches_up_lost_table_rebuilds_every_minute():
    """A table a lost task left behind is right again within about a minute
    and the grace (tests/league/test_standings_outbox.py)."""
    entries = [entry for entry in celery_app.conf.beat_schedule.values()
               if entry["task"] == "league.tasks.standings_catch_up"]
    assert [entry["schedule"] for entry in entries] == [60.0]


def test_the_image_carries_the_pads_offline_engine():
    """The Dockerfile's first stage runs the Makefile's own Pyodide step and
    the service's stage takes the folder it fills, before collectstatic, so
    the image's pad judges moves offline as a checkout's does."""
    dockerfile = (ROOT / "Dockerfile").read_text()
    makefile = (ROOT / "Makefile").read_text()
    assert "make pyodide" in dockerfile and "\npyodide:" in makefile
    assert "PYODIDE := vendor/pyodide" in makefile
    copied = dockerfile.index("COPY --from=pyodide /build/vendor ./vendor")
    assert copied < dockerfile.index("collectstatic")
    assert {"node_modules", "vendor"} <= set((ROOT / ".dockerignore").read_text().split())


def test_the_image_runs_the_compiled_engine():
    """A stage with a C compiler runs the Makefile's own engine build and
    the service's stage takes build/engine/, where config/engine_build.py
    looks for it; a checkout's own build/ is never sent to the image."""
    dockerfile = (ROOT / "Dockerfile").read_text()
    makefile = (ROOT / "Makefile").read_text()
    assert "RUN make engine-fast" in dockerfile and "\nengine-fast:" in makefile
    assert "ENGINE := build/engine" in makefile
    assert "COPY --from=engine /build/build/engine ./build/engine" in dockerfile
    assert "build" in (ROOT / ".dockerignore").read_text().split()
