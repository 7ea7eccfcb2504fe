"""The secretary's admin pages for the league: squads change only through
the squad services, and every change is audited."""
from typing import Any

import pytest
from django.test import Client
from leagues import a_league, a_season, a_team, players

from league.models import AuditEntry, SquadRegistration
from league.services.squads import squad_register


def test_adding_a_registration_goes_through_the_squad_service(browser: Client, staff: Any) -> None:
    league = a_league()
    league.secretaries.add(staff)
    season, team, (ann,) = a_season(league), a_team(league, "Red Lion A"), players(1)
    response = browser.post("/admin/league/squadregistration/add/",
                            {"season": season.pk, "team": team.pk, "player": ann.pk})
    assert response.status_code == 302
    registration = SquadRegistration.objects.get()
    assert (registration.player, registration.registered_by) == (ann, staff)
    assert AuditEntry.objects.get().action == "squad.register"


def test_the_admin_shows_why_a_registration_is_refused(browser: Client, staff: Any) -> None:
    league = a_league()
    season, team, (ann,) = a_season(league, deadline_in_days=-1), a_team(league, "Red Lion A"), players(1)
    team.captain = staff
    team.save()
    response = browser.post("/admin/league/squadregistration/add/",
                            {"season": season.pk, "team": team.pk, "player": ann.pk})
    assert response.status_code == 200
    assert "only a league secretary can change Red Lion A&#x27;s squad now" in response.content.decode()
    assert not SquadRegistration.objects.exists()


def test_the_admin_names_the_team_a_player_is_already_registered_for(browser: Client, staff: Any) -> None:
    league = a_league()
    league.secretaries.add(staff)
    season, (ann,) = a_season(league), players(1, prefix="Ann")
    red_lion, crown = a_team(league, "Red Lion A"), a_team(league, "Crown B")
    squad_register(season_id=season.pk, team_id=red_lion.pk, player_id=ann.pk, user=staff)
    response = browser.post("/admin/league/squadregistration/add/",
                            {"season": season.pk, "team": crown.pk, "player": ann.pk})
    assert response.context["adminform"].form.errors == {
        "player": ["Ann 1 is registered for Red Lion A this season: a player moves team mid-season only by a "
                   "transfer, where Leek & District allows them"],
    }


def test_staff_who_do_not_run_the_league_cannot_register_in_the_admin(browser: Client) -> None:
    league = a_league()
    season, team, (ann,) = a_season(league), a_team(league, "Red Lion A"), players(1)
    response = browser.post("/admin/league/squadregistration/add/",
                            {"season": season.pk, "team": team.pk, "player": ann.pk})
    assert response.status_code == 200
    assert ("only Red Lion A&#x27;s captain or vice-captain, or a secretary of Leek &amp; District, "
            "may change Red Lion A&#x27;s squad") in response.content.decode()
    assert not SquadRegistration.objects.exists()


def test_staff_who_do_not_run_the_league_cannot_withdraw_in_the_admin(browser: Client, secretary: Any) -> None:
    league = a_league()
    league.secretaries.add(secretary)
    season, team, (ann,) = a_season(league), a_team(league, "Red Lion A"), players(1)
    registration = squad_register(season_id=season.pk, team_id=team.pk, player_id=ann.pk, user=secretary)
    response = browser.post(f"/admin/league/squadregistration/{registration.pk}/delete/", {"post": "yes"})
    assert response.status_code == 403
    assert SquadRegistration.objects.filter(pk=registration.pk).exists()


