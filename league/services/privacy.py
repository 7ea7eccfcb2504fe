"""What a player may decide about their own name: how it shows to the
public (docs/organisation.md, "Privacy")."""
from django.db import transaction

from league.authors import Author
from league.models import Player
from league.refusals import NotPermitted, Refused
from league.selectors.names import may_see_player_data
from league.services.audit import audit_record


def player_name_shown_set(*, player_id: int, shown: str, user: Author) -> Player:
    """Sets how the player's name shows on public pages: for the player
    themself or a secretary of one of their leagues. Raises NotPermitted,
    Refused (an unknown choice), Player.DoesNotExist."""
    if shown not in Player.NameShown.values:
        raise Refused(f"a name shows in full, as initials or hidden, not as {shown!r}")
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player_id)
        if not may_see_player_data(player=player, user=user):
            raise NotPermitted("only the player or a secretary of their league can change how their name shows")
        before, player.name_shown = player.name_shown, shown
        player.save(update_fields=["name_shown"])
        audit_record(user=user, action="player.name_shown", target=player,
                     data={"from": before, "to": shown})
    return player
