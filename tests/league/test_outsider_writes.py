"""Every write of the API checks who is asking before it reads the body.

An outsider (nobody logged in, or a logged-in user with no part in the
league) who sends a malformed body to a write is refused for who they
are (401 or 403), never told the body's field errors (400) or which rule
the body broke (422): those would tell a stranger the shape and the rules
of a league's data. Each route is addressed with the ids of real objects
of one league (a published fixture, its teams, squads and players, a game,
a drawn cup, a transfer asked for), so a refusal is not a 404 by accident.
"""
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.urls import URLPattern, reverse
from matchnights import Night, a_match_night
from rest_framework.test import APIClient
from tablets import sample_sheet, tablet_for

from league.api.refused_as import REFUSED_AS, refused_as
from league.api.urls import urlpatterns
from league.models import AuditEntry, CupEntry, CupTie
from league.services.cups import competition_create, cup_draw, cup_enter
from league.services.games import game_import
from league.services.transfers import transfer_request

WRITES = ("post", "put", "patch", "delete")

# Writes open to anyone logged in, by design: so an outsider who is logged
# in may be told what is wrong with the body.
OPEN_TO_ANY_USER = {
    "auth-token": "logging in: nobody is anyone yet",
    "game-create": "anyone may start a game of their own outside a league",
    "game-import": "anyone may record a game of their own from its scoresheet",
    "game-preview": "a dry run of a move: it writes nothing and shows only what the game's options show",
}

# A body no write accepts: an unknown field, and none of the ones it needs.
MALFORMED = {"not-a-field": [[]]}


def _ids(night: Night) -> dict[str, Any]:
    """Each path parameter of the API, as an id of a real object."""
    game = game_import(sheet=sample_sheet(7), imported_by=night.secretary)
    cup = competition_create(season_id=night.season.pk, name="Knockout Cup", user=night.secretary)
    for team in (night.home, night.away):
        cup_enter(competition_id=cup.pk, team_id=team.pk, user=night.secretary)
    cup_draw(competition_id=cup.pk, user=night.secretary)
    league = night.league
    league.transfers = "secretary"
    league.save()
    transfer = transfer_request(season_id=night.season.pk, player_id=night.away_players[0].pk,
                                to_team_id=night.home.pk, user=night.home_captain)
    return {
        "game_id": game.pk, "hand": 1, "username": night.secretary.username,
        "league_id": league.pk, "season_id": night.season.pk, "division_id": night.division.pk,
        "fixture_id": night.fixture.pk, "team_id": night.home.pk, "player_id": night.home_players[0].pk,
        "rubber": 1, "transfer_id": transfer.pk, "competition_id": cup.pk, "round": 1,
        "entry_id": CupEntry.objects.filter(competition=cup).first().pk,  # type: ignore[union-attr]
        "tie_id": CupTie.objects.filter(competition=cup).first().pk,  # type: ignore[union-attr]
        "slug": "cup",
    }


def _writes() -> list[tuple[URLPattern, str]]:
    return [(pattern, method) for pattern in urlpatterns if isinstance(pattern, URLPattern)
            for method in WRITES if hasattr(pattern.callback.view_class, method)]  # type: ignore[attr-defined]


def _told_what_is_wrong(client: APIClient, ids: dict[str, Any], skip: set[str]) -> list[str]:
    """Each write that answered the client other than "who are you?": the
    body's problems, or a 404 (the walk's ids must find what they name)."""
    told = []
    for pattern, method in _writes():
        if pattern.name in skip:
            continue
        kwargs = {name: ids[name] for name in pattern.pattern.converters}  # type: ignore[attr-defined]
        path = "/api" + reverse(pattern.name, urlconf="league.api.urls", kwargs=kwargs)
        answer = getattr(client, method)(path, MALFORMED, format="json")
        if answer.status_code not in (401, 403):
            told.append(f"{method.upper()} {path}: {answer.status_code} {answer.content[:120]!r}")
    return told


@pytest.fixture
def ids(db: None) -> dict[str, Any]:
    return _ids(a_match_night())


def test_anonymous_with_a_bad_body_is_asked_to_log_in_on_every_write(ids: dict[str, Any]) -> None:
    told = _told_what_is_wrong(APIClient(), ids, skip={"auth-token"})
    assert not told, "\n".join(told)


def test_a_user_with_no_part_in_the_league_with_a_bad_body_is_refused_on_every_write(ids: dict[str, Any]) -> None:
    passer_by = get_user_model().objects.create_user("passer-by")
    told = _told_what_is_wrong(tablet_for(passer_by), ids, skip=set(OPEN_TO_ANY_USER))
    assert not told, "\n".join(told)


def test_a_refused_outsider_is_audited_as_the_writes_service_audits_its_refusals(ids: dict[str, Any]) -> None:
    passer_by = get_user_model().objects.create_user("passer-by")
    _told_what_is_wrong(tablet_for(passer_by), ids, skip=set(OPEN_TO_ANY_USER))
    audited = set(AuditEntry.objects.filter(user=passer_by).values_list("action", flat=True))
    expected = {f"{action}.refused" for pattern, method in _writes() if pattern.name not in OPEN_TO_ANY_USER
                if (action := refused_as(pattern.name, method.upper())) is not None}
    assert audited == expected


def test_every_write_is_named_for_the_audit_log() -> None:
    """A new write says how its refusals are logged, as its service does."""
    named = {pattern.name for pattern, _ in _writes()} - set(OPEN_TO_ANY_USER)
    assert named - set(REFUSED_AS) == set()


def test_every_write_of_the_urls_is_walked(ids: dict[str, Any]) -> None:
    """The walk reaches the writes the review named, so a route added later is walked too."""
    names = {pattern.name for pattern, _ in _writes()}
    assert {"season-cups", "fixture-rearrangement", "season-changeover", "league-handicap-rule", "squad",
            "transfer-direct", "night-sheet", "game-moves"} <= names
    assert set(OPEN_TO_ANY_USER) <= names
