"""A match night's substitutes and substitutions, as the night page, the
match card and the API show them (league.models.substitutes). Its
players are named as anyone may see them: the night page that shows it
is kept in the spectators' cache, shared between readers."""
from typing import Any

from league.models import NightSubstitute, Substitution
from league.selectors.shown_names import name_public


def night_substitutes(*, fixture_id: int) -> dict[str, Any]:
    """Each side's named substitutes, and every substitution made, rubber
    by rubber: `{"home": [{id, name}], "away": [...], "substitutions":
    [{rubber, side, off: {id, name}, on: {id, name}}]}`."""
    named = NightSubstitute.objects.filter(night__fixture_id=fixture_id).select_related("player")
    made = (Substitution.objects.filter(rubber__night__fixture_id=fixture_id)
            .select_related("rubber", "off", "on").order_by("rubber__number", "pk"))
    view: dict[str, Any] = {"home": [], "away": [], "substitutions": []}
    for substitute in named:
        view[substitute.side].append({"id": substitute.player_id, "name": name_public(substitute.player)})
    view["substitutions"] = [{"rubber": s.rubber.number, "side": s.side,
                              "off": {"id": s.off_id, "name": name_public(s.off)},
                              "on": {"id": s.on_id, "name": name_public(s.on)}} for s in made]
    return view
