"""Model rows read and written with a plain cursor, for the few statements
on the hottest path (a move: `league.services.log`; a token's check:
`league.services.devices`), where building the statement through the ORM
costs more than the database spends answering it.

The values still pass through each field's own conversions, both ways, so
a row reads and writes exactly as the ORM would make it, on PostgreSQL and
on SQLite alike; only the statement's making is skipped.
"""
from collections.abc import Callable, Sequence
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


# Fields whose database value is the Python one when it is an int, a str
# or None, on every backend: their preparation can be skipped for those.
PLAIN = {"AutoField", "BigAutoField", "IntegerField", "BigIntegerField", "SmallIntegerField",
         "PositiveIntegerField", "PositiveSmallIntegerField", "PositiveBigIntegerField", "CharField",
         "ForeignKey", "OneToOneField"}


class Columns:
    """Some fields of a model, to be written: their columns, and their
    values prepared as a save through the ORM prepares them."""

    def __init__(self, model: type[models.Model], names: Sequence[str]) -> None:
        self.fields = []
        for name in names:
            field = model._meta.get_field(name)
            assert isinstance(field, models.Field)
            self.fields.append(field)
        self.columns = [str(field.column) for field in self.fields]
        self._plain = [field.get_internal_type() in PLAIN for field in self.fields]

    def params(self, values: Sequence[Any], connection: BaseDatabaseWrapper) -> list[Any]:
        """The database values of `values`, one a field, in order."""
        return [value if plain and (value is None or type(value) in (int, str))
                else field.get_db_prep_save(value, connection)
                for field, plain, value in zip(self.fields, self._plain, values, strict=True)]
