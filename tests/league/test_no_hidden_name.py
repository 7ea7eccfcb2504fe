"""No answer to a visitor names a player who chose to be hidden or shown
by initials: every URL pattern of the site that a GET reaches (pages, API,
exports), and every path of the API's schema, fetched anonymously with
their ids filled from a league where such players are in squads, have
been transferred, have played a match night, won cup ties and played a
cup game live, holds neither their full name nor their surname.

A pattern added later is crawled too; one whose path holds a kind of id
this test cannot fill fails it, so that it is taught the new kind."""
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone
from in_process import committing
from matchnights import Night, a_match_night, play_live, submitted_five_four
from tablets import tablet_for

from league.models import CupTie, Fixture, Player
from league.models.competition import Transfers
from league.services.cup_games import cup_game_card, cup_game_start
from league.services.cups import competition_create, cup_draw, cup_enter
from league.services.fixtures import fixture_postpone
from league.services.results import match_dispute, match_resolve
from league.services.transfers import transfer_direct

pytestmark = pytest.mark.django_db

# Who must never be named to a visitor, and how they chose to show.
HIDDEN = {"Eric Bailey": Player.NameShown.HIDDEN, "Olga Penhaligon": Player.NameShown.HIDDEN,
          "Ines Quayle": Player.NameShown.INITIALS, "Uma Trevithick": Player.NameShown.INITIALS,
          "Ned Tregothnan": Player.NameShown.HIDDEN}


@dataclass
class League:
    night: Night
    ids: dict[str, list[Any]]


def _named(player: Player, name: str) -> Player:
    player.name, player.name_shown = name, HIDDEN[name]
    player.save()
    return player


def _a_league(django_capture_on_commit_callbacks: Any) -> League:
    """A played, confirmed night between two squads holding the hidden and
    initials players, the home captain's login one of theirs; one of them
    transferred; a singles cup of four of
    them, its finals night today, with one tie decided from the card and
    one played live on the pad; a pairs cup one of them entered."""
    night = a_match_night("plain", squad=10, played_days_ago=3, transfers=Transfers.SECRETARY)
    eric, ines = _named(night.home_players[0], "Eric Bailey"), _named(night.home_players[1], "Ines Quayle")
    olga, uma = _named(night.away_players[0], "Olga Penhaligon"), _named(night.away_players[1], "Uma Trevithick")
    # The home captain is Eric, and his login carries his name.
    captain = night.home_captain
    captain.first_name, captain.last_name = "Eric", "Bailey"
    captain.save()
    eric.user = captain
    eric.save()
    submitted_five_four(night)
    # Words people wrote name them too: a dispute's reason, its settling.
    match_dispute(fixture_id=night.fixture.pk, reason="Olga Penhaligon played rubber 1, not Uma Trevithick",
                  user=night.away_captain)
    with committing(django_capture_on_commit_callbacks)():
        match_resolve(fixture_id=night.fixture.pk, decision="uphold", note="Eric Bailey's card was right",
                      user=night.secretary)
    # Next week's match, postponed in words naming a hidden player.
    later = Fixture.objects.create(division=night.division, week=2, date=timezone.localdate() + timedelta(days=4),
                                   home_team=night.away, away_team=night.home, venue=night.away.home_venue,
                                   status=Fixture.Status.PUBLISHED)
    fixture_postpone(fixture_id=later.pk, reason="Olga Penhaligon is in hospital", user=night.secretary)
    moved = _named(night.home_players[9], "Ned Tregothnan")
    transfer = transfer_direct(season_id=night.season.pk, player_id=moved.pk, to_team_id=night.away.pk,
                               user=night.secretary, note="Ned Tregothnan moved to Leek")
    # Its finals night is today, where its ties are played.
    competition = competition_create(season_id=night.season.pk, name="Singles Knockout", kind="singles",
                                     draw_mode="bracket", finals_date=timezone.localdate(),
                                     finals_venue_id=night.home.home_venue_id, user=night.secretary)
    entries = [cup_enter(competition_id=competition.pk, player_id=p.pk, user=night.secretary)
               for p in (eric, ines, olga, uma)]
    cup_draw(competition_id=competition.pk, seed=3, user=night.secretary)
    pairs = competition_create(season_id=night.season.pk, name="Pairs Knockout", kind="pairs", user=night.secretary)
    entries.append(cup_enter(competition_id=pairs.pk, player_id=night.home_players[2].pk, partner_id=eric.pk,
                             user=night.secretary))
    CupTie.objects.filter(competition=competition).update(date=timezone.localdate())
    first, second = CupTie.objects.filter(competition=competition, round=1).select_related("home__player") \
        .order_by("number")
    cup_game_card(tie_id=first.pk, home_score=61, away_score=30, user=night.secretary)
    # Scored on the pad by one of its players, whose login is their name.
    scorer = second.home.player if second.home is not None else None
    assert scorer is not None
    scorer.user = get_user_model().objects.create_user(scorer.name.lower().replace(" ", "."))
    scorer.save()
    live = cup_game_start(tie_id=second.pk, user=scorer.user)
    tablet = tablet_for(scorer.user)
    play_live(tablet, tablet.get(f"/api/games/{live.game_id}").json(), seed=2)
    ties = list(CupTie.objects.filter(competition=competition).values_list("pk", flat=True))
    league = night.league
    ids: dict[str, list[Any]] = {
        "league_id": [league.pk], "season_id": [night.season.pk], "division_id": [night.division.pk],
        "team_id": [night.home.pk, night.away.pk], "fixture_id": [night.fixture.pk, later.pk],
        "player_id": [eric.pk, ines.pk, olga.pk, uma.pk, moved.pk], "transfer_id": [transfer.pk],
        "competition_id": [competition.pk, pairs.pk], "tie_id": ties, "entry_id": [e.pk for e in entries],
        "game_id": [live.game_id], "rubber": [1, 2], "round": [1], "hand": [0],
        "venue_id": [night.home.home_venue_id], "slug": [league.slug, "plain"],
        "verb": ["approve", "refuse", "withdraw"], "token": ["x"], "username": [night.secretary.username],
        "digest": ["x"], "sanction_id": [1], "notice_id": [1], "invite_id": [1], "device_id": [1],
        "user_id": [night.home_captain.pk],
    }
    return League(night, ids)


