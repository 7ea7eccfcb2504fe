"""`{% form_key %}`: the hidden idempotency key of a form that writes
(league.pages.form_keys), new each time the form is rendered."""
import uuid

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from league.pages.form_keys import FORM_KEY_FIELD

register = template.Library()


@register.simple_tag
def form_key() -> SafeString:
    return format_html('<input type="hidden" name="{}" value="{}">', FORM_KEY_FIELD, uuid.uuid4().hex)
