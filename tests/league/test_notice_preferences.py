"""The Email notices page changes only the choices it shows: a stop made
from an email's unsubscribe link (only invitations, the weekly results, a
kind the page does not list) survives saving it, and every kind its link
can stop is on the page to be seen and undone."""
import re
from typing import Any
from urllib.parse import urlparse

from django.contrib.auth import get_user_model
from forms import browser, post, text
from smtp_server import MailServer, body_of
from test_invite_notices import MAILED, PASSWORD, invite_captain, key_of

from league.models import DigestSubscription, League, NoticeStop, Team
from league.services.notices import notice_queue

PAGE = "/accounts/notices/"
INPUT = re.compile(r"<input [^>]*>")




def ticked(page: Any) -> dict[str, list[str]]:
    """The page's boxes as it shows them: what a Save sends untouched."""
    sent: dict[str, list[str]] = {}
    for tag in INPUT.findall(text(page)):
        name, value = re.search(r'name="([^"]+)"', tag), re.search(r'value="([^"]*)"', tag)
        if 'type="checkbox"' in tag and " checked" in tag and name is not None:
            sent.setdefault(name.group(1), []).append(value.group(1) if value is not None else "on")
    return sent


def stopped_from_its_link(message: Any) -> None:
    """The email's unsubscribe link followed, "Stop only this kind" pressed."""
    path = urlparse("".join(message["List-Unsubscribe"].split()).strip("<>")).path
    assert "Stop only this kind of email" in text(browser().get(path))
    assert post(browser(), path, {"only": "kind"}).status_code == 200


def test_invitations_stopped_from_their_letter_stay_stopped_when_the_preferences_are_saved(
        secretary: Any, team: Team, smtp: MailServer, committed: Any) -> None:
    client = browser(secretary)
    invite_captain(client, team, committed)
    [letter] = smtp.to("jo@league.test")
    stopped_from_its_link(letter)
    mailed = MAILED.search(body_of(letter).replace("\r\n", "\n"))
    assert mailed is not None
    post(browser(), mailed.group(1), {"username": "jo", "password1": PASSWORD, "password2": PASSWORD,
                                          "email": "jo@league.test"})
    jo = browser(get_user_model().objects.get(username="jo"))
    page = jo.get(PAGE)
    assert "jo@league.test" in text(page) and "An invitation to log in" in text(page)
    shown = ticked(page)
    assert "kind_invite" not in shown and "kind_result_disputed" in shown  # the page shows what the link stopped
    del shown["kind_result_disputed"]
    assert post(jo, PAGE, shown).status_code == 302
    assert set(NoticeStop.objects.values_list("kind", flat=True)) == {"invite", "result_disputed"}
    address = f"/secretary/teams/{team.pk}/invite"
    with committed():
        post(client, address, {"role": "vice_captain", "team": team.pk, "name": "Jo Bloggs",
                               "email": "jo@league.test", "form_key": key_of(client.get(address))})
    assert len(smtp.to("jo@league.test")) == 1  # the second invitation not sent


def test_a_stop_of_a_kind_the_page_does_not_list_survives_saving_it(
        league: League, smtp: MailServer, committed: Any) -> None:
    ann = get_user_model().objects.create_user("ann", email="ann@league.test")
    with committed():
        notice_queue(kind="cup_reminder", event="reminder:1", league=league, to=[ann], subject="A reminder",
                     body="Play your tie.", link="http://testserver/")
    [message] = smtp.messages
    stopped_from_its_link(message)
    client = browser(ann)
    assert post(client, PAGE, ticked(client.get(PAGE))).status_code == 302
    with committed():
        notice_queue(kind="cup_reminder", event="reminder:2", league=league, to=[ann], subject="A reminder",
                     body="Play your tie.", link="http://testserver/")
    assert len(smtp.messages) == 1


def test_the_weekly_results_stopped_from_their_email_show_as_no_league_until_one_is_ticked(
        league: League) -> None:
    ann = get_user_model().objects.create_user("ann", email="ann@league.test")
    client = browser(ann)
    assert post(client, PAGE, {**ticked(client.get(PAGE)), "digests": [str(league.pk)]}).status_code == 302
    NoticeStop.objects.create(address="ann@league.test", kind="digest")  # "Stop only this kind" on a weekly email
    shown = ticked(client.get(PAGE))
    assert "digests" not in shown
    assert post(client, PAGE, shown).status_code == 302
    assert NoticeStop.objects.filter(kind="digest").exists()
    assert post(client, PAGE, {**shown, "digests": [str(league.pk)]}).status_code == 302
    assert not NoticeStop.objects.exists()
    assert DigestSubscription.objects.filter(address="ann@league.test", league=league).exists()
