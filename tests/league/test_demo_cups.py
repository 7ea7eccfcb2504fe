"""The demo league's cups, as a visitor to `make run` finds them."""
from datetime import timedelta

import pytest
from django.utils import timezone

from league.demo.load import demo_load
from league.models import (
    AuditEntry,
    Competition,
    CupDraw,
    CupEntry,
    CupTie,
    Fixture,
    League,
    MatchNight,
    RubberGame,
    Team,
)
from league.selectors.cups import competition_view, ties_to_arrange

# Loading the demo plays a few hundred games' worth of moves.
pytestmark = pytest.mark.slow


def _cup(league: League, kind: str) -> Competition:
    return Competition.objects.select_related("finals_venue").get(season__league=league, kind=kind)


def test_the_team_cup_has_round_one_decided_and_its_semi_finals_drawn(demo: League) -> None:
    cup = _cup(demo, Competition.Kind.TEAM)
    view = competition_view(competition_id=cup.pk)
    first, semis = view["rounds"]
    assert cup.status == Competition.Status.DRAWN
    assert len(first["ties"]) == 4 and all(tie["winner"] for tie in first["ties"])
    assert semis["name"] == "Semi-finals" and len(semis["ties"]) == 2
    assert {tie["winner"]["entry"] for tie in first["ties"]} == {
        side["entry"] for tie in semis["ties"] for side in (tie["home"], tie["away"])}
    assert not any(tie["winner"] for tie in semis["ties"])


def test_the_team_cup_was_entered_by_the_captains_and_drawn_from_recorded_seeds(demo: League) -> None:
    cup = _cup(demo, Competition.Kind.TEAM)
    entries = CupEntry.objects.filter(competition=cup).select_related("team")
    assert entries.count() == 8 < Team.objects.filter(league=demo).count()
    assert all(entry.team is not None and entry.entered_by_id == entry.team.captain_id for entry in entries)
    draws = CupDraw.objects.filter(competition=cup).order_by("round")
    assert [draw.round for draw in draws] == [1, 2]
    assert all(draw.seed is not None for draw in draws)


def test_round_one_was_played_on_match_nights_one_scored_live_and_one_a_walkover(demo: League) -> None:
    legs = Fixture.objects.filter(cup_tie__competition__season__league=demo, cup_tie__round=1,
                                  cup_tie__competition__kind=Competition.Kind.TEAM)
    today = timezone.localdate()
    assert legs.count() == 4 and all(leg.date < today for leg in legs)
    walkover = legs.get(status=Fixture.Status.WALKOVER)
    tie = CupTie.objects.select_related("winner").get(pk=walkover.cup_tie_id)
    assert tie.winner is not None and tie.winner.team_id == walkover.walkover_winner_id
    played = legs.exclude(pk=walkover.pk)
    assert MatchNight.objects.filter(fixture__in=played, status=MatchNight.Status.CONFIRMED).count() == 3
    live = RubberGame.objects.filter(rubber__night__fixture__in=played, source="live")
    assert live.count() >= 1 and not live.filter(game__status="playing").exists()


def test_one_semi_final_has_its_date_picked_and_the_other_waits_for_the_away_captain(demo: League) -> None:
    semis = list(CupTie.objects.filter(competition__season__league=demo, round=2,
                                       competition__kind=Competition.Kind.TEAM)
                 .select_related("home__team__captain", "away__team__captain"))
    today = timezone.localdate()
    arranged = [tie for tie in semis if tie.date is not None]
    waiting = [tie for tie in semis if tie.date is None]
    assert len(arranged) == len(waiting) == 1
    leg = Fixture.objects.get(cup_tie=arranged[0])
    assert leg.date > today and leg.venue_id == leg.home_team.home_venue_id
    assert AuditEntry.objects.filter(action="cup.date.pick", target_id=str(arranged[0].pk)).exists()
    tie = waiting[0]
    assert len(tie.offered_dates) == 3 and all(day >= today.isoformat() for day in tie.offered_dates)
    assert tie.away is not None and tie.away.team is not None and tie.home is not None and tie.home.team is not None
    assert ties_to_arrange(user=tie.away.team.captain) == [(tie, "pick")]
    assert (tie, "pick") not in ties_to_arrange(user=tie.home.team.captain)
    # As the draw fell, Red Lion A are that away side: the README's `captain` login.
    assert tie.away.team.name == "Red Lion A" and tie.away.team.captain.username == "captain"


def test_the_singles_knockout_has_its_early_rounds_decided_and_its_finals_night_coming(demo: League) -> None:
    cup = _cup(demo, Competition.Kind.SINGLES)
    today = timezone.localdate()
    assert cup.finals_date is not None and today + timedelta(weeks=1) <= cup.finals_date <= today + timedelta(weeks=2)
    assert cup.finals_venue is not None
    assert Team.objects.filter(league=demo, home_venue=cup.finals_venue).exists()
    view = competition_view(competition_id=cup.pk)
    names = [round["name"] for round in view["rounds"]]
    assert names == ["Round 1", "Quarter-finals", "Semi-finals", "Final"]
    decided = [all(tie["winner"] for tie in round["ties"]) for round in view["rounds"]]
    assert decided == [True, True, False, False]
    assert any(tie["bye"] for tie in view["rounds"][0]["ties"])
    assert all(tie["home"] and tie["away"] for tie in view["rounds"][2]["ties"])
    # Each tie played so far was entered from the card as its game's score.
    played = [tie for round in view["rounds"][:2] for tie in round["ties"] if not tie["bye"]]
    assert all([game["kind"] for game in tie["games"]] == ["card"] for tie in played)
    assert all(tie["decided_reason"].endswith(f"({tie['games'][0]['home_score']}-{tie['games'][0]['away_score']})")
               for tie in played)
    # The semi-finals and the final are dated for the finals night; the rounds before were not dated.
    dates = [{tie["date"] for tie in round["ties"] if not tie["bye"]} for round in view["rounds"]]
    assert dates == [{None}, {None}, {cup.finals_date.isoformat()}, {cup.finals_date.isoformat()}]
    assert CupEntry.objects.filter(competition=cup, player__isnull=False).count() == 14


def test_loading_the_demo_again_adds_no_cup_entry_tie_or_fixture(demo: League) -> None:
    counts = [model.objects.count() for model in (Competition, CupEntry, CupDraw, CupTie, Fixture, AuditEntry)]
    assert counts[0] == 2
    demo_load()
    assert [model.objects.count() for model in (Competition, CupEntry, CupDraw, CupTie, Fixture, AuditEntry)] == counts
