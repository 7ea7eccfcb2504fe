"""A scorer with a token, tablets (API clients), a logged-in admin browser,
a league with its secretary, a Redis that is down, and a mail server that
the notices are sent to."""
from collections.abc import Iterator
from typing import Any

import pytest
from described import answer_errors
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from in_process import committing
from leagues import a_league, a_season, a_team, players
from push_process import PushProcess
from rest_framework.test import APIClient
from smtp_server import MailServer
from tablets import tablet_for
from test_redis_outage import DeadRedis

from league.models import League, Player, SquadRegistration, Team
from league.services import page_versions


@pytest.fixture
def scorer(db: None) -> Any:
    return get_user_model().objects.create_user("scorer", password="pint-and-a-pen")


@pytest.fixture
def tablet(scorer: Any) -> APIClient:
    return tablet_for(scorer)


@pytest.fixture
def anonymous() -> APIClient:
    return APIClient()


@pytest.fixture
def staff(db: None) -> Any:
    """A superuser, for the admin pages."""
    return get_user_model().objects.create_superuser("root", password="pw")


@pytest.fixture
def browser(staff: Any) -> Client:
    """A browser logged in to the admin as `staff`."""
    client = Client()
    client.force_login(staff)
    return client


@pytest.fixture
def secretary(db: None) -> Any:
    """A user who will be a league's secretary."""
    return get_user_model().objects.create_user("secretary")


@pytest.fixture
def league(secretary: Any) -> Any:
    """A league run by `secretary`."""
    league = a_league()
    league.secretaries.add(secretary)
    return league


@pytest.fixture
def dead_redis() -> Iterator[DeadRedis]:
    """A Redis that is down (test_redis_outage.DeadRedis), for every test
    module that plays an outage."""
    redis = DeadRedis()
    yield redis
    redis.close()


@pytest.fixture
def smtp() -> Iterator[MailServer]:
    """A real SMTP server on a free port, which the notices are sent to."""
    server = MailServer()
    server.start()
    with override_settings(EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend", EMAIL_HOST="127.0.0.1",
                           EMAIL_PORT=server.port, EMAIL_TIMEOUT=5):
        yield server
    server.stop()


@pytest.fixture(autouse=True)
def answers_as_described(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every API answer a test receives is checked against the OpenAPI
    schema (tests/league/described.py): a field the schema does not
    declare, a missing one or a wrong type fails the test that met it."""
    request = Client.request

    def checked(client: Client, **kwargs: Any) -> Any:
        response = request(client, **kwargs)
        errors = answer_errors(response)
        assert not errors, (f"{response.request['REQUEST_METHOD']} {response.request['PATH_INFO']} answered "
                            f"{response.status_code} not as the schema says:\n" + "\n".join(errors[:10]))
        return response

    monkeypatch.setattr(Client, "request", checked)


class Told(list[dict[str, Any]]):
    """What each committed change announced to the push process, in order."""

    def times(self, channel: str) -> int:
        return sum(channel in announced for announced in self)


@pytest.fixture
def told(monkeypatch: pytest.MonkeyPatch) -> Told:
    announced = Told()
    monkeypatch.setattr(page_versions, "announce", announced.append)
    return announced


@pytest.fixture(scope="module")
def push_process() -> Iterator[PushProcess]:
    """One push process for the module (started by the first test that needs it)."""
    process = PushProcess()
    yield process
    process.stop()


@pytest.fixture
def push(redis_url: str, push_process: PushProcess) -> PushProcess:
    """The module's push process, started; Redis must be there."""
    if push_process.child is None:
        push_process.start()
    return push_process


@pytest.fixture
def committed(django_capture_on_commit_callbacks: Any) -> Any:
    """Runs what a change queues on commit (tasks in-process), as a commit would."""
    return committing(django_capture_on_commit_callbacks)


@pytest.fixture
def team(league: League) -> Team:
    return a_team(league, "Red Lion A")


@pytest.fixture
def squad(league: League, team: Team) -> list[Player]:
    """Three players registered this season with the team."""
    season = a_season(league)
    roster = players(3, prefix="Red Lion")
    SquadRegistration.objects.bulk_create(SquadRegistration(season=season, team=team, player=p) for p in roster)
    return roster
