"""Tables that are only ever added to: the move log and the audit log.

A correction is a new row, never an edit: a row cannot be saved a second
time or deleted, one at a time or in bulk. Each table says in `REFUSAL` what
to do instead.
"""
from typing import Any, ClassVar, NoReturn

from django.db import models


class AppendOnlyQuerySet(models.QuerySet[Any]):
    """Refuses bulk updates and deletes."""

    def update(self, **kwargs: Any) -> NoReturn:
        raise TypeError(self.model.REFUSAL)

    def delete(self) -> NoReturn:
        raise TypeError(self.model.REFUSAL)


class AppendOnly(models.Model):
    REFUSAL: ClassVar[str] = "this table is append-only: add a new row instead"

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        # Not business logic: the guard that keeps the table append-only.
        if not self._state.adding:
            raise TypeError(self.REFUSAL)
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError(self.REFUSAL)
