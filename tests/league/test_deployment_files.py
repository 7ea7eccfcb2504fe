"""docker compose, the Dockerfile and the Celery app name things that exist."""
import ipaddress
import shutil
import sys
from pathlib import Path
from typing import Any

import yaml

from config.celery import app as celery_app

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def compose() -> dict[str, Any]:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_compose_runs_web_worker_beat_postgres_and_redis_with_health_checks():
    whole = compose()
    services = whole["services"]
    assert set(services) == {"proxy", "migrate", "web", "push", "worker", "beat", "pgbouncer", "postgres", "redis"}
    # migrate runs once and exits: nothing to check the health of.
    assert all("healthcheck" in service for name, service in services.items() if name != "migrate")
    assert "pgdata:/var/lib/postgresql/data" in services["postgres"]["volumes"]
    assert "pgdata" in whole["volumes"]
    assert "gunicorn config.wsgi" in services["web"]["command"]
    assert services["worker"]["command"].startswith("celery -A config worker")
    assert services["beat"]["command"].startswith("celery -A config beat")


def test_the_commands_compose_names_are_installed():
    for program in ("gunicorn", "celery", "uvicorn"):
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


def test_the_web_service_scales_behind_the_proxy():
    """`docker compose up --scale web=N`: no replica publishes a port (they
    would clash); the proxy publishes one and its config balances over
    every replica of `web`, re-resolved as replicas come and go."""
    services = compose()["services"]
    assert "ports" not in services["web"] and services["web"]["expose"] == ["8000"]
    assert services["proxy"]["image"].startswith("nginx:")
    assert services["proxy"]["ports"] == ["127.0.0.1:8000:80"]
    mount, target = services["proxy"]["volumes"][0].split(":")[:2]
    assert target == "/etc/nginx/nginx.conf"
    nginx = (ROOT / mount).read_text()
    assert "server web:8000 resolve;" in nginx and "resolver 127.0.0.11" in nginx
    assert "proxy_pass http://web;" in nginx and "X-Forwarded-Proto" in nginx
    assert nginx.count("{") == nginx.count("}")


def test_the_push_streams_go_through_the_proxy_unbuffered_and_never_near_the_database():
    services = compose()["services"]
    push = services["push"]
    assert push["command"].startswith("uvicorn config.push_asgi:app") and push["expose"] == ["8001"]
    assert "ports" not in push and "DATABASE_URL" not in push["environment"]
    assert set(push["depends_on"]) == {"redis"}
    assert services["web"]["environment"]["PUSH_URL"] == "${PUSH_URL:-/push}"
    nginx = (ROOT / "deploy" / "nginx.conf").read_text()
    location = nginx[nginx.index("location /push/ {"):]
    location = location[:location.index("}")]
    assert "proxy_pass http://push;" in location and "proxy_buffering off;" in location
    assert "server push:8001 resolve;" in nginx


def test_migrations_run_once_straight_to_postgres_before_the_app_starts():
    services = compose()["services"]
    assert "manage.py migrate" in services["migrate"]["command"]
    assert "@postgres:5432/" in services["migrate"]["command"]
    assert "migrate" not in services["web"]["command"]
    for name in ("web", "worker", "beat"):
        assert services[name]["depends_on"]["migrate"] == {"condition": "service_completed_successfully"}


def test_the_app_reaches_postgres_through_pgbouncer_in_transaction_pooling():
    services = compose()["services"]
    for name in ("web", "worker", "beat"):
        assert "@pgbouncer:5432/" in services[name]["environment"]["DATABASE_URL"]
    bouncer = services["pgbouncer"]
    assert bouncer["image"].startswith("edoburu/pgbouncer:")
    assert bouncer["environment"]["POOL_MODE"] == "transaction"
    assert "@postgres:5432/" in bouncer["environment"]["DATABASE_URL"]
    # psycopg prepares statements it runs often: PgBouncer must track them.
    assert int(bouncer["environment"]["MAX_PREPARED_STATEMENTS"]) > 0


def test_the_league_night_benchmark_and_capacity_plan_exist_and_name_each_other():
    benchmark = ROOT / "benchmarks" / "league_night.py"
    assert benchmark.exists()
    capacity = (ROOT / "docs" / "capacity.md").read_text()
    assert "benchmarks/league_night.py" in capacity
    assert "docs/capacity.md" in (ROOT / "docs" / "operations.md").read_text()
    assert "docs/capacity.md" in (ROOT / "README.md").read_text()


def test_the_app_trusts_the_proxys_forwarded_for_and_the_proxy_sends_it():
    """Failed logins are counted per client behind nginx: the app trusts the
    proxy's fixed address, and nginx appends the address it saw."""
    services = compose()["services"]
    proxy_address = services["proxy"]["networks"]["default"]["ipv4_address"]
    trusted = services["web"]["environment"]["TRUSTED_PROXIES"]
    assert proxy_address in trusted
    subnet = compose()["networks"]["default"]["ipam"]["config"][0]["subnet"]
    assert ipaddress.ip_address(proxy_address) in ipaddress.ip_network(subnet)
    nginx = (ROOT / "deploy" / "nginx.conf").read_text()
    assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in nginx
