"""Model rows read and written with a plain cursor, for the few statements
on the hottest path (a move: `league.services.log`; a token's check:
`league.services.devices`), where building the statement through the ORM
costs more than the database spends answering it.

The values still pass through each field's own conversions, both ways, so
a row reads and writes exactly as the ORM would make it, on PostgreSQL and
on SQLite alike; only the statement's making is skipped.
"""
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, TypeVar

from django.db import models
from django.db.backends.base.base import BaseDatabaseWrapper

M = TypeVar("M", bound=models.Model)

Converter = Callable[[Any, Any, BaseDatabaseWrapper], Any]


class Rows(Generic[M]):
    """Reads a model's rows from a cursor: the column list for a SELECT,
    and the instance from the values it gave."""

    def __init__(self, model: type[M], alias: str) -> None:
        self.model = model
        self.alias = alias
        self.fields = list(model._meta.concrete_fields)
        self.attnames = [field.attname for field in self.fields]
        self.columns = ", ".join(f"{alias}.{field.column}" for field in self.fields)
        # Per database vendor: (index, column, its converters), for the
        # fields whose raw value differs from the Python one (JSON as text,
        # SQLite's datetimes).
        self._converters: dict[str, list[tuple[int, Any, list[Converter]]]] = {}

    def __len__(self) -> int:
        return len(self.fields)

    def converters(self, connection: BaseDatabaseWrapper) -> list[tuple[int, Any, list[Converter]]]:
        found = self._converters.get(connection.vendor)
        if found is None:
            found = []
            for index, field in enumerate(self.fields):
                column = field.get_col(self.model._meta.db_table)
                funcs = connection.ops.get_db_converters(column) + field.get_db_converters(connection)
                if funcs:
                    found.append((index, column, funcs))
            self._converters[connection.vendor] = found
        return found

    def instance(self, values: Sequence[Any], connection: BaseDatabaseWrapper) -> M:
        """The model instance of one row's values (in `columns` order), as
        a query through the ORM would have built it."""
        converted = list(values)
        for index, column, funcs in self.converters(connection):
            for func in funcs:
                converted[index] = func(converted[index], column, connection)
        return self.model.from_db(connection.alias, self.attnames, converted)


def prepared(model: type[models.Model], values: Iterable[tuple[str, Any]],
             connection: BaseDatabaseWrapper) -> tuple[list[str], list[Any]]:
    """Columns and database values for an INSERT or UPDATE of `values`
    (field name, Python value), each value prepared by its field as a save
    through the ORM prepares it."""
    columns, params = [], []
    for name, value in values:
        field = model._meta.get_field(name)
        assert isinstance(field, models.Field)
        columns.append(field.column)
        params.append(field.get_db_prep_save(value, connection))
    return columns, params
