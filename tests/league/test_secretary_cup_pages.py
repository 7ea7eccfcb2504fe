"""The secretary's cup pages: creating a cup with its rules and match
settings, its entries and seeds, the draw (checked first, its seed shown
after so it can be made again), a round's dates and a tie's date; and who
may use them. The captains' date forms post from the cup's public page."""
from datetime import timedelta
from typing import Any

import pytest
from cup_pages_data import Cup, a_cup
from django.test import Client
from django.utils import timezone
from leagues import a_league, players
from test_public_pages import page, text_of

import cups
from league.models import AuditEntry, Competition, CupDraw, CupTie, Fixture, SquadRegistration, Venue

DRAWN_BY_HAND = {"kind": "team", "structure": "knockout", "draw_mode": "rounds", "seeded": "drawn", "legs": "1",
                 "tie_break": "games,points", "level": "replay"}


@pytest.fixture
def cup(db: None) -> Cup:
    return a_cup()


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def secretary(cup: Cup) -> Client:
    return logged_in(cup.secretary)


def urls(cup: Cup) -> list[str]:
    c = cup.competition.pk
    return [f"/secretary/seasons/{cup.season.pk}/cups/new", f"/secretary/cups/{c}/", f"/secretary/cups/{c}/draw",
            f"/secretary/cups/{c}/entries/{cup.entries[0].pk}/withdraw"]


# Who may


def test_the_cup_pages_send_a_visitor_to_log_in(client: Client, cup: Cup) -> None:
    for url in urls(cup):
        response = client.get(url)
        assert response.status_code == 302 and "/accounts/login" in response["Location"], url


def test_a_captain_or_another_leagues_secretary_is_turned_away(cup: Cup) -> None:
    other = a_league("Tamworth")
    other_secretary = logged_in(cup.captains[1])
    other.secretaries.add(cup.captains[1])
    for client in (logged_in(cup.captains[0]), other_secretary):
        for url in urls(cup):
            assert client.get(url).status_code == 403, url
        assert client.post(f"/secretary/cups/{cup.competition.pk}/draw").status_code == 403
    assert not CupDraw.objects.exists()


def test_the_secretarys_home_links_each_seasons_cups_and_a_new_one(secretary: Client, cup: Cup) -> None:
    html = page(secretary, "/secretary/")
    assert f'href="/secretary/cups/{cup.competition.pk}/"' in html
    assert f'href="/secretary/seasons/{cup.season.pk}/cups/new"' in html


# Creating a cup


def test_a_secretary_creates_a_cup_with_its_rules_and_match_settings(secretary: Client, cup: Cup) -> None:
    hall = Venue.objects.create(name="Town Hall")
    cup.teams[0].home_venue = hall
    cup.teams[0].save()
    finals = timezone.localdate() + timedelta(days=90)
    response = secretary.post(f"/secretary/seasons/{cup.season.pk}/cups/new", {
        **DRAWN_BY_HAND, "name": "Charity Shield", "legs": "2", "tie_break": "games,points,away_points",
        "draw_mode": "bracket", "seeded": "seeded", "max_entries": "8", "finals_date": finals.isoformat(),
        "finals_venue": hall.pk, "match_format": "solihull", "points_scheme": "leek"})
    made = Competition.objects.get(name="Charity Shield")
    assert response.status_code == 302 and response["Location"] == f"/secretary/cups/{made.pk}/"
    assert (made.legs, made.tie_break, made.draw_mode, made.seeded, made.max_entries) == (
        2, ["games", "points", "away_points"], "bracket", True, 8)
    assert (made.finals_date, made.finals_venue_id) == (finals, hall.pk)
    assert made.division.is_cup and made.division.match_format == "solihull"
    assert made.division.points_scheme == "leek"


def test_away_measures_are_refused_for_a_one_leg_cup(secretary: Client, cup: Cup) -> None:
    response = secretary.post(f"/secretary/seasons/{cup.season.pk}/cups/new", {
        **DRAWN_BY_HAND, "name": "Plate", "tie_break": "games,points,away_points"})
    assert response.status_code == 200
    assert "away games and points break a level tie of two legs only" in text_of(response.content.decode())
    assert not Competition.objects.filter(name="Plate").exists()


