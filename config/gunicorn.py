"""gunicorn settings shared by docker compose and the benchmark; the command
line may override any of them (workers, threads, bind)."""
import gc
import os
from typing import Any

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", "3"))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "2"))
# Tablets keep their connection between moves (and so their worker, whose
# memory holds their game's engine value: see league.engine.ENGINES).
keepalive = 30
# How many connections one worker holds. Workers race to accept new
# connections, so a burst of tablets can pile onto one worker while another
# idles; a limit near (tablets / workers) spreads them evenly, at the price
# of tablets beyond workers x limit waiting for a free connection.
worker_connections = int(os.environ.get("GUNICORN_WORKER_CONNECTIONS", "1000"))


def post_worker_init(worker: Any) -> None:
    # Everything loaded so far (Django, the apps, the engine) lives as long
    # as the worker: take it out of the garbage collector's sight, so that a
    # full collection, which stalls every thread of the worker, scans only
    # what requests made.
    gc.collect()
    gc.freeze()
