"""A decided tie corrected after the draw went on: the bracket never names a
winner who did not play on. While the winner's next tie has not begun the
correction goes through to it (the new winner named there, whatever was
arranged with the old one dropped); once that tie has begun or is decided,
the correction is refused, saying which tie was played. Team, singles and
pairs cups alike, through the API and the secretary's pages."""

import pytest
from cupleague import a_cup_league, day, leg_played, ok
from django.test import Client
from test_api_cups import cup_created, sides, tie
from test_cup_games import a_drawn_cup, final, semi
from test_public_pages import text_of

from league.models import Competition, CupTie, Notice, Venue
from league.selectors.shown_names import entry_name_public
from league.services.cup_games import cup_game_card, cup_game_start, game_tie_date_set
from league.services.game_tie_dates import game_tie_date_pick, game_tie_dates_offer

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("kind", ["singles", "pairs"])
def test_another_winner_recorded_on_the_cup_page_once_the_final_has_begun_is_refused(kind: str) -> None:
    competition, secretary = a_drawn_cup(4, kind=kind)
    for number in (1, 2):
        cup_game_card(tie_id=semi(competition, number).pk, home_score=61, away_score=40, user=secretary)
    cup_game_start(tie_id=final(competition).pk, user=secretary)
    first = semi(competition)
    client = Client()
    client.force_login(secretary)
    page = client.post(f"/secretary/cup-ties/{first.pk}/winner",
                       {f"won{first.pk}-winner": first.away_id, f"won{first.pk}-reason": "a walkover"}, follow=True)
    words = text_of(page.content.decode())
    against = entry_name_public(final(competition).away)
    assert (f"{entry_name_public(first.home)} played on: their tie against {against} in the final has begun "
            "(a game of it is played or being played), so this tie's result can no longer change") in words
    assert semi(competition).winner_id == first.home_id and final(competition).home_id == first.home_id


@pytest.mark.parametrize("kind", ["singles", "pairs"])
def test_another_winner_recorded_before_the_final_begins_goes_through_to_it(kind: str) -> None:
    competition, secretary = a_drawn_cup(4, kind=kind)
    for number in (1, 2):
        cup_game_card(tie_id=semi(competition, number).pk, home_score=61, away_score=40, user=secretary)
    game_tie_date_set(tie_id=final(competition).pk, date=day(9), user=secretary)
    first = semi(competition)
    client = Client()
    client.force_login(secretary)
    page = client.post(f"/secretary/cup-ties/{first.pk}/winner",
                       {f"won{first.pk}-winner": first.away_id, f"won{first.pk}-reason": "a walkover"}, follow=True)
    assert page.status_code == 200
    the_final: CupTie = final(competition)
    assert semi(competition).winner_id == first.away_id and the_final.home_id == first.away_id
    assert the_final.date is None  # agreed with the side that no longer plays it
    names = f"{first.away} v {the_final.away}"
    assert names in text_of(client.get(f"/secretary/cups/{competition.pk}/").content.decode())


@pytest.mark.slow  # a whole cup played through the API, a second or more: make test-fast leaves it out
def test_a_round_by_round_tie_decided_again_sends_its_new_winner_where_the_draw_put_its_winner() -> None:
    cup = a_cup_league(4, names="ABCD")
    competition = cup_created(cup, draw_mode="rounds", seeded=False, legs=1)
    for team in cup.teams:
        ok(cup.captain(team).post(f"/api/cups/{competition['id']}/entries", {"team": team.pk}, format="json"), 201)
    ok(cup.desk().post(f"/api/cups/{competition['id']}/draw", {"seed": 5}, format="json"), 201)
    legs = {}
    for number in (1, 2):
        legs[number] = ok(cup.desk().post(f"/api/cup-ties/{tie(competition, 1, number)['id']}/date",
                                          {"date": day(3 + number).isoformat()}, format="json"), 201)
        leg_played(cup, legs[number], home_wins=5)
    ok(cup.desk().post(f"/api/cups/{competition['id']}/draw", {"seed": 6}, format="json"), 201)
    first = tie(competition, 1, 1)
    winner, loser = first["home"]["name"][0], first["away"]["name"][0]
    drawn = sides(tie(competition, 2, 1))
    assert winner in drawn

    # Its leg voided, the tie has no winner: its place in the final waits for one.
    ok(cup.desk().post(f"/api/fixtures/{legs[1]['id']}/void", {"reason": "played at the wrong pub"},
                       format="json"))
    assert None in sides(tie(competition, 2, 1))
    replayed = ok(cup.desk().post(f"/api/cup-ties/{first['id']}/date", {"date": day(7).isoformat()},
                                  format="json"), 201)
    leg_played(cup, replayed, home_wins=4)
    assert tie(competition, 1, 1)["winner"]["name"][0] == loser
    assert sides(tie(competition, 2, 1)) == tuple(loser if side == winner else side for side in drawn)


