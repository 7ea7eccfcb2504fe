"""`make run`'s server without Redis: config/run_asgi.py (Django and the
push streams in one process) under uvicorn, restarted by Django's own
autoreloader when the code changes, as runserver is (a template change
needs no restart: the autoreloader resets the template loaders).

    python -m config.run_server [HOST:]PORT
"""
import os
import sys

import django


def serve(host: str, port: int) -> None:
    import uvicorn

    server = uvicorn.Server(uvicorn.Config("config.run_asgi:app", host=host, port=port, lifespan="on"))
    server.run()
    if not server.started:  # the port is taken, or the application would not load
        os._exit(1)


def main(address: str) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.utils import autoreload

    host, _, port = address.rpartition(":")
    autoreload.run_with_reloader(serve, host or "127.0.0.1", int(port))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "8000")
