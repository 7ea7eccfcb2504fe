"""Fixture services racing each other on PostgreSQL, each call on its own
connection, released at the same moment: one division a season, and draws
that never mix, however the writes interleave."""
from collections import Counter
from datetime import date, timedelta
from functools import partial

import pytest
from django.contrib.auth import get_user_model
from leagues import a_league, a_season, a_team
from races import race
from test_cup_games import login_of
from test_venue_capacity import published_pair, station_nights
from test_venue_capacity_cup_games import singles_at_the_station, ties_of

from league.models import Division, DivisionEntry, Fixture, Team, Venue
from league.refusals import AlreadyEntered, VenueFull
from league.services.fixtures import division_team_add, fixture_rearrange, fixtures_generate
from league.services.game_tie_dates import game_tie_date_pick, game_tie_dates_offer


@pytest.mark.django_db(transaction=True)
def test_a_team_entered_in_two_divisions_at_once_plays_in_one(postgres: None) -> None:
    secretary = get_user_model().objects.create_user("secretary")
    league = a_league()
    league.secretaries.add(secretary)
    season = a_season(league)
    divisions = [Division.objects.create(season=season, name=name, level=level)
                 for level, name in enumerate(("Premier", "Division One"), start=1)]
    team = a_team(league, "Red Lion A")
    answers = race([
        partial(division_team_add, division_id=division.pk, team_id=team.pk, user=secretary) for division in divisions
    ])
    (entered,) = [answer for answer in answers if isinstance(answer, DivisionEntry)]
    (refused,) = [answer for answer in answers if isinstance(answer, AlreadyEntered)]
    assert f"already plays in {entered.division.name} this season" in refused.message
    assert DivisionEntry.objects.get().division == entered.division


@pytest.mark.django_db(transaction=True)
def test_two_draws_at_once_leave_one_draw(postgres: None) -> None:
    secretary = get_user_model().objects.create_user("secretary")
    league = a_league()
    league.secretaries.add(secretary)
    division = Division.objects.create(season=a_season(league), name="Premier")
    for name in ("Red Lion A", "Crown B", "Bell A", "Swan A"):
        division_team_add(division_id=division.pk, team_id=a_team(league, name).pk, user=secretary)
    starts = [date(2026, 9, 1), date(2026, 9, 8)]
    answers = race([
        partial(fixtures_generate, division_id=division.pk, start=start, weekday=1, skip_dates=(), user=secretary)
        for start in starts
    ])
    assert all(len(answer) == 12 for answer in answers)
    kept = Fixture.objects.filter(division=division)
    # The later draw replaced the earlier whole: no fixture of one is left
    # beside the other's.
    assert set(kept.values_list("pk", flat=True)) in [{fixture.pk for fixture in answer} for answer in answers]


@pytest.mark.django_db(transaction=True)
def test_two_divisions_drawn_at_once_round_one_pub_never_double_book_it(postgres: None) -> None:
    secretary = get_user_model().objects.create_user("secretary")
    league = a_league()
    league.secretaries.add(secretary)
    season = a_season(league)
    pub = Venue.objects.create(name="Station Hotel", board_sets=1)
    divisions = [Division.objects.create(season=season, name=name, level=level)
                 for level, name in enumerate(("Premier", "Division One"), start=1)]
    for division in divisions:
        for number in range(4):
            team = a_team(league, f"{division.name} {number}")
            if number == 0:
                Team.objects.filter(pk=team.pk).update(home_venue=pub)
            division_team_add(division_id=division.pk, team_id=team.pk, user=secretary)
    answers = race([
        partial(fixtures_generate, division_id=division.pk, start=date(2026, 9, 1), weekday=1, skip_dates=(),
                user=secretary)
        for division in divisions
    ])
    # The pub's row is locked before either counts it: the second draw
    # counts the first's matches there.
    assert all(len(answer) == 12 for answer in answers)
    nights = Counter(Fixture.objects.filter(venue=pub).values_list("date", flat=True))
    assert max(nights.values()) == 1


@pytest.mark.django_db(transaction=True)
def test_a_singles_tie_picked_and_a_match_moved_onto_a_pubs_last_board_at_once_one_gets_it(postgres: None) -> None:
    pub, ours, _theirs = published_pair()
    (tie,) = ties_of(singles_at_the_station(pub))
    night = max(station_nights()) + timedelta(weeks=1)
    game_tie_dates_offer(tie_id=tie.pk, dates=[night], user=login_of(tie, "home"))
    answers = race([
        partial(game_tie_date_pick, tie_id=tie.pk, date=night, user=login_of(tie, "away")),
        partial(fixture_rearrange, fixture_id=ours.pk, new_date=night, reason="snow", user=pub.secretary),
    ])
    # The pub's row is locked before either counts: the second counts the first.
    assert sum(isinstance(answer, VenueFull) for answer in answers) == 1
    tie.refresh_from_db()
    ours.refresh_from_db()
    assert (tie.date == night) != (ours.rearranged_to == night)
