"""The pages' own form fields: a single line of text (OneLineField), and
a form's own copy of a field, as the kind of field it was declared.

A form copies its declared fields into `form.fields` for each instance, and
that dict knows them only as fields; a form that sets a field's choices or
queryset for the request asks for it by kind here, and a field declared as
something else fails loudly rather than taking attributes it would ignore."""
from typing import Any, TypeVar

from django import forms

from league.text_lines import ControlCharacters, one_line

FieldT = TypeVar("FieldT", bound=forms.Field)


def form_field(form: forms.BaseForm, name: str, kind: type[FieldT]) -> FieldT:
    """`form.fields[name]`, checked to be a `kind`."""
    field = form.fields[name]
    if not isinstance(field, kind):
        raise TypeError(f"{type(form).__name__}.{name} is a {type(field).__name__}, not a {kind.__name__}")
    return field


class OneLineField(forms.CharField):
    """A text box's text on one line, by the rule the API keeps
    (league.text_lines): the browser folds a pasted line break, but a form
    posted by hand could still put one in a name, and so in a page title or
    an email's subject. Line breaks and tabs become one space; any other
    control character is refused as the field's error."""

    def to_python(self, value: Any) -> str | None:
        text = super().to_python(value)
        if not text:  # the field's empty value, None where asked for
            return text
        try:
            return one_line(text, strip=self.strip)
        except ControlCharacters as refused:
            raise forms.ValidationError(str(refused), code="control_characters") from None
