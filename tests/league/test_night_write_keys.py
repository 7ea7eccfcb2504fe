"""Every write of a match night through the API (and settling a request to
move its match, and a cup tie's game) takes an Idempotency-Key:
the same write sent again with its key (a retry after a lost answer) gets
the first answer and changes nothing; a new key is a new write, done or
refused as it would be. See docs/match-nights.md, "Retrying a write"."""
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from matchnights import Night, a_match_night, sheet_entered, submitted_five_four
from rearranging import a_moving_league
from rest_framework.test import APIClient
from tablets import tablet_for
from test_cup_games import a_drawn_cup, semi
from test_pairs_draw import DRAWN, draw_body
from test_rearrangements import ask
from test_substitutes import SUBS

from league.models import AuditEntry, CupGame, RubberGame, WriteAnswer
from league.models.audit_actions import REFUSED
from league.services.competition import league_settings_change
from league.services.formats import stored_format_create
from league.services.match_games import rubber_game_card
from league.services.privacy import player_erase
from league.services.results import match_dispute
from league.services.substitutes import substitutes_name

NINE = ["singles"] * 9


def own_format(data: dict[str, Any]) -> Callable[[Night], None]:
    def use(night: Night) -> None:
        stored_format_create(league_id=night.league.pk, kind="format", slug="own", data=data, user=night.secretary)
        league_settings_change(league_id=night.league.pk, changes={"match_format": "own:own"},
                               user=night.secretary)
    return use


def subs_sheet(night: Night) -> None:
    own_format(SUBS)(night)
    sheet_entered(night, ["singles", "singles", "pairs"])


def subs_named(night: Night) -> None:
    subs_sheet(night)
    substitutes_name(fixture_id=night.fixture.pk, team_id=night.home.pk, player_ids=[night.home_players[5].pk],
                     user=night.home_captain)


def cards_in_rubber_one(night: Night) -> None:
    sheet_entered(night, ["singles"] * 5)
    for home, away in [(61, 30), (30, 61)]:
        rubber_game_card(fixture_id=night.fixture.pk, rubber=1, home_score=home, away_score=away,
                         user=night.home_scorer)


def all_cards(night: Night) -> None:
    sheet_entered(night, NINE)
    for number in range(1, 10):
        rubber_game_card(fixture_id=night.fixture.pk, rubber=number, home_score=61, away_score=30,
                         user=night.home_scorer)


def disputed(night: Night) -> None:
    submitted_five_four(night)
    match_dispute(fixture_id=night.fixture.pk, reason="Rubber 6 was ours", user=night.away_captain)


def nothing(night: Night) -> None:
    pass


@dataclass(frozen=True)
class NightWrite:
    name: str
    who: str  # the Night's user who sends it
    method: str
    tail: str  # after /api/fixtures/<id>/night
    body: Callable[[Night], dict[str, Any] | None]
    again: int  # the answer to the same write sent with a new key
    match_format: str = "plain"
    setup: Callable[[Night], None] = field(default=nothing)


WRITES = [
    NightWrite("team sheet", "home_captain", "put", "/sheet",
               lambda n: {"rubbers": [{"home": h, "away": a} for h, a in n.lineups(NINE)]}, 200),
    NightWrite("team sheet with pairs drawn", "home_captain", "post", "/sheet/draw",
               lambda n: draw_body(n, seed="table-7"), 200, setup=own_format(DRAWN)),
    NightWrite("substitutes named", "home_captain", "put", "/substitutes",
               lambda n: {"team": n.home.pk, "players": [n.home_players[5].pk]}, 200, setup=subs_sheet),
    NightWrite("substitute brought on", "home_captain", "post", "/substitutions",
               lambda n: {"rubber": 1, "off": n.home_players[0].pk, "on": n.home_players[5].pk}, 422,
               setup=subs_named),
    NightWrite("card game", "home_scorer", "post", "/rubbers/1/games",
               lambda n: {"home_score": 61, "away_score": 30}, 201, "best-of-three",
               lambda n: sheet_entered(n, ["singles"] * 5)),
    NightWrite("live start", "home_scorer", "post", "/rubbers/1/games", lambda n: {"live": True}, 422,
               "best-of-three", lambda n: sheet_entered(n, ["singles"] * 5)),
    NightWrite("game taken off", "home_scorer", "delete", "/rubbers/1/games", lambda n: None, 200,
               "best-of-three", cards_in_rubber_one),
    NightWrite("submit", "home_captain", "post", "/submit", lambda n: None, 422, setup=all_cards),
    NightWrite("confirm", "away_captain", "post", "/confirm", lambda n: None, 422, setup=submitted_five_four),
    NightWrite("dispute", "away_captain", "post", "/dispute", lambda n: {"reason": "Rubber 6 was ours"}, 422,
               setup=submitted_five_four),
    NightWrite("settle a dispute", "secretary", "post", "/resolve",
               lambda n: {"decision": "uphold", "note": "As submitted"}, 422, setup=disputed),
    NightWrite("correct a score", "secretary", "post", "/correct",
               lambda n: {"rubber": 6, "game": 1, "home_score": 50, "away_score": 61, "reason": "Card checked"},
               200, setup=disputed),
]


@dataclass
class Sender:
    night: Night
    write: NightWrite
    client: APIClient

    def send(self, key: str | None, body: Any = None) -> tuple[int, Any]:
        headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
        data = self.write.body(self.night) if body is None else body
        response = getattr(self.client, self.write.method)(
            f"/api/fixtures/{self.night.fixture.pk}/night{self.write.tail}", data, format="json", **headers)
        return response.status_code, response.json()


