"""Logging in and out on the site's own pages, open to every user, not
only staff; and the header's links for each kind of user."""
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client


@pytest.fixture
def captain(db: None) -> Any:
    return get_user_model().objects.create_user("captain", password="double-six")


def test_the_header_links_to_the_sites_login_page_with_the_page_to_return_to(db: None, client: Client) -> None:
    html = client.get("/").content.decode()
    assert 'href="/accounts/login/?next=/"' in html
    assert "/admin/login/" not in html


def test_the_login_page_has_labelled_fields_and_a_csrf_token(db: None, client: Client) -> None:
    page = client.get("/accounts/login/?next=/secretary/")
    html = page.content.decode()
    assert page.status_code == 200
    assert '<label for="id_username">' in html and '<label for="id_password">' in html
    assert 'name="csrfmiddlewaretoken"' in html
    assert 'name="next" value="/secretary/"' in html


def test_a_user_who_is_not_staff_logs_in_and_goes_where_they_were_going(captain: Any) -> None:
    client = Client(enforce_csrf_checks=True)
    client.get("/accounts/login/")
    token = client.cookies["csrftoken"].value
    page = client.post("/accounts/login/", {"username": "captain", "password": "double-six", "next": "/games/1/board",
                                            "csrfmiddlewaretoken": token})
    assert page.status_code == 302 and page["Location"] == "/games/1/board"
    assert client.get("/").context["user"] == captain


def test_without_a_next_page_a_login_lands_on_the_front_page(captain: Any, client: Client) -> None:
    page = client.post("/accounts/login/", {"username": "captain", "password": "double-six"})
    assert page["Location"] == "/"


def test_a_wrong_password_is_refused_and_the_username_kept(captain: Any, client: Client) -> None:
    page = client.post("/accounts/login/", {"username": "captain", "password": "single-six"})
    html = page.content.decode()
    assert page.status_code == 200
    assert "Please enter a correct username and password" in html
    assert 'value="captain"' in html
    assert "_auth_user_id" not in client.session


def test_a_login_never_sends_the_user_to_another_site(captain: Any, client: Client) -> None:
    page = client.post("/accounts/login/", {"username": "captain", "password": "double-six",
                                            "next": "https://example.com/"})
    assert page["Location"] == "/"


def test_the_logout_link_asks_first_and_logging_out_takes_a_post(captain: Any, client: Client) -> None:
    client.force_login(captain)
    html = client.get("/").content.decode()
    assert 'href="/accounts/logout/?next=/"' in html
    page = client.get("/accounts/logout/?next=/")
    assert page.status_code == 200
    assert "_auth_user_id" in client.session  # a GET changes nothing
    assert '<form method="post" action="/accounts/logout/">' in page.content.decode()
    page = client.post("/accounts/logout/", {"next": "/"})
    assert page.status_code == 302 and page["Location"] == "/"
    assert "_auth_user_id" not in client.session


def test_logging_out_never_sends_the_user_to_another_site(captain: Any, client: Client) -> None:
    client.force_login(captain)
    assert client.post("/accounts/logout/", {"next": "https://example.com/"})["Location"] == "/"


def test_only_a_secretary_sees_the_secretary_link(captain: Any, secretary: Any, league: Any) -> None:
    client = Client()
    client.force_login(captain)
    assert 'href="/secretary/"' not in client.get("/").content.decode()
    client.force_login(secretary)
    assert 'href="/secretary/">Secretary</a>' in client.get("/").content.decode()
