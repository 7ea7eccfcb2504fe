"""Handicap cups (docs/cups.md, docs/ratings.md "Handicaps"): a singles or
pairs cup marked as one starts each game with the lower rated side ahead,
by the league's handicap rule and the ratings at that moment; the start
is the game's own (its scoresheet's `start`), audited, and shown on the
cup's pages and the pad. The rule is the league secretary's to set."""
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from forms import browser, post, text
from leagues import a_season
from tablets import tablet_for
from test_cup_games import a_drawn_cup, semi
from test_secretary_settings_pages import LEAGUE_FORM, settings_url

from league.models import AuditEntry, Competition, CupTie, League, Player, RatingSnapshot
from league.refusals import NotSecretary, Refused, SettingsInvalid
from league.services.cup_games import cup_game_card, cup_game_start
from league.services.cups import competition_create
from league.services.ratings import handicap_rule_set

pytestmark = pytest.mark.django_db


def rated(league: League, player: Player | None, mu: float, games: int = 30) -> None:
    """The player's rating now, as a re-rate would have stored it."""
    assert player is not None
    RatingSnapshot.objects.create(league=league, player=player, position=1 + player.pk, played_on=date(2026, 1, 5),
                                  mu=mu, sigma=2.0, games=games)


def a_handicap_tie(kind: str = "singles", *, handicap: bool = True) -> tuple[CupTie, Any]:
    """A semi-final whose home side is rated 35 and away side 25 (pairs:
    35 and 25 on average), under the league's rule of 2 points a rating
    point, to the nearest 5, at most 30."""
    competition, secretary = a_drawn_cup(4, kind=kind)
    Competition.objects.filter(pk=competition.pk).update(handicap=handicap)
    tie = semi(competition)
    league = competition.season.league
    assert tie.home is not None and tie.away is not None
    if kind == "pairs":
        rated(league, tie.home.player, 40.0)
        rated(league, tie.home.partner, 30.0)
        rated(league, tie.away.player, 20.0)
        rated(league, tie.away.partner, 30.0)
    else:
        rated(league, tie.home.player, 35.0)
        rated(league, tie.away.player, 25.0)
    return tie, secretary


@pytest.mark.parametrize("kind", ["singles", "pairs"])
def test_a_handicap_cup_game_starts_with_the_weaker_side_ahead_in_the_engine(kind: str) -> None:
    tie, secretary = a_handicap_tie(kind)
    started = cup_game_start(tie_id=tie.pk, user=secretary)
    assert started.game is not None and started.game.start == [0, 20]  # a difference of 10, 2 points each
    live = tablet_for(secretary).get(f"/api/games/{started.game_id}").json()
    assert live["scores"] == [0, 20]  # before any move
    sheet = tablet_for(secretary).get(f"/api/games/{started.game_id}/sheet").json()
    assert sheet["start"] == [0, 20]
    audit = AuditEntry.objects.get(action="cup.game.start")
    assert audit.data["start"] == [0, 20] and audit.data["ratings"] == [35.0, 25.0]


def test_a_cup_without_handicap_starts_level_whatever_the_ratings() -> None:
    tie, secretary = a_handicap_tie(handicap=False)
    started = cup_game_start(tie_id=tie.pk, user=secretary)
    assert started.game is not None and started.game.start is None
    assert tablet_for(secretary).get(f"/api/games/{started.game_id}").json()["scores"] == [0, 0]
    assert "start" not in AuditEntry.objects.get(action="cup.game.start").data


def test_a_side_whose_rating_is_not_shown_yet_gets_no_start_and_gives_none() -> None:
    tie, secretary = a_handicap_tie()
    assert tie.away is not None
    RatingSnapshot.objects.filter(player=tie.away.player).update(games=5)  # under the league's 20
    started = cup_game_start(tie_id=tie.pk, user=secretary)
    assert started.game is not None and started.game.start is None
    assert AuditEntry.objects.get(action="cup.game.start").data["start"] == [0, 0]


def test_the_rule_in_force_when_the_game_starts_gives_the_start() -> None:
    tie, secretary = a_handicap_tie()
    league = tie.competition.season.league
    handicap_rule_set(league_id=league.pk, per_point=Decimal("1.3"), step=5, most=10, user=secretary)
    started = cup_game_start(tie_id=tie.pk, user=secretary)
    assert started.game is not None and started.game.start == [0, 10]  # 13 to the nearest 5 is 15, at most 10


def test_a_game_from_the_card_records_the_start_it_was_due() -> None:
    tie, secretary = a_handicap_tie()
    cup_game_card(tie_id=tie.pk, home_score=61, away_score=45, user=secretary)
    audit = AuditEntry.objects.get(action="cup.game.card")
    assert audit.data["start"] == [0, 20] and audit.data["home_score"] == 61


