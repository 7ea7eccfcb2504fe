"""A query string's parameters, read by a serializer that refuses one
sent empty. DRF takes `?week=` for a parameter left out and answers with
its default, so a client that meant to name a week (and built the address
wrong) would be shown another one without a word."""
from typing import Any

from rest_framework import serializers


class QueryParams(serializers.Serializer[Any]):
    def to_internal_value(self, data: Any) -> Any:
        sent_empty = [name for name in self.fields.keys() if name in data and not str(data.get(name)).strip()]
        if sent_empty:
            raise serializers.ValidationError(
                {name: [f"sent empty: give a value, or leave {name} out"] for name in sent_empty})
        return super().to_internal_value(data)
