"""Squads on the secretary's pages: one name or a list (pasted, or a CSV
upload), always checked first on a review that says which names are new,
which are players already and which are refused and why (squad full,
registered for another team, past the deadline), then registered on
confirmation; and last season's squads carried over in one step."""
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from forms import CSRF, browser, post, text
from leagues import a_season, a_team, players

from league.models import AuditEntry, Division, DivisionEntry, Player, Season, SquadRegistration, Team


@pytest.fixture
def season(league: Any) -> Season:
    return a_season(league, squad_max=4, squad_min=2)


@pytest.fixture
def team(league: Any) -> Team:
    return a_team(league, "Red Lion A")


def squad_url(season: Season, team: Team) -> str:
    return f"/secretary/seasons/{season.pk}/teams/{team.pk}/squad"


def squad_names(season: Season, team: Team) -> list[str]:
    return sorted(SquadRegistration.objects.filter(season=season, team=team).values_list("player__name", flat=True))


def test_the_review_says_who_is_new_who_exists_and_who_is_refused_and_registers_nobody(
    secretary: Any, league: Any, season: Season, team: Team,
) -> None:
    Player.objects.create(name="Jo Bloggs")
    elsewhere = a_team(league, "Crown B")
    taken = Player.objects.create(name="Sam Smith")
    SquadRegistration.objects.create(season=season, team=elsewhere, player=taken)
    html = text(post(browser(secretary), squad_url(season, team), {
        "step": "review", "names": "Jo Bloggs\nAnn New\n\nsam  smith\n"}))
    review = html[html.index("Check, then confirm"):]
    assert "Jo Bloggs</th>" in review and "already a player" in review
    assert "Ann New</th>" in review and "a new player" in review
    assert "registered for Crown B this season: a player moves team mid-season only by a transfer" in review
    assert "Register 2 players" in review
    assert squad_names(season, team) == [] and not Player.objects.filter(name="Ann New").exists()
    assert not AuditEntry.objects.filter(action__startswith="squad.register").exists()


def test_confirming_registers_the_names_the_review_showed_and_audits_each(
    secretary: Any, season: Season, team: Team,
) -> None:
    Player.objects.create(name="Jo Bloggs")
    client = browser(secretary)
    page = post(client, squad_url(season, team), {"step": "confirm", "names": "Jo Bloggs\nAnn New"})
    assert page.status_code == 302
    assert squad_names(season, team) == ["Ann New", "Jo Bloggs"]
    assert AuditEntry.objects.filter(action="squad.register").count() == 2
    assert AuditEntry.objects.filter(action="player.create", target_label="Ann New").count() == 1
    assert "2 players registered for Red Lion A, 1 of them new to the league." in text(
        client.get(squad_url(season, team)))


def test_a_full_squad_refuses_the_names_past_its_maximum_in_the_review_and_on_confirming(
    secretary: Any, season: Season, team: Team,
) -> None:
    names = "\n".join(f"Player {n}" for n in range(1, 7))
    html = text(post(browser(secretary), squad_url(season, team), {"step": "review", "names": names}))
    assert html.count("the most allowed") == 2 and "Register 4 players" in html
    post(browser(secretary), squad_url(season, team), {"step": "confirm", "names": names})
    assert len(squad_names(season, team)) == 4
    assert not Player.objects.filter(name="Player 5").exists()
    assert AuditEntry.objects.filter(action="squad.register.refused").count() == 2


def test_past_the_deadline_the_secretary_must_say_so_to_register(secretary: Any, league: Any, team: Team) -> None:
    late = a_season(league, deadline_in_days=-1)
    refused = text(post(browser(secretary), squad_url(late, team), {"step": "review", "names": "Jo Bloggs"}))
    assert "past the registration deadline" in refused and "Register 0 players" in refused
    insisted = text(post(browser(secretary), squad_url(late, team),
                         {"step": "review", "names": "Jo Bloggs", "late_ok": "on"}))
    assert "Register 1 player" in insisted
    post(browser(secretary), squad_url(late, team), {"step": "confirm", "names": "Jo Bloggs", "late_ok": "on"})
    assert squad_names(late, team) == ["Jo Bloggs"]
    assert AuditEntry.objects.get(action="squad.register").data["late"] is True


