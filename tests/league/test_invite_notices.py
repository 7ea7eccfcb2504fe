"""The invitation to log in goes through the notices' outbox: a mail server
down is retried until the letter arrives, the secretary's notices page
lists it meanwhile with no way to its link (nor does the outbox keep the
link), the page that made it says truthfully where the letter is, a form
sent twice sends one letter to each person, and a letter not yet gone when
its invitation is withdrawn is never sent."""
import re
from datetime import timedelta
from typing import Any

from django.utils import timezone
from forms import browser, post, text
from smtp_server import MailServer, body_of

from league.models import League, LoginInvite, Notice, Player, Team
from league.services.notice_sending import notices_catch_up

KEY = re.compile(r'<input type="hidden" name="form_key" value="([0-9a-f]+)">')
SHOWN = re.compile(r'value="http://testserver(/secretary/invitations/[^"]+)"')
MAILED = re.compile(r"https?://\S+?(/secretary/invitations/\S+)")
PASSWORD = "dominoes-on-a-tuesday"





def key_of(page: Any) -> str:
    found = KEY.search(text(page))
    assert found is not None, "the form carries a key"
    return found.group(1)


def caught_up() -> int:
    """The catch-up's run once the notices are old enough to be its."""
    Notice.objects.update(created_at=timezone.now() - timedelta(minutes=10), retry_after=None)
    return notices_catch_up()


def invite_captain(client: Any, team: Team, committed: Any) -> tuple[Any, dict[str, Any]]:
    address = f"/secretary/teams/{team.pk}/invite"
    sent = {"role": "captain", "team": team.pk, "name": "Jo Bloggs", "email": "jo@league.test",
            "form_key": key_of(client.get(address))}
    with committed():
        made = post(client, address, sent)
    return made, sent


def test_a_mail_server_down_is_retried_and_the_secretary_never_sees_the_link(
        secretary: Any, league: League, team: Team, smtp: MailServer, committed: Any) -> None:
    client = browser(secretary)
    smtp.stop()
    made, sent = invite_captain(client, team, committed)
    assert "Being emailed to jo@league.test" in text(made)  # written before the commit sent it
    shown = SHOWN.search(text(made))
    assert shown is not None
    again = post(client, f"/secretary/teams/{team.pk}/invite", sent)  # the answer sent again: the letter failed
    assert "Not sent to jo@league.test yet" in text(again) and "It is tried again by itself" in text(again)
    notice = Notice.objects.get()
    assert (notice.kind, notice.status, notice.league, notice.address) == (
        "invite", Notice.Status.FAILED, league, "jo@league.test")
    assert shown.group(1) not in notice.body  # the outbox keeps no link
    notices = text(client.get(f"/secretary/leagues/{league.pk}/notices"))
    row = notices[notices.index("You are invited to log in"):]
    row = row[:row.index("</tr>")]
    assert "jo@league.test" in row and "Failed" in row and "An invitation to log in" in row
    assert "/secretary/invitations/" not in notices
    smtp.start()
    assert caught_up() == 1
    [letter] = smtp.to("jo@league.test")
    assert re.sub(r"\r?\n", "", letter["Subject"]) == f"You are invited to log in to {league} as the captain of Red Lion A"
    mailed = MAILED.search(body_of(letter).replace("\r\n", "\n"))
    assert mailed is not None and mailed.group(1) == shown.group(1)
    assert "Sent to jo@league.test." in text(post(client, f"/secretary/teams/{team.pk}/invite", sent))
    accepted = post(browser(), mailed.group(1), {"username": "jo", "password1": PASSWORD, "password2": PASSWORD})
    assert accepted.status_code == 302
    team.refresh_from_db()
    assert team.captain is not None and team.captain.username == "jo"
    assert caught_up() == 0 and len(smtp.to("jo@league.test")) == 1


def test_a_squad_invitation_sent_twice_sends_one_letter_to_each_and_shows_the_same_links(
        secretary: Any, team: Team, squad: list[Player], smtp: MailServer, committed: Any) -> None:
    client = browser(secretary)
    season_id = squad[0].registrations.get().season_id
    url = f"/secretary/seasons/{season_id}/teams/{team.pk}/squad/invite"
    first, second, third = squad
    form = {f"invite_{first.pk}": "on", f"role_{first.pk}": "captain", f"email_{first.pk}": "one@league.test",
            f"invite_{second.pk}": "on", f"role_{second.pk}": "player", f"email_{second.pk}": "two@league.test",
            f"role_{third.pk}": "player", f"email_{third.pk}": "", "form_key": key_of(client.get(url))}
    with committed():
        made, again = post(client, url, form), post(client, url, form)
    assert (made.status_code, again.status_code) == (200, 200)
    assert SHOWN.findall(text(made)) == SHOWN.findall(text(again)) and len(SHOWN.findall(text(made))) == 2
    assert "Being emailed to one@league.test" in text(again)
    shown = text(post(client, url, form))  # once the commit sent them
    assert "Sent to one@league.test." in shown and "Sent to two@league.test." in shown
    assert (len(smtp.to("one@league.test")), len(smtp.to("two@league.test"))) == (1, 1)
    assert LoginInvite.objects.count() == 2 and Notice.objects.count() == 2


def test_a_letter_not_yet_gone_when_its_invitation_is_withdrawn_is_never_sent(
        secretary: Any, league: League, team: Team, smtp: MailServer, committed: Any) -> None:
    client = browser(secretary)
    smtp.stop()
    invite_captain(client, team, committed)
    invite = LoginInvite.objects.get()
    withdrawn = post(client, f"/secretary/teams/{team.pk}/invites/{invite.pk}/withdraw", {})
    assert withdrawn.status_code == 302
    smtp.start()
    assert caught_up() == 0 and smtp.to("jo@league.test") == []
    notices = text(client.get(f"/secretary/leagues/{league.pk}/notices"))
    assert "Not sent: called off before it went out" in notices
    assert "the invitation was withdrawn before it went out" in notices
    assert '<button type="submit">Send again' not in notices


def test_a_letter_being_sent_as_its_invitation_is_withdrawn_is_called_off_too(
        secretary: Any, team: Team, smtp: MailServer, committed: Any) -> None:
    client = browser(secretary)
    smtp.stop()
    invite_captain(client, team, committed)
    # Its sender stopped mid-send: the withdrawal leaves a notice being sent to its sender.
    Notice.objects.update(status=Notice.Status.SENDING, claimed_at=timezone.now() - timedelta(hours=1))
    post(client, f"/secretary/teams/{team.pk}/invites/{LoginInvite.objects.get().pk}/withdraw", {})
    smtp.start()
    assert caught_up() == 0 and smtp.to("jo@league.test") == []
    assert Notice.objects.get().status == Notice.Status.CALLED_OFF
