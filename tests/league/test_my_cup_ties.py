"""A singles or pairs cup's player finds under My matches on the front
page the ties waiting on them, each one tap from the tie on the cup's
page: to offer dates (at home), to pick one (away, once offered), to play
(dated), or to confirm or dispute a score the other side entered. A tie
waiting on the other side is not listed."""
from datetime import date, timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone
from test_cup_games import a_drawn_cup, login_of, semi
from test_public_pages import page, text_of

from league.services.cup_game_results import cup_game_submit
from league.services.game_tie_dates import game_tie_date_pick, game_tie_dates_offer

pytestmark = pytest.mark.django_db


def in_days(days: int) -> date:
    return timezone.localdate() + timedelta(days=days)


def my_cup_ties(user: Any) -> str:
    """The words of the front page's My cup ties, or "" when it has none."""
    client = Client()
    client.force_login(user)
    words = text_of(page(client, "/"))
    if "My cup ties" not in words:
        return ""
    assert "My matches" in words and "No matches for your teams yet" not in words
    return words[words.index("My cup ties"):words.index("Leagues ", words.index("My cup ties"))]


def test_a_singles_player_finds_their_tie_to_arrange_play_or_confirm_under_my_matches() -> None:
    competition, _ = a_drawn_cup(4)
    tie = semi(competition)
    assert tie.home is not None and tie.away is not None
    home, away = login_of(tie, "home"), login_of(tie, "away")
    line = f"Singles Knockout: {tie.home.public_name} v {tie.away.public_name}"

    assert f"{line}: offer up to three dates" in my_cup_ties(home)
    assert my_cup_ties(away) == ""
    client = Client()
    client.force_login(home)
    assert f'href="/cups/{competition.pk}/#tie-{tie.pk}"' in page(client, "/")

    game_tie_dates_offer(tie_id=tie.pk, dates=[in_days(3), in_days(5)], user=home)
    assert my_cup_ties(home) == ""
    assert f"{line}: pick one of the dates offered" in my_cup_ties(away)

    game_tie_date_pick(tie_id=tie.pk, date=in_days(5), user=away)
    played_on = f"to play on {in_days(5):%A} {in_days(5).day} {in_days(5):%B}"
    assert f"{line}: {played_on}" in my_cup_ties(home)
    assert f"{line}: {played_on}" in my_cup_ties(away)

    cup_game_submit(tie_id=tie.pk, home_score=61, away_score=30, user=home)
    assert f"{line}: confirm or dispute the score the other side entered" in my_cup_ties(away)
    assert my_cup_ties(home) == ""


def test_either_partner_of_a_pair_finds_their_tie() -> None:
    competition, _ = a_drawn_cup(4, kind="pairs")
    tie = semi(competition)
    assert tie.home is not None and tie.home.partner is not None
    assert "offer up to three dates" in my_cup_ties(tie.home.partner.user)
