"""The public cup pages: the season's cups on the league's home, a
competition's draw round by round (entrants, byes, dates, legs, scores and
walkovers, the places still to fill), the captains' date forms on it, the
roll of winners, and the finals night on the pub's TV."""
from datetime import timedelta
from typing import Any

import pytest
from cup_pages_data import Cup, a_cup, a_leg, a_tie, first_round_of_six
from django.templatetags.static import static
from django.test import Client
from django.utils import timezone
from test_public_pages import page, tables_of, text_of

from league.models import Competition, Fixture, MatchNight, Venue


@pytest.fixture
def cup(db: None) -> Cup:
    return a_cup(draw_mode=Competition.DrawMode.BRACKET, status=Competition.Status.DRAWN)


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


# The league's home


def test_the_league_home_lists_the_seasons_cups_and_the_roll_of_winners(client: Client, cup: Cup) -> None:
    html = page(client, f"/leagues/{cup.league.slug}/")
    assert f'href="/cups/{cup.competition.pk}/"' in html
    assert f'href="/leagues/{cup.league.slug}/cups/winners"' in html
    assert "Cups Knockout Cup Drawn" in text_of(html)


def test_a_season_without_cups_says_so(client: Client, db: None) -> None:
    cup = a_cup()
    cup.competition.delete()
    assert "No cups this season." in text_of(page(client, f"/leagues/{cup.league.slug}/"))


def test_the_cups_own_division_is_not_listed_as_a_division(client: Client, cup: Cup) -> None:
    html = page(client, f"/leagues/{cup.league.slug}/")
    assert f'href="/divisions/{cup.competition.division_id}/"' not in html


# A competition's draw


def test_the_draw_shows_every_round_by_name_with_the_places_still_to_fill(client: Client, cup: Cup) -> None:
    first_round_of_six(cup)
    words = text_of(page(client, f"/cups/{cup.competition.pk}/"))
    for name in ("Quarter-finals", "Semi-finals", "Final"):
        assert f" {name} " in words
    for team in cup.teams:
        assert team.name in words
    assert "Winner of quarter-final 1 Winner of quarter-final 2" in words
    assert "Winner of semi-final 1 Winner of semi-final 2" in words


def test_a_bye_is_shown_as_one_with_its_entrant_through(client: Client, cup: Cup) -> None:
    first_round_of_six(cup)
    words = text_of(page(client, f"/cups/{cup.competition.pk}/"))
    assert "Red Lion A through Bye" in words
    assert "Bell through Bye" in words


def test_a_cup_drawn_round_by_round_leaves_the_later_rounds_to_the_draw(client: Client, db: None) -> None:
    cup = a_cup(draw_mode=Competition.DrawMode.ROUNDS, status=Competition.Status.DRAWN)
    first_round_of_six(cup)
    words = text_of(page(client, f"/cups/{cup.competition.pk}/"))
    assert "Semi-finals Not drawn yet To be drawn To be drawn" in words
    assert "Winner of" not in words


def test_a_tie_shows_its_legs_with_dates_scores_and_a_link_to_each_match_card(client: Client, db: None) -> None:
    cup = a_cup(names=["Red Lion A", "Crown B"], legs=2, status=Competition.Status.DRAWN)
    tie = a_tie(cup, 1, 1, 0, 1)
    first = a_leg(cup, tie, leg=1, days=-14)
    MatchNight.objects.create(fixture=first, status=MatchNight.Status.CONFIRMED, home_games=6, away_games=3)
    second = a_leg(cup, tie, leg=2, days=7)
    html = page(client, f"/cups/{cup.competition.pk}/")
    words = text_of(html)
    assert f"First leg: {first.date:%a} {first.date.day} {first.date:%b} at Red Lion A 6–3" in words
    assert f"Second leg: {second.date:%a} {second.date.day} {second.date:%b} at Crown B" in words
    assert f'href="/fixtures/{first.pk}/night"' in html and f'href="/fixtures/{second.pk}/night"' in html


def test_a_walkover_and_the_winner_through_are_shown(client: Client, db: None) -> None:
    cup = a_cup(names=["Red Lion A", "Crown B"], status=Competition.Status.FINISHED)
    tie = a_tie(cup, 1, 1, 0, 1, winner=None)
    a_leg(cup, tie, days=-3, status=Fixture.Status.WALKOVER, walkover_winner=cup.teams[1], reason="no team")
    tie.winner, tie.decided_reason = cup.entries[1], "Walkover to Crown B"
    tie.save()
    words = text_of(page(client, f"/cups/{cup.competition.pk}/"))
    assert "walkover to Crown B" in words
    assert "Crown B through" in words
    assert "Winner: Crown B" in words