@pytest.mark.parametrize("kind", ["singles", "pairs"])
def test_the_players_of_a_date_agreed_then_dropped_by_a_correction_are_told_once(kind: str) -> None:
    competition, secretary = a_drawn_cup(4, kind=kind)
    for number in (1, 2):
        cup_game_card(tie_id=semi(competition, number).pk, home_score=61, away_score=40, user=secretary)
    the_final = final(competition)
    assert the_final.home is not None and the_final.away is not None
    players = [*the_final.home.logins, *the_final.away.logins]
    for login in players:
        login.email = f"{login.username}@example.org"
        login.save()
    game_tie_dates_offer(tie_id=the_final.pk, dates=[day(9), day(10)], user=the_final.home.logins[0])
    game_tie_date_pick(tie_id=the_final.pk, date=day(10), user=the_final.away.logins[0])
    first = semi(competition)
    client = Client()
    client.force_login(secretary)
    for _ in range(2):  # the same winner recorded again: nothing more is called off
        client.post(f"/secretary/cup-ties/{first.pk}/winner",
                    {f"won{first.pk}-winner": first.away_id, f"won{first.pk}-reason": "a walkover"})
    assert final(competition).home_id == first.away_id and final(competition).date is None
    told = Notice.objects.filter(subject__startswith="Called off: Singles Knockout, ")
    assert sorted(told.values_list("address", flat=True)) == sorted(login.email for login in players)
    assert len(players) == (4 if kind == "pairs" else 2)
    letter = told.get(address=players[-1].email)
    assert letter.kind == "fixture_changed" and letter.link.endswith(f"#tie-{the_final.pk}")
    assert f"set for {day(10):%A} {day(10).day} {day(10):%B %Y}, is called off" in letter.body
    assert "no longer plays in it, as a correction decided the tie before it again" in letter.body


@pytest.mark.parametrize("kind", ["singles", "pairs"])
def test_a_tie_on_the_finals_night_keeps_it_and_tells_the_side_gone_the_side_come_and_the_side_staying_once(kind: str) -> None:
    competition, secretary = a_drawn_cup(4, kind=kind)
    hall = Venue.objects.create(name="Town Hall")
    Competition.objects.filter(pk=competition.pk).update(finals_date=day(20), finals_venue=hall)
    first = semi(competition)
    assert first.home is not None and first.away is not None
    for number in (1, 2):
        cup_game_card(tie_id=semi(competition, number).pk, home_score=61, away_score=40, user=secretary)
    game_tie_date_set(tie_id=final(competition).pk, date=day(20), user=secretary)
    staying = final(competition).away
    assert staying is not None
    gone, come = first.home.logins, first.away.logins
    for login in [*gone, *come, *staying.logins]:
        login.email = f"{login.username}@example.org"
        login.save()
    client = Client()
    client.force_login(secretary)
    for _ in range(2):  # the same winner recorded again: nobody is told twice
        client.post(f"/secretary/cup-ties/{first.pk}/winner",
                    {f"won{first.pk}-winner": first.away_id, f"won{first.pk}-reason": "a walkover"})
    the_final = final(competition)
    assert the_final.home_id == first.away_id and the_final.date == day(20)
    night = f"the cup's finals night, {day(20):%A} {day(20).day} {day(20):%B %Y}"
    off = Notice.objects.filter(subject__startswith="Called off: Singles Knockout, ")
    assert sorted(off.values_list("address", flat=True)) == sorted(login.email for login in gone)
    letter = off.get(address=gone[0].email)
    assert letter.subject == f"Called off: Singles Knockout, {first.home} v {staying}"
    assert f"on {night}, is called off for you" in letter.body and letter.link.endswith(f"#tie-{the_final.pk}")
    on = Notice.objects.filter(subject__startswith="Date set: Singles Knockout, ")
    assert sorted(on.values_list("address", flat=True)) == sorted(login.email for login in come)
    letter = on.get(address=come[-1].email)
    assert letter.subject == f"Date set: Singles Knockout, {first.away} v {staying}"
    assert f"You now play in the Singles Knockout tie {first.away} v {staying}, on {night}, at Town Hall" in letter.body
    assert letter.kind == "fixture_changed"
    against = Notice.objects.filter(subject__startswith="New opponent: Singles Knockout, ")
    assert sorted(against.values_list("address", flat=True)) == sorted(login.email for login in staying.logins)
    letter = against.get(address=staying.logins[0].email)
    assert letter.subject == f"New opponent: Singles Knockout, {first.away} v {staying}"
    assert f"Your Singles Knockout tie on {night}, has a new opponent" in letter.body
    assert f"You now play {first.away}." in letter.body and letter.link.endswith(f"#tie-{the_final.pk}")
    assert Notice.objects.filter(address__in=[login.email for login in staying.logins]).count() == len(staying.logins)