def test_a_name_already_taken_is_refused_in_the_services_words(secretary: Client, cup: Cup) -> None:
    response = secretary.post(f"/secretary/seasons/{cup.season.pk}/cups/new", {**DRAWN_BY_HAND,
                                                                               "name": "Knockout Cup"})
    assert response.status_code == 200
    assert "already has a cup or a division called Knockout Cup" in text_of(response.content.decode())


# Entries and seeds


def test_a_secretary_enters_a_team_with_its_seed(db: None) -> None:
    cup = a_cup(names=["Red Lion A", "Crown B"], seeded=True)
    cup.entries[1].delete()
    client = logged_in(cup.secretary)
    response = client.post(f"/secretary/cups/{cup.competition.pk}/entries/add", {"team": cup.teams[1].pk,
                                                                                  "seed": "1"})
    assert response.status_code == 302
    entry = cup.competition.entries.get(team=cup.teams[1])
    assert entry.seed == 1


def test_seeds_are_saved_and_one_seed_cannot_go_to_two_entries(db: None) -> None:
    cup = a_cup(seeded=True)
    client = logged_in(cup.secretary)
    url = f"/secretary/cups/{cup.competition.pk}/seeds"
    response = client.post(url, {f"seed-{cup.entries[0].pk}": "1", f"seed-{cup.entries[1].pk}": "1"})
    assert "each seed may be given to one entry only" in text_of(response.content.decode())
    client.post(url, {f"seed-{cup.entries[2].pk}": "1", f"seed-{cup.entries[0].pk}": "2"})
    assert [e.seed for e in cup.competition.entries.order_by("id")] == [2, None, 1, None, None, None]


def test_withdrawing_an_entry_is_confirmed_first(secretary: Client, cup: Cup) -> None:
    url = f"/secretary/cups/{cup.competition.pk}/entries/{cup.entries[0].pk}/withdraw"
    assert "Check, then confirm" in text_of(page(secretary, url))
    cup.entries[0].refresh_from_db()
    assert not cup.entries[0].withdrawn
    assert secretary.post(url).status_code == 302
    cup.entries[0].refresh_from_db()
    assert cup.entries[0].withdrawn


# The draw


def test_the_draw_is_shown_before_it_is_made(secretary: Client, cup: Cup) -> None:
    words = text_of(page(secretary, f"/secretary/cups/{cup.competition.pk}/draw"))
    assert "The draw for quarter-finals" in words
    assert "Entries in the draw 6: Anchor, Bell, Crown B, Plough, Red Lion A, Swan" in words
    assert "Byes 2:" in words
    assert not CupDraw.objects.exists()


def test_the_draw_made_shows_its_seed_and_can_be_made_again_from_it(secretary: Client, cup: Cup) -> None:
    response = secretary.post(f"/secretary/cups/{cup.competition.pk}/draw", {"seed": "20261201"})
    assert response.status_code == 302
    draw = CupDraw.objects.get()
    assert draw.seed == 20261201
    words = text_of(page(secretary, f"/secretary/cups/{cup.competition.pk}/"))
    assert "Drawn at random from seed 20261201" in words
    again = cups.draw_round([cups.Entrant(e.pk, e.name) for e in cup.entries], round=1, seed=20261201)
    assert cups.describe(again) in page(secretary, f"/secretary/cups/{cup.competition.pk}/")
    assert CupTie.objects.filter(competition=cup.competition, round=1).count() == 4
    assert AuditEntry.objects.filter(action="cup.draw").exists()
    assert "Round 1, drawn" in text_of(page(Client(), f"/cups/{cup.competition.pk}/"))
    assert "at random from seed 20261201" in text_of(page(Client(), f"/cups/{cup.competition.pk}/"))


def test_a_fresh_seed_is_chosen_when_none_is_given(secretary: Client, cup: Cup) -> None:
    secretary.post(f"/secretary/cups/{cup.competition.pk}/draw", {"seed": ""})
    assert CupDraw.objects.get().seed is not None


def test_the_next_round_cannot_be_drawn_while_a_tie_is_undecided(secretary: Client, cup: Cup) -> None:
    secretary.post(f"/secretary/cups/{cup.competition.pk}/draw", {"seed": "7"})
    words = text_of(page(secretary, f"/secretary/cups/{cup.competition.pk}/draw"))
    assert "Quarter-finals: 2 ties still to be decided" in words
    assert secretary.post(f"/secretary/cups/{cup.competition.pk}/draw", {"seed": "8"}).status_code == 200
    assert CupDraw.objects.count() == 1