def test_a_draft_leg_is_not_shown_to_the_public(client: Client, db: None) -> None:
    cup = a_cup(names=["Red Lion A", "Crown B"], status=Competition.Status.DRAWN)
    draft = a_leg(cup, a_tie(cup, 1, 1, 0, 1), status=Fixture.Status.DRAFT)
    assert f"/fixtures/{draft.pk}/night" not in page(client, f"/cups/{cup.competition.pk}/")


def test_before_the_draw_the_page_lists_the_entries(client: Client, db: None) -> None:
    cup = a_cup(entry_closes=timezone.localdate() + timedelta(days=10))
    cup.entries[2].withdrawn = True
    cup.entries[2].save()
    words = text_of(page(client, f"/cups/{cup.competition.pk}/"))
    assert "Entries close" in words and "Red Lion A" in words and "Swan" not in words


def test_an_unknown_competition_is_not_found(client: Client, db: None) -> None:
    assert client.get("/cups/999/").status_code == 404


# The captains' date forms


@pytest.fixture
def one_tie(db: None) -> tuple[Cup, Any]:
    cup = a_cup(names=["Red Lion A", "Crown B"], status=Competition.Status.DRAWN)
    today = timezone.localdate()
    return cup, a_tie(cup, 1, 1, 0, 1, window_start=today, window_end=today + timedelta(days=21))


def test_the_home_captain_is_offered_the_dates_form_and_nobody_else(one_tie: tuple[Cup, Any]) -> None:
    cup, tie = one_tie
    offer = f'action="/cup-ties/{tie.pk}/offer"'
    assert offer in page(logged_in(cup.captains[0]), f"/cups/{cup.competition.pk}/")
    for client in (Client(), logged_in(cup.captains[1]), logged_in(cup.secretary)):
        html = page(client, f"/cups/{cup.competition.pk}/")
        assert offer not in html and f"/cup-ties/{tie.pk}/pick" not in html


def test_the_away_captain_picks_from_the_dates_offered(one_tie: tuple[Cup, Any]) -> None:
    cup, tie = one_tie
    days = [timezone.localdate() + timedelta(days=n) for n in (3, 5)]
    tie.offered_dates = [day.isoformat() for day in days]
    tie.save()
    html = page(logged_in(cup.captains[1]), f"/cups/{cup.competition.pk}/")
    assert f'action="/cup-ties/{tie.pk}/pick"' in html
    for day in days:
        assert f'value="{day.isoformat()}"' in html
    shown = ", ".join(f"{day:%a} {day.day} {day:%b}" for day in days)
    assert f"Dates offered: {shown}, for the other side to pick" in text_of(html)


def test_no_date_form_while_a_leg_is_arranged_and_unplayed(one_tie: tuple[Cup, Any]) -> None:
    cup, tie = one_tie
    a_leg(cup, tie, days=4)
    html = page(logged_in(cup.captains[0]), f"/cups/{cup.competition.pk}/")
    assert "/offer" not in html


def test_the_second_leg_is_offered_by_the_side_at_home_in_it(db: None) -> None:
    cup = a_cup(names=["Red Lion A", "Crown B"], legs=2, status=Competition.Status.DRAWN)
    tie = a_tie(cup, 1, 1, 0, 1)
    first = a_leg(cup, tie, leg=1, days=-7)
    MatchNight.objects.create(fixture=first, status=MatchNight.Status.CONFIRMED, home_games=5, away_games=4)
    offer = f'action="/cup-ties/{tie.pk}/offer"'
    assert offer in page(logged_in(cup.captains[1]), f"/cups/{cup.competition.pk}/")
    assert offer not in page(logged_in(cup.captains[0]), f"/cups/{cup.competition.pk}/")


def test_offering_dates_needs_a_login(one_tie: tuple[Cup, Any]) -> None:
    _, tie = one_tie
    response = Client().post(f"/cup-ties/{tie.pk}/offer", {f"offer{tie.pk}-first": "2031-01-01"})
    assert response.status_code == 302 and "/accounts/login" in response["Location"]


# The roll of winners


def test_the_roll_of_winners_names_each_finished_cups_winner_and_runner_up(client: Client, db: None) -> None:
    cup = a_cup(names=["Red Lion A", "Crown B", "Swan", "Bell"], status=Competition.Status.FINISHED)
    a_tie(cup, 1, 1, 0, 1, winner=cup.entries[0])
    a_tie(cup, 1, 2, 2, 3, winner=cup.entries[3])
    a_tie(cup, 2, 1, 0, 3, winner=cup.entries[3])
    html = page(client, f"/leagues/{cup.league.slug}/cups/winners")
    assert tables_of(html)["roll"][1:] == [[cup.season.name, "Knockout Cup", "Bell", "Red Lion A"]]


