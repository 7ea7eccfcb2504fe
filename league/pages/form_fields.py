"""A form's own copy of a field, as the kind of field it was declared.

A form copies its declared fields into `form.fields` for each instance, and
that dict knows them only as fields; a form that sets a field's choices or
queryset for the request asks for it by kind here, and a field declared as
something else fails loudly rather than taking attributes it would ignore."""
from typing import TypeVar

from django import forms

FieldT = TypeVar("FieldT", bound=forms.Field)


def form_field(form: forms.BaseForm, name: str, kind: type[FieldT]) -> FieldT:
    """`form.fields[name]`, checked to be a `kind`."""
    field = form.fields[name]
    if not isinstance(field, kind):
        raise TypeError(f"{type(form).__name__}.{name} is a {type(field).__name__}, not a {kind.__name__}")
    return field