def test_a_csv_with_a_header_registers_its_name_column(secretary: Any, season: Season, team: Team) -> None:
    upload = SimpleUploadedFile("squad.csv", b"Number,Name\n1,Jo Bloggs\n2,Ann New\n", content_type="text/csv")
    client = browser(secretary)
    client.cookies["csrftoken"] = CSRF
    html = text(client.post(squad_url(season, team), {
        "step": "review", "names": "", "upload": upload, "csrfmiddlewaretoken": CSRF}))
    assert "Jo Bloggs</th>" in html and "Ann New</th>" in html and "Number" not in html.split("Check, then")[1]
    assert "Register 2 players" in html


def test_two_players_of_one_name_are_refused_rather_than_guessed(secretary: Any, season: Season, team: Team) -> None:
    players(1, "Jo")
    players(1, "Jo")
    html = text(post(browser(secretary), squad_url(season, team), {"step": "review", "names": "Jo 1"}))
    assert "2 players are called Jo 1" in html


def test_a_name_listed_twice_is_registered_once(secretary: Any, season: Season, team: Team) -> None:
    post(browser(secretary), squad_url(season, team), {"step": "confirm", "names": "Ann New\nann new"})
    assert squad_names(season, team) == ["Ann New"]


def test_a_player_is_withdrawn_from_the_squad(secretary: Any, season: Season, team: Team) -> None:
    player = Player.objects.create(name="Jo Bloggs")
    SquadRegistration.objects.create(season=season, team=team, player=player)
    post(browser(secretary), f"{squad_url(season, team)}/{player.pk}/withdraw")
    assert squad_names(season, team) == []


def test_someone_who_runs_another_league_is_kept_out(season: Season, team: Team) -> None:
    other = get_user_model().objects.create_user("stranger")
    assert browser(other).get(squad_url(season, team)).status_code == 403
    post(browser(other), squad_url(season, team), {"step": "confirm", "names": "Jo"})
    assert squad_names(season, team) == []


# Carrying over


@pytest.fixture
def two_seasons(league: Any, team: Team) -> tuple[Season, Season, Team]:
    """Last season with Red Lion A (two players) and Crown B (one) entered;
    this season with Red Lion A entered and a new team, Swan."""
    today = timezone.localdate()
    last = Season.objects.create(league=league, name="Winter 2025-26", start=today - timedelta(days=300),
                                 registration_deadline=today - timedelta(days=310))
    now = a_season(league)
    crown, swan = a_team(league, "Crown B"), a_team(league, "Swan")
    for season, teams in ((last, [team, crown]), (now, [team, swan])):
        division = Division.objects.create(season=season, name="Premier")
        for entered in teams:
            DivisionEntry.objects.create(division=division, team=entered)
    for name in ("Jo Bloggs", "Ann New"):
        SquadRegistration.objects.create(season=last, team=team, player=Player.objects.create(name=name))
    SquadRegistration.objects.create(season=last, team=crown, player=Player.objects.create(name="Sam Smith"))
    return last, now, team


def test_the_carry_over_review_lists_the_teams_in_both_seasons_and_registers_nothing(
    secretary: Any, two_seasons: tuple[Season, Season, Team],
) -> None:
    last, now, team = two_seasons
    html = text(browser(secretary).get(f"/secretary/seasons/{now.pk}/carry-over"))
    assert "Red Lion A" in html and "Jo Bloggs" in html and "Ann New" in html
    assert "Crown B" not in html and "Sam Smith" not in html and "Register 2 players" in html
    assert squad_names(now, team) == []


def test_confirming_the_carry_over_registers_last_seasons_squads(
    secretary: Any, two_seasons: tuple[Season, Season, Team],
) -> None:
    last, now, team = two_seasons
    page = post(browser(secretary), f"/secretary/seasons/{now.pk}/carry-over")
    assert page.status_code == 302
    assert squad_names(now, team) == ["Ann New", "Jo Bloggs"]
    assert SquadRegistration.objects.filter(season=now).count() == 2
    assert AuditEntry.objects.filter(action="squad.register").count() == 2
