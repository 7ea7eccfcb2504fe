"""A player named in an answer, as whoever is asking may see them
(league.selectors.shown_names): serializers that name a player use this,
never the player's `name`, and are given the request in their context."""
from collections.abc import Mapping
from typing import Any

from rest_framework import serializers

from league.authors import Author
from league.models import Player
from league.selectors.shown_names import name_shown


def reader(context: Mapping[str, Any]) -> Author:
    """Who is asking, from a serializer's context: without a request (no
    one known asking) None, whom the one naming function answers with the
    public's name."""
    request = context.get("request")
    return request.user if request is not None else None


class PlayerNamedOutput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "PlayerNamedOutput"

    id = serializers.IntegerField()
    name = serializers.SerializerMethodField(
        help_text="In full for the player and their league's secretaries; for anyone else as the player chose "
                  "to show it: in full, as initials or \"A player\".")

    def get_name(self, player: Player) -> str:
        return name_shown(player, reader(self.context))
