"""The match night and the cup finals night on the pub's TV follow their
night over the push stream: a game recorded from the card shows without
the page polling for it; a live game's new score is drawn from the game's
state the stream sends, with no fragment fetched, and the fragment is
fetched once the game is won. Both with the push process (Redis) and with
`make run`'s streams without Redis, fed in memory by the same process;
with the push process down the page polls."""
import re
from collections.abc import Callable
from functools import partial
from typing import Any

from django.conf import settings
from playwright.sync_api import expect
from push_process import PushProcess
from rest_framework.test import APIClient

from cup_nights import a_finals_night, a_league_with_teams
from league.models import Game
from league.services.live import live_publish_pending
from league.services.match_games import rubber_game_card, rubber_game_start
from league.services.moves import move_record, shown_record
from nights import Night, a_night, won_by_a_play

TV = {"width": 1920, "height": 1080}


def test_the_night_on_the_tv_shows_a_card_result_told_by_the_push_stream(
        chromium: Any, live_server: Any, transactional_db: None, streams: Any) -> None:
    night = a_night("plain")
    tv = chromium.new_context(base_url=live_server.url, viewport=TV)
    tv.set_default_timeout(10_000)
    page = tv.new_page()
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url) if "/live" in request.url else None)
    page.goto(f"/fixtures/{night.fixture.pk}/night")
    expect(page.locator("#night-live")).to_have_attribute("data-following", "push")
    expect(page.locator("#rubber-3")).to_contain_text("none yet")
    page.evaluate("window.sameLoad = true")  # gone if the page were reloaded

    tablet = APIClient()
    tablet.force_authenticate(night.scorer)
    before = len(fetched)
    response = tablet.post(f"/api/fixtures/{night.fixture.pk}/night/rubbers/3/games",
                           {"home_score": 61, "away_score": 40}, format="json")
    assert response.status_code == 201, response.json()

    expect(page.locator("#rubber-3")).to_contain_text("61–40")
    assert page.evaluate("window.sameLoad") is True
    assert len(fetched) > before  # the fragment, fetched when the stream told of the change
    expect(page.locator("#night-live")).to_have_attribute("data-following", "push")
    tv.close()


def test_the_finals_night_on_the_tv_shows_a_card_result_told_by_the_push_stream(
        chromium: Any, live_server: Any, transactional_db: None, streams: Any) -> None:
    """The finals night's page follows its league's cup pages' stream."""
    made = a_league_with_teams(6, match_format="plain")
    competition, fixtures = a_finals_night(made)
    tv = chromium.new_context(base_url=live_server.url, viewport=TV)
    tv.set_default_timeout(10_000)
    page = tv.new_page()
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url) if "/live" in request.url else None)
    page.goto(f"/cups/{competition.pk}/finals")
    expect(page.locator("#night-live")).to_have_attribute("data-following", "push")
    expect(page.locator(f"#match-{fixtures[2].pk} .match-score")).to_have_text("0–0")
    page.evaluate("window.sameLoad = true")  # gone if the page were reloaded

    before = len(fetched)
    rubber_game_card(fixture_id=fixtures[2].pk, rubber=1, home_score=61, away_score=33, user=made.secretary)

    expect(page.locator(f"#match-{fixtures[2].pk}-rubber-1")).to_contain_text("61–33")
    assert page.evaluate("window.sameLoad") is True
    assert len(fetched) > before  # the fragment, fetched when the stream told of the change
    expect(page.locator("#night-live")).to_have_attribute("data-following", "push")
    tv.close()


class Fragments:
    """The page's fetches of the night's live fragment, as the browser made them."""

    def __init__(self, page: Any, fixture_id: int) -> None:
        self.page = page
        self.url = f"/fixtures/{fixture_id}/night/live"
        self.asked: list[str] = []
        page.on("request", lambda request: self.asked.append(request.url) if request.url.endswith(self.url) else None)

    def at_least(self, count: int) -> int:
        """Once the page has asked for the fragment `count` times: how many it has."""
        for _ in range(200):
            if len(self.asked) >= count:
                return len(self.asked)
            self.page.wait_for_timeout(50)
        raise AssertionError(f"the fragment was asked for {len(self.asked)} times, not {count}")