@pytest.fixture
def league(django_capture_on_commit_callbacks: Any) -> League:
    return _a_league(django_capture_on_commit_callbacks)


def _patterns(patterns: list[Any], prefix: str = "") -> Iterator[str]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _patterns(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern)


PARAMETER = re.compile(r"<(?:(?P<converter>\w+):)?(?P<name>\w+)>|\{(?P<schema_name>\w+)\}")


def _filled(route: str, ids: dict[str, list[Any]]) -> list[str]:
    """The route with every parameter filled, each way the data allows."""
    names = [m["name"] or m["schema_name"] for m in PARAMETER.finditer(route)]
    unknown = [name for name in names if name not in ids]
    assert not unknown, f"{route}: teach this test the ids for {unknown}"
    urls = []
    for values in itertools.product(*(ids[name] for name in names)):
        chosen = iter(values)
        urls.append("/" + PARAMETER.sub(lambda _, chosen=chosen: str(next(chosen)), route).lstrip("/"))
    return urls


def _site_routes() -> list[str]:
    return [route for route in _patterns(get_resolver().url_patterns)
            if not route.startswith("admin/") and not route.startswith("^")]


def _schema_routes(client: Client) -> list[str]:
    schema = client.get("/api/schema", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    return [path for path, operations in schema["paths"].items() if "get" in operations]


def _leaks(text: str) -> list[str]:
    """The names in the text, in any case: a login may spell one in small letters."""
    text = text.lower()
    return [name for full in HIDDEN for name in (full, full.split()[-1]) if name.lower() in text]


def test_no_answer_to_a_visitor_names_a_hidden_or_initials_player(league: League) -> None:
    visitor = Client()
    urls = {url for route in [*_site_routes(), *_schema_routes(visitor)] for url in _filled(route, league.ids)}
    leaks, answered = {}, {}
    for url in sorted(urls):
        response = visitor.get(url)
        answered[url] = response.status_code
        body = b"".join(response.streaming_content) if response.streaming else response.content
        found = _leaks(body.decode("utf-8", errors="replace"))
        if found:
            leaks[url] = found
    assert not leaks, "\n".join(f"{url} names {names}" for url, names in leaks.items())
    # The crawl reached what the attack read: the pages and answers that
    # name these players answered in full.
    night, ids = league.night, league.ids
    reached = [f"/api/seasons/{night.season.pk}/teams/{night.home.pk}/squad",
               f"/api/seasons/{night.season.pk}/transfers", f"/cups/{ids['competition_id'][0]}/",
               f"/api/cups/{ids['competition_id'][0]}", f"/api/cups/{ids['competition_id'][0]}/ties",
               f"/fixtures/{night.fixture.pk}/night", f"/teams/{night.home.pk}/",
               f"/cups/{ids['competition_id'][0]}/finals", f"/api/games/{ids['game_id'][0]}"]
    assert {url: answered.get(url) for url in reached} == {url: 200 for url in reached}
    assert sum(status == 200 for status in answered.values()) > 50, sorted(answered.items())
    assert [url for url, status in answered.items() if status >= 500] == []


def test_the_league_s_secretary_reads_the_same_answers_with_the_full_names(league: League) -> None:
    """The crawl would see the names if they were there: they are, for
    those who may see them."""
    secretary = Client()
    secretary.force_login(league.night.secretary)
    night, cup = league.night, league.ids["competition_id"][0]
    squad = secretary.get(f"/api/seasons/{night.season.pk}/teams/{night.home.pk}/squad").content.decode()
    assert "Eric Bailey" in squad and "Ines Quayle" in squad
    assert "Eric Bailey" in secretary.get(f"/api/cups/{cup}/ties").content.decode()
