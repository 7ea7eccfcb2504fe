"""The REST API under /api/: thin views that validate, call a service or a
selector, and serialize."""