# Dates


@pytest.fixture
def drawn(secretary: Client, cup: Cup) -> CupTie:
    secretary.post(f"/secretary/cups/{cup.competition.pk}/draw", {"seed": "7"})
    return CupTie.objects.filter(competition=cup.competition, bye=False).order_by("number").first()


def test_a_rounds_window_is_set(secretary: Client, cup: Cup, drawn: CupTie) -> None:
    start = timezone.localdate() + timedelta(days=7)
    end = start + timedelta(days=14)
    secretary.post(f"/secretary/cups/{cup.competition.pk}/rounds/1/window",
                   {"window1-start": start.isoformat(), "window1-end": end.isoformat()})
    drawn.refresh_from_db()
    assert (drawn.window_start, drawn.window_end) == (start, end)
    assert f"Play by {end.day} {end:%b}" in text_of(page(Client(), f"/cups/{cup.competition.pk}/"))


def test_the_secretary_sets_a_ties_date_and_its_match_is_in_the_fixtures(secretary: Client, cup: Cup,
                                                                         drawn: CupTie) -> None:
    night = timezone.localdate() + timedelta(days=10)
    secretary.post(f"/secretary/cup-ties/{drawn.pk}/date", {f"tie{drawn.pk}-date": night.isoformat()})
    fixture = Fixture.objects.get(cup_tie=drawn)
    assert fixture.date == night and fixture.status == Fixture.Status.PUBLISHED
    assert f'href="/fixtures/{fixture.pk}/night"' in page(Client(), f"/cups/{cup.competition.pk}/")


def test_captains_offer_and_pick_a_date_from_the_cup_page(secretary: Client, cup: Cup, drawn: CupTie) -> None:
    assert drawn.home is not None and drawn.away is not None
    home = logged_in(drawn.home.team.captain)
    away = logged_in(drawn.away.team.captain)
    days = [timezone.localdate() + timedelta(days=n) for n in (5, 9)]
    home.post(f"/cup-ties/{drawn.pk}/offer", {f"offer{drawn.pk}-first": days[0].isoformat(),
                                              f"offer{drawn.pk}-second": days[1].isoformat()})
    drawn.refresh_from_db()
    assert drawn.offered_dates == [d.isoformat() for d in days]
    refused = away.post(f"/cup-ties/{drawn.pk}/offer", {f"offer{drawn.pk}-first": days[0].isoformat()},
                        follow=True)
    assert "captain" in text_of(refused.content.decode())
    away.post(f"/cup-ties/{drawn.pk}/pick", {f"pick{drawn.pk}-date": days[1].isoformat()})
    assert Fixture.objects.get(cup_tie=drawn).date == days[1]


# Singles and pairs


def test_a_singles_cup_takes_players_and_the_secretary_records_each_winner(db: None) -> None:
    cup = a_cup(names=["Red Lion A"], kind=Competition.Kind.SINGLES)
    cup.entries[0].delete()
    league_players = players(2, prefix="Singles")
    for player in league_players:
        SquadRegistration.objects.create(season=cup.season, team=cup.teams[0], player=player)
    client = logged_in(cup.secretary)
    url = f"/secretary/cups/{cup.competition.pk}/"
    assert "Enter a player" in text_of(page(client, url))
    for player in league_players:
        client.post(f"{url}entries/add", {"player": player.pk})
    assert [e.player_id for e in cup.competition.entries.order_by("id")] == [p.pk for p in league_players]
    client.post(f"{url}draw", {"seed": "3"})
    tie = CupTie.objects.get(competition=cup.competition)
    assert tie.home is not None
    assert f'action="/secretary/cup-ties/{tie.pk}/winner"' in page(client, url)
    client.post(f"/secretary/cup-ties/{tie.pk}/winner", {f"won{tie.pk}-winner": tie.home.pk,
                                                         f"won{tie.pk}-reason": "61-48"})
    tie.refresh_from_db()
    assert tie.winner_id == tie.home_id and tie.decided_reason == "61-48"
    cup.competition.refresh_from_db()
    assert cup.competition.status == Competition.Status.FINISHED
    assert "Winner: Singles" in text_of(page(Client(), f"/cups/{cup.competition.pk}/"))