def test_a_cup_still_being_played_is_not_on_the_roll(client: Client, cup: Cup) -> None:
    first_round_of_six(cup)
    assert "No cup has been won yet" in text_of(page(client, f"/leagues/{cup.league.slug}/cups/winners"))


# Finals night


@pytest.fixture
def finals(db: None) -> tuple[Cup, list[Fixture]]:
    """Four teams' cup: both semi-finals on the finals night at the Town
    Hall, and another of the cup's fixtures that night at a pub."""
    night = timezone.localdate() + timedelta(days=30)
    hall = Venue.objects.create(name="Town Hall")
    cup = a_cup(names=["Red Lion A", "Crown B", "Swan", "Bell"], finals_date=night, finals_venue=hall,
                status=Competition.Status.DRAWN)
    semis = [a_tie(cup, 1, 1, 0, 1), a_tie(cup, 1, 2, 2, 3)]
    fixtures = [a_leg(cup, tie, on=night, venue=hall) for tie in semis]
    a_leg(cup, semis[0], leg=3, on=night)
    return cup, fixtures


def test_the_finals_page_shows_every_match_of_the_night_at_the_venue(client: Client,
                                                                     finals: tuple[Cup, list[Fixture]]) -> None:
    cup, fixtures = finals
    html = page(client, f"/cups/{cup.competition.pk}/finals")
    assert html.count('class="match-board"') == 2
    for fixture in fixtures:
        assert f'id="match-{fixture.pk}"' in html
    words = text_of(html)
    assert "Red Lion A 0–0 Crown B" in words and "Swan 0–0 Bell" in words
    assert f'data-poll="/cups/{cup.competition.pk}/finals/live"' in html
    assert static("js/night.js") in html  # the match night page's own polling, not another
    assert "Knockout Cup · Semi-finals" in words


def test_the_finals_live_part_is_never_cached(client: Client, finals: tuple[Cup, list[Fixture]]) -> None:
    cup, _ = finals
    response = client.get(f"/cups/{cup.competition.pk}/finals/live")
    assert response.status_code == 200
    assert "no-cache" in response["Cache-Control"] or "max-age=0" in response["Cache-Control"]
    assert response.content.decode().count('class="match-board"') == 2


def test_a_cup_without_a_finals_night_has_no_finals_page(client: Client, cup: Cup) -> None:
    assert client.get(f"/cups/{cup.competition.pk}/finals").status_code == 404


# Entering


def test_a_captain_enters_their_team_from_the_cup_page(db: None) -> None:
    cup = a_cup()
    cup.entries[0].delete()
    captain = logged_in(cup.captains[0])
    html = page(captain, f"/cups/{cup.competition.pk}/")
    assert "Enter Red Lion A" in text_of(html)
    assert "Enter Crown B" not in text_of(page(logged_in(cup.captains[1]), f"/cups/{cup.competition.pk}/"))
    response = captain.post(f"/cups/{cup.competition.pk}/enter", {"team": cup.teams[0].pk}, follow=True)
    assert "Red Lion A is entered in Knockout Cup." in text_of(response.content.decode())
    assert cup.competition.entries.filter(team=cup.teams[0]).exists()


def test_a_captain_cannot_enter_another_captains_team(db: None) -> None:
    cup = a_cup()
    cup.entries[0].delete()
    response = logged_in(cup.captains[1]).post(f"/cups/{cup.competition.pk}/enter", {"team": cup.teams[0].pk},
                                               follow=True)
    assert "captain" in text_of(response.content.decode())
    assert not cup.competition.entries.filter(team=cup.teams[0]).exists()


def test_a_cup_fixtures_match_night_leads_back_to_the_cup(client: Client, cup: Cup) -> None:
    ties = first_round_of_six(cup)
    leg = a_leg(cup, ties[1])
    assert f'href="/cups/{cup.competition.pk}/"' in page(client, f"/fixtures/{leg.pk}/night")


def test_a_captain_finds_the_cup_ties_to_arrange_on_the_front_page(one_tie: tuple[Cup, Any]) -> None:
    cup, tie = one_tie
    words = text_of(page(logged_in(cup.captains[0]), "/"))
    assert "Cup ties to arrange Knockout Cup: Red Lion A v Crown B: offer up to three dates" in words
    assert "Cup ties to arrange" not in text_of(page(logged_in(cup.captains[1]), "/"))
