"""`make run`'s server without Redis: config/run_asgi.py (Django and the
push streams in one process) under uvicorn, restarted by Django's own
autoreloader when the code changes, as runserver is (a template change
needs no restart: the autoreloader resets the template loaders).

    python -m config.run_server [HOST:]PORT [PUSH_PORT]

It listens on PUSH_PORT too, where the pages open their streams
(PUSH_URL): a browser keeps at most six connections to one host and port
over HTTP/1.1, and a tab's stream holds one open for as long as the tab
is, so streams on the pages' own port would leave a few tabs' pages
waiting for a connection.
"""
import os
import socket
import sys

import django


def serve(host: str, ports: list[int]) -> None:
    import uvicorn

    try:
        sockets = [socket.create_server((host, port)) for port in ports]
    except OSError as err:
        print(f"Error: {err} (is another server running?)", file=sys.stderr)
        os._exit(1)
    print(f"Serving on http://{host}:{ports[0]}/"
          + "".join(f", the push streams also on http://{host}:{port}/push/" for port in ports[1:]), flush=True)
    server = uvicorn.Server(uvicorn.Config("config.run_asgi:app", host=host, port=ports[0], lifespan="on"))
    server.run(sockets=sockets)
    if not server.started:  # the application would not load
        os._exit(1)


def main(address: str, push_port: str | None) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.utils import autoreload

    host, _, port = address.rpartition(":")
    ports = [int(port), *([int(push_port)] if push_port else [])]
    autoreload.run_with_reloader(serve, host or "127.0.0.1", ports)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "8000", sys.argv[2] if len(sys.argv) > 2 else None)