def test_the_cup_pages_and_the_pad_say_who_starts_on_what() -> None:
    tie, secretary = a_handicap_tie()
    assert tie.away is not None and tie.away.player is not None
    away = tie.away.player
    client = Client()
    client.force_login(secretary)
    public = client.get(f"/cups/{tie.competition_id}/").content.decode()
    assert f"{away.public_name} starts on 20" in public
    page = client.get(f"/secretary/cups/{tie.competition_id}/").content.decode()
    assert f"{tie.away.name} starts on 20" in page and "A handicap cup" in page
    game_id = cup_game_start(tie_id=tie.pk, user=secretary).game_id
    assert f"{away.name} starts on 20" in client.get(f"/games/{game_id}/pad").content.decode()
    assert f"{away.name} starts on 20" in Client().get(f"/games/{game_id}/board").content.decode()
    public = client.get(f"/cups/{tie.competition_id}/").content.decode()
    assert f"({away.public_name} started on 20)" in public


def test_a_team_cup_cannot_be_a_handicap_cup(secretary: Any, league: League) -> None:
    season = a_season(league)
    with pytest.raises(Refused, match="team cup has no handicap"):
        competition_create(season_id=season.pk, name="Knockout", kind="team", handicap=True, user=secretary)
    assert AuditEntry.objects.filter(action="cup.create.refused").count() == 1
    made = competition_create(season_id=season.pk, name="Handicap Singles", kind="singles", handicap=True,
                              user=secretary)
    assert made.handicap


def test_a_cup_is_made_a_handicap_cup_through_the_api_by_a_secretary_only() -> None:
    competition, secretary = a_drawn_cup(4)
    url = f"/api/cups/{competition.pk}/handicap"
    stranger = get_user_model().objects.create_user("stranger")
    assert tablet_for(stranger).post(url, {"handicap": True}, format="json").status_code == 403
    assert AuditEntry.objects.filter(action="cup.handicap.refused").count() == 1
    made = tablet_for(secretary).post(url, {"handicap": True}, format="json")
    assert made.status_code == 200 and made.json()["handicap"] is True
    assert tablet_for(secretary).get(f"/api/cups/{competition.pk}").json()["handicap"] is True


def test_the_secretary_cup_page_makes_a_cup_a_handicap_cup() -> None:
    competition, secretary = a_drawn_cup(4)
    client = Client()
    client.force_login(secretary)
    made = client.post(f"/secretary/cups/{competition.pk}/handicap", {"handicap": "yes"})
    assert made.status_code == 302
    competition.refresh_from_db()
    assert competition.handicap
    assert AuditEntry.objects.filter(action="cup.handicap").count() == 1


def test_the_handicap_rule_is_refused_to_anyone_but_a_secretary_and_audited(secretary: Any, league: League) -> None:
    stranger = get_user_model().objects.create_user("stranger")
    with pytest.raises(NotSecretary):
        handicap_rule_set(league_id=league.pk, per_point=Decimal("3"), step=5, most=30, user=stranger)
    url = f"/api/leagues/{league.pk}/handicap-rule"
    assert tablet_for(stranger).put(url, {"per_point": 3, "step": 5, "most": 30}, format="json").status_code == 403
    assert AuditEntry.objects.filter(action="league.handicap_rule.refused").count() == 2
    with pytest.raises(SettingsInvalid, match="step"):
        handicap_rule_set(league_id=league.pk, per_point=Decimal("3"), step=0, most=30, user=secretary)
    league.refresh_from_db()
    assert (league.handicap_per_point, league.handicap_step, league.handicap_most) == (Decimal("2"), 5, 30)


def test_a_secretary_changes_the_handicap_rule_through_the_api(secretary: Any, league: League) -> None:
    url = f"/api/leagues/{league.pk}/handicap-rule"
    assert Client().get(url).json() == {"per_point": 2.0, "step": 5, "most": 30, "min_games": 20}
    changed = tablet_for(secretary).put(url, {"per_point": 2.499, "step": 1, "most": 25}, format="json")
    assert changed.status_code == 200 and changed.json()["per_point"] == 2.5
    league.refresh_from_db()
    assert (league.handicap_per_point, league.handicap_step, league.handicap_most) == (Decimal("2.5"), 1, 25)
    audit = AuditEntry.objects.get(action="league.handicap_rule")
    assert audit.data == {"before": {"per_point": "2.00", "step": 5, "most": 30},
                          "after": {"per_point": "2.50", "step": 1, "most": 25}}
    assert tablet_for(secretary).put(url, {"per_point": 2, "step": 0, "most": 25},
                                     format="json").status_code == 400


def test_the_settings_page_reviews_then_saves_the_handicap_rule(secretary: Any, league: League) -> None:
    form = {**LEAGUE_FORM, "handicap_per_point": "3", "handicap_step": "5", "handicap_most": "40"}
    review = text(post(browser(secretary), settings_url(league), {**form, "step": "review"}))
    assert "Handicap: points of start per rating point" in review and "Handicap: the most start" in review
    saved = post(browser(secretary), settings_url(league), {**form, "step": "confirm"})
    assert saved.status_code == 302
    league.refresh_from_db()
    assert (league.handicap_per_point, league.handicap_most) == (Decimal("3"), 40)
    assert AuditEntry.objects.filter(action="league.handicap_rule").count() == 1