def test_a_secretary_withdraws_a_player_in_the_admin(browser: Client, staff: Any) -> None:
    league = a_league()
    league.secretaries.add(staff)
    season, team, (ann,) = a_season(league), a_team(league, "Red Lion A"), players(1)
    registration = squad_register(season_id=season.pk, team_id=team.pk, player_id=ann.pk, user=staff)
    response = browser.post(f"/admin/league/squadregistration/{registration.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not SquadRegistration.objects.exists()
    assert AuditEntry.objects.order_by("id").last().action == "squad.withdraw"  # type: ignore[union-attr]


def test_a_change_in_the_admin_is_audited_with_who_made_it(browser: Client, staff: Any) -> None:
    league = a_league()
    team = a_team(league, "Red Lion A")
    response = browser.post(f"/admin/league/team/{team.pk}/change/",
                            {"league": league.pk, "name": "Red Lion Aces", "home_venue": team.home_venue_id})
    assert response.status_code == 302
    entry = AuditEntry.objects.get()
    assert (entry.action, entry.user, entry.target_label, entry.data) == (
        "team.change", staff, "Red Lion Aces", {"fields": ["name"], "via": "admin"},
    )


def test_the_admin_refuses_rules_the_engine_refuses(browser: Client) -> None:
    league = a_league()
    response = browser.post(f"/admin/league/league/{league.pk}/change/", {
        "name": league.name, "slug": league.slug, "rules": '{"preset": "snap"}', "match_format": "plain",
        "points_scheme": "plain", "forfeit": '{"score": [5, 4]}', "result_deadline_days": 7,
        "late_result_points": "[3, 5]",
    })
    assert response.status_code == 200
    assert "unknown preset" in response.content.decode()
    assert not AuditEntry.objects.exists()


def test_the_admin_refuses_a_forfeit_worth_more_than_a_defeat(browser: Client) -> None:
    league = a_league()
    response = browser.post(f"/admin/league/league/{league.pk}/change/", {
        "name": league.name, "slug": league.slug, "rules": '{"preset": "pub"}', "match_format": "plain",
        "points_scheme": "plain", "forfeit": '{"score": [5, 4], "loser_points": 2}', "result_deadline_days": 7,
        "late_result_points": "[3, 5]", "tie_breakers": '["points", "name"]',
    })
    assert response.status_code == 200
    assert "would give a side that forfeits 2 points" in response.content.decode()
    assert not AuditEntry.objects.exists()


@pytest.mark.parametrize("page", ["league", "season", "division", "venue", "team", "player",
                                  "squadregistration", "auditentry", "matchnight", "rubbergame", "sanction"])
def test_each_list_page_opens(browser: Client, page: str) -> None:
    assert browser.get(f"/admin/league/{page}/").status_code == 200


def test_a_match_night_shows_in_the_admin_with_its_rubbers_and_cannot_be_edited(browser: Client) -> None:
    from matchnights import a_match_night, sheet_entered

    from league.models import MatchNight
    from league.services.match_games import rubber_game_card

    night = a_match_night("plain")
    sheet_entered(night, ["singles"] * 9)
    rubber_game_card(fixture_id=night.fixture.pk, rubber=1, home_score=61, away_score=9, user=night.home_scorer)
    stored = MatchNight.objects.get()
    assert night.home.name in browser.get("/admin/league/matchnight/").content.decode()
    page = browser.get(f"/admin/league/matchnight/{stored.pk}/change/").content.decode()
    assert night.home_players[0].name in page
    assert browser.post(f"/admin/league/matchnight/{stored.pk}/change/", {"status": "confirmed"}).status_code == 403
    assert MatchNight.objects.get().status == "open"
    assert "61" in browser.get("/admin/league/rubbergame/").content.decode()


def test_a_game_shows_in_the_admin_with_its_move_log_and_cannot_be_edited(browser: Client, tablet: Any) -> None:
    from tablets import new_game, post_move

    from league.models import Game, GameEntry

    game = new_game(tablet)
    post_move(tablet, game["id"], {"seat": 0, "tile": "6-3", "peg": 3})
    page = browser.get(f"/admin/league/game/{game['id']}/change/").content.decode()
    assert "6-3" in page
    assert browser.post(f"/admin/league/game/{game['id']}/change/", {"label": "changed"}).status_code == 403
    assert (Game.objects.get().label, GameEntry.objects.count()) == ("", 1)
