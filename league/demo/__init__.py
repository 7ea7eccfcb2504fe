"""The demo data `make run` and `manage.py demo_load` put in a database:
people to log in as, a league half-way through its season, its cups, and
scored games. Built only through the services, as a secretary, a captain
and a scorer would build them; nothing in production calls it."""
