"""A match night's substitutes and substitutions, as the night page, the
match card and the API show them (league.models.substitutes)."""
from typing import Any

from league.models import NightSubstitute, Substitution


def night_substitutes(*, fixture_id: int) -> dict[str, Any]:
    """Each side's named substitutes, and every substitution made, rubber
    by rubber: `{"home": [{id, name}], "away": [...], "substitutions":
    [{rubber, side, off: {id, name}, on: {id, name}}]}`."""
    named = NightSubstitute.objects.filter(night__fixture_id=fixture_id).select_related("player")
    made = (Substitution.objects.filter(rubber__night__fixture_id=fixture_id)
            .select_related("rubber", "off", "on").order_by("rubber__number", "pk"))
    view: dict[str, Any] = {"home": [], "away": [], "substitutions": []}
    for substitute in named:
        view[substitute.side].append({"id": substitute.player_id, "name": substitute.player.public_name})
    view["substitutions"] = [{"rubber": s.rubber.number, "side": s.side,
                              "off": {"id": s.off_id, "name": s.off.public_name},
                              "on": {"id": s.on_id, "name": s.on.public_name}} for s in made]
    return view