class Scoring:
    """Rubber 1's live game, played move by move through the services (a
    game won by a play, so that its winning move is a move), each change
    published as a worker does on the move's kick."""

    def __init__(self, night: Night) -> None:
        rubber_game = rubber_game_start(fixture_id=night.fixture.pk, rubber=1, user=night.scorer)
        assert rubber_game.game_id is not None
        self.game = Game.objects.get(pk=rubber_game.game_id)
        self.user = night.scorer
        sheet = won_by_a_play(self.game.rules, len(self.game.seats))
        self.steps: list[Callable[[], None]] = []
        for number, hand in enumerate(sheet["hands"]):
            self.steps += [partial(move_record, game_id=self.game.pk, move=move, user=self.user)
                           for move in hand["moves"]]
            if "shown" in hand:
                self.steps.append(partial(shown_record, game_id=self.game.pk, hand=number, shown=hand["shown"],
                                          user=self.user))

    def play(self, count: int) -> Game:
        """The next `count` steps, then published (without a broker, each
        step's kick has published it already); the game as it stands."""
        for step in self.steps[:count]:
            step()
        del self.steps[:count]
        assert live_publish_pending() == (0 if settings.CELERY_TASK_ALWAYS_EAGER else 1)
        self.game.refresh_from_db()
        assert self.game.published_seq == self.game.seq
        return self.game


def cell(page: Any, game: Game) -> Any:
    return page.locator(f'#rubber-1 .game-score[data-game="{game.pk}"]')


def test_the_night_on_the_tv_draws_a_moves_score_from_the_stream_and_fetches_the_fragment_when_the_game_is_won(
        chromium: Any, live_server: Any, transactional_db: None, streams: Any) -> None:
    night = a_night("plain")
    scoring = Scoring(night)
    tv = chromium.new_context(base_url=live_server.url, viewport=TV)
    tv.set_default_timeout(10_000)
    page = tv.new_page()
    fragments = Fragments(page, night.fixture.pk)
    page.goto(f"/fixtures/{night.fixture.pk}/night")
    expect(page.locator("#night-live")).to_have_attribute("data-following", "push")
    expect(cell(page, scoring.game)).to_have_text("0–0")
    # Once on opening, once for the night's structure the stream tells on connecting.
    fetched = fragments.at_least(2)

    while (game := scoring.play(1)).scores[:2] == [0, 0]:
        expect(cell(page, game)).to_have_attribute("data-seq", str(game.seq))
    expect(cell(page, game)).to_have_text(f"{game.scores[0]}–{game.scores[1]}")
    game = scoring.play(len(scoring.steps) - 1)  # all but the winning move
    expect(cell(page, game)).to_have_text(f"{game.scores[0]}–{game.scores[1]}")
    assert len(fragments.asked) == fetched, "the fragment was fetched for a move's new score"
    expect(page.locator("#rubber-1 .in-play")).to_have_text("In play")

    game = scoring.play(1)  # won: the night's structure changes
    assert game.status == Game.Status.WON
    fragments.at_least(fetched + 1)
    home, away = night.fixture.home_team.name, night.fixture.away_team.name
    expect(page.locator('#rubber-1 td[data-label="Won by"]')).to_have_text(home if game.winner == 0 else away)
    expect(page.locator("#rubber-1 .in-play")).to_have_count(0)
    expect(page.locator("#rubber-1 .game-score")).to_have_text(f"{game.scores[0]}–{game.scores[1]}")
    expect(page.locator("#night-live .now")).to_have_attribute(
        "data-score", f"{home} {1 if game.winner == 0 else 0}, {away} {0 if game.winner == 0 else 1}")
    expect(page.locator("#night-announce")).to_have_text(re.compile(r"^Score: "))
    tv.close()


def test_with_the_push_process_down_the_night_follows_a_moves_score_by_polling(
        chromium: Any, live_server: Any, transactional_db: None, push: PushProcess) -> None:
    night = a_night("plain")
    scoring = Scoring(night)
    push.stop()
    tv = chromium.new_context(base_url=live_server.url, viewport=TV)
    tv.set_default_timeout(10_000)
    page = tv.new_page()
    page.goto(f"/fixtures/{night.fixture.pk}/night")
    expect(page.locator("#night-live")).to_have_attribute("data-following", "poll")
    expect(cell(page, scoring.game)).to_have_text("0–0")
    while (game := scoring.play(1)).scores[:2] == [0, 0]:
        pass
    expect(cell(page, game)).to_have_text(f"{game.scores[0]}–{game.scores[1]}")
    expect(page.locator("#night-live")).to_have_attribute("data-following", "poll")
    tv.close()