def changes_made() -> int:
    """The changes the audit log records (refusals aside): one a write done."""
    return AuditEntry.objects.exclude(action__endswith=REFUSED).count()


def night_now(night: Night) -> Any:
    return APIClient().get(f"/api/fixtures/{night.fixture.pk}/night").json()


def sender(write: NightWrite) -> Sender:
    night = a_match_night(write.match_format)
    write.setup(night)
    return Sender(night, write, tablet_for(getattr(night, write.who)))


@pytest.mark.parametrize("write", [pytest.param(w, id=w.name) for w in WRITES])
def test_a_night_write_sent_twice_with_its_key_is_done_once_and_answered_the_same(
        db: None, write: NightWrite) -> None:
    it = sender(write)
    first = it.send("key-1")
    assert 200 <= first[0] < 300, first
    done, shown = changes_made(), night_now(it.night)

    assert it.send("key-1") == first
    assert (changes_made(), night_now(it.night)) == (done, shown)


@pytest.mark.parametrize("write", [pytest.param(w, id=w.name) for w in WRITES])
def test_a_night_write_with_a_new_key_is_a_new_write_and_the_old_key_still_gets_its_first_answer(
        db: None, write: NightWrite) -> None:
    it = sender(write)
    first = it.send("key-1")
    done = changes_made()

    second = it.send("key-2")
    assert second[0] == write.again, second
    assert (changes_made() > done) == (write.again < 300)
    assert it.send("key-1") == first


@pytest.fixture
def best_of_three(db: None) -> Sender:
    return sender(WRITES[4])


def games_in_rubber_one(night: Night) -> int:
    return RubberGame.objects.filter(rubber__night__fixture=night.fixture, rubber__number=1).count()


def test_without_a_key_each_send_is_a_write(best_of_three: Sender) -> None:
    assert best_of_three.send(None)[0] == 201
    assert best_of_three.send(None)[0] == 201
    assert games_in_rubber_one(best_of_three.night) == 2


def test_a_key_sent_again_with_another_body_is_refused_and_does_nothing(best_of_three: Sender) -> None:
    best_of_three.send("key-1")
    status, body = best_of_three.send("key-1", {"home_score": 30, "away_score": 61})
    assert status == 422 and "Idempotency-Key" in body["error"]
    assert games_in_rubber_one(best_of_three.night) == 1


def test_a_key_is_another_users_own(best_of_three: Sender) -> None:
    best_of_three.send("key-1")
    captain = Sender(best_of_three.night, best_of_three.write, tablet_for(best_of_three.night.home_captain))
    assert captain.send("key-1")[0] == 201
    assert games_in_rubber_one(best_of_three.night) == 2


def test_a_refused_write_is_judged_again_when_retried_with_its_key(db: None) -> None:
    it = sender(WRITES[4])
    sheet = Sender(it.night, WRITES[4], it.client)
    it.night.fixture.status = "draft"
    it.night.fixture.save(update_fields=["status"])
    assert sheet.send("key-1")[0] == 422
    it.night.fixture.status = "published"
    it.night.fixture.save(update_fields=["status"])
    assert sheet.send("key-1")[0] == 201
    assert games_in_rubber_one(it.night) == 1


def test_a_key_longer_than_200_characters_is_a_400(best_of_three: Sender) -> None:
    assert best_of_three.send("k" * 201)[0] == 400
    assert games_in_rubber_one(best_of_three.night) == 0



def test_settling_a_request_to_move_the_match_twice_with_its_key_settles_it_once(db: None) -> None:
    moving = a_moving_league()
    ask(moving)
    secretary = tablet_for(moving.secretary)
    url = f"/api/fixtures/{moving.fixture.pk}/rearrangement/settle"
    body = {"step": "close", "reason": "the league's call"}
    first = secretary.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="key-1")
    assert first.status_code == 200, first.json()
    done = changes_made()
    again = secretary.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="key-1")
    assert (again.status_code, again.json(), changes_made()) == (200, first.json(), done)
    assert secretary.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="key-2").status_code == 422


def test_a_cup_tie_game_from_the_card_sent_twice_with_its_key_is_recorded_once(db: None) -> None:
    competition, secretary = a_drawn_cup(4, match_format="best-of-three")
    tie = semi(competition)
    tablet = tablet_for(secretary)
    url, body = f"/api/cup-ties/{tie.pk}/games", {"home_score": 61, "away_score": 40}
    first = tablet.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="key-1")
    again = tablet.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="key-1")
    assert first.status_code == 201 and (again.status_code, again.json()) == (201, first.json())
    assert CupGame.objects.filter(tie=tie).count() == 1
    assert tablet.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="key-2").status_code == 201
    assert CupGame.objects.filter(tie=tie).count() == 2


def test_erasing_a_player_takes_their_name_out_of_the_kept_answers(db: None) -> None:
    it = sender(WRITES[0])
    jo = it.night.home_players[0]
    first = it.send("key-1")
    assert jo.name in str(first[1])
    player_erase(player_id=jo.pk, user=it.night.secretary)
    status, body = it.send("key-1")
    assert status == first[0] and jo.name not in str(body)
    assert not WriteAnswer.objects.filter(body__icontains=jo.name).exists()
