"""The push process: spectators' boards and match night pages follow their
game or night over Server-Sent Events instead of polling. It reads Redis
only (the states the workers publish, the pages' versions) and never the
database; it only listens. Served by uvicorn from config/push_asgi.py;
docs/operations.md, "The push process", says how it runs and fails.
Without Redis, `make run` serves the same streams from its one process,
fed in memory (memory.py, config/run_asgi.py)."""
