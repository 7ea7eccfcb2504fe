"""Data made once for all the tests of a module, rather than once a test."""
import copy
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.db import transaction


def made_once_a_module(build: Callable[[], Any]) -> Any:
    """A module-scoped fixture of what `build` makes, made once for the
    module's tests inside a transaction of its own. Each test's own
    transaction (the `db` fixture) is then a savepoint within it, rolled back
    after the test, so every test starts from the data as built, as if it had
    built it itself; the module's transaction is rolled back at its end.
    Once made, the module's transaction stays open until its last test:
    every test of the module that touches the database should take the
    fixture (and `db`, never `transactional_db`, which would commit through it),
    by name: one asked for only through `request.getfixturevalue` would be
    built inside that test's transaction, and rolled back with it.
    What `build` returns must be read again from the database where a test
    needs what a write changed: its objects are those of the build."""

    @pytest.fixture(scope="module")
    def made(django_db_setup: None, django_db_blocker: Any) -> Iterator[Any]:
        with django_db_blocker.unblock(), transaction.atomic():
            yield build()
            transaction.set_rollback(True)

    return made


def a_copy_for_one_test(made: Any) -> Any:
    """What a module's fixture made, copied for one test: the rows a test
    writes are rolled back after it, and the objects it changes in memory
    (a name set before saving) are its own copy's, so no test sees what an
    earlier one did."""
    return copy.deepcopy(made)
