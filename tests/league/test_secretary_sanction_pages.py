"""A division's sanctions page, through a browser's requests: what a
secretary sees of each sanction, that applying one and removing one (after
a reason and a confirmation) change the table's deductions, that a refusal
changes nothing and says why with the form as it was filled, and who is
kept out."""
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils.html import escape
from forms import browser, post, text
from leagues import a_league, a_team
from matchnights import Night, a_match_night

from league.models import AuditEntry, DivisionEntry, Sanction
from league.services.overdue import results_overdue_check
from league.services.sanctions import sanction_apply


@pytest.fixture
def night(db: None) -> Night:
    """A division of two teams and their fixture, played ten days ago."""
    return a_match_night("plain", played_days_ago=10)


@pytest.fixture
def sanction(night: Night) -> Sanction:
    return sanction_apply(division_id=night.division.pk, team_id=night.away.pk, points=2,
                          reason="Fielded an unregistered player", fixture_id=night.fixture.pk, user=night.secretary)


def page_url(night: Night) -> str:
    return f"/secretary/divisions/{night.division.pk}/sanctions"


def remove_url(sanction: Sanction) -> str:
    return f"/secretary/sanctions/{sanction.pk}/remove"


# Reading


def test_the_page_lists_each_sanction_with_its_team_points_reason_fixture_and_who_applied_it(
    night: Night, sanction: Sanction,
) -> None:
    html = text(browser(night.secretary).get(page_url(night)))
    row = html[html.index(f'id="sanction-{sanction.pk}"'):]
    assert "Leek Crown B" in row and "−2" in row and "Fielded an unregistered player" in row
    assert f'<a href="/fixtures/{night.fixture.pk}/night">Leek Red Lion A v Leek Crown B</a>' in row
    assert "by leek-secretary" in row and "Late result" not in row.split("</tr>")[0]


def test_a_late_result_sanction_is_marked_late_and_applied_by_the_nightly_check(night: Night) -> None:
    results_overdue_check()
    html = text(browser(night.secretary).get(page_url(night)))
    assert '<span class="tag">Late result</span> Late result 1 this season' in html
    assert "by the nightly overdue check" in html and "−3" in html


def test_a_division_without_sanctions_says_so(night: Night) -> None:
    assert "No team in Premier has been sanctioned." in text(browser(night.secretary).get(page_url(night)))


def test_the_form_offers_the_divisions_teams_and_its_fixtures(night: Night) -> None:
    html = text(browser(night.secretary).get(page_url(night)))
    assert f'<option value="{night.home.pk}">Leek Red Lion A</option>' in html
    assert f'<option value="{night.fixture.pk}">Week 1, ' in html


def test_the_form_can_start_from_a_team_and_fixture_named_in_the_address(night: Night) -> None:
    html = text(browser(night.secretary).get(f"{page_url(night)}?team={night.home.pk}&fixture={night.fixture.pk}"))
    assert f'<option value="{night.home.pk}" selected>Leek Red Lion A</option>' in html
    assert f'<option value="{night.fixture.pk}" selected>' in html
    assert not Sanction.objects.exists()


# Applying


def test_a_secretary_applies_a_sanction_for_a_fixture(night: Night) -> None:
    client = browser(night.secretary)
    page = post(client, page_url(night), {"team": night.home.pk, "points": "3", "reason": "Result phoned in late",
                                          "fixture": night.fixture.pk, "step": "confirm"})
    assert page.status_code == 302 and page["Location"] == page_url(night)
    applied = Sanction.objects.get()
    assert (applied.team, applied.points, applied.reason, applied.fixture, applied.late_result, applied.created_by) \
        == (night.home, 3, "Result phoned in late", night.fixture, False, night.secretary)
    assert AuditEntry.objects.filter(action="sanction.apply").count() == 1
    assert "Leek Red Lion A lose 3 points in Premier." in text(client.get(page_url(night)))


def test_a_sanction_need_not_be_for_a_fixture(night: Night) -> None:
    post(browser(night.secretary), page_url(night), {"team": night.away.pk, "points": "1", "reason": "Abusive",
                                                     "fixture": "", "step": "confirm"})
    assert Sanction.objects.get().fixture is None


def test_applying_shows_what_it_takes_off_and_applies_nothing_until_confirmed(night: Night) -> None:
    client = browser(night.secretary)
    form = {"team": night.home.pk, "points": "2", "reason": "Result phoned in late", "fixture": night.fixture.pk}
    html = text(post(client, page_url(night), form))
    assert "Check, then confirm" in html and "Leek Red Lion A lose 2 points in Premier's table, for Week 1" in html
    assert 'name="step" value="confirm"' in html and not Sanction.objects.exists()
    back = text(post(client, page_url(night), {**form, "step": "edit"}))
    assert "Check, then confirm" not in back and "Result phoned in late</textarea>" in back
    assert not Sanction.objects.exists()
    post(client, page_url(night), {**form, "step": "confirm"})
    assert Sanction.objects.get().points == 2


def test_a_sanction_beyond_the_leagues_bound_is_refused_before_the_confirmation(night: Night) -> None:
    night.league.sanction_max_points = 4
    night.league.save()
    client = browser(night.secretary)
    assert 'max="4"' in text(client.get(page_url(night))) and "At most 4 in Premier." in text(client.get(page_url(night)))
    html = text(post(client, page_url(night), {"team": night.home.pk, "points": "40", "reason": "Typo for 4"}))
    assert "a sanction in Premier takes off at most 4 points (the league&#x27;s bound), not 40" in html
    assert "Check, then confirm" not in html
    confirmed = text(post(client, page_url(night), {"team": night.home.pk, "points": "40", "reason": "Typo",
                                                    "step": "confirm"}))
    assert "takes off at most 4 points" in confirmed and not Sanction.objects.exists()


def test_a_sanction_without_a_reason_is_sent_back_with_the_form_kept(night: Night) -> None:
    page = post(browser(night.secretary), page_url(night), {"team": night.home.pk, "points": "4", "reason": ""})
    html = text(page)
    assert page.status_code == 200 and '<p class="error" id="id_reason_error">This field is required.</p>' in html
    assert f'<option value="{night.home.pk}" selected>' in html and 'value="4"' in html
    assert not Sanction.objects.exists()


def test_a_sanction_of_no_points_is_refused_in_the_services_words_with_the_form_kept(night: Night) -> None:
    page = post(browser(night.secretary), page_url(night), {"team": night.home.pk, "points": "0",
                                                            "reason": "Late again"})
    html = text(page)
    assert '<div class="refusal" role="alert"><p>a sanction deducts a whole number of points, 1 or more, not 0' in html
    assert f'<option value="{night.home.pk}" selected>' in html and "Late again</textarea>" in html
    assert not Sanction.objects.exists()


def test_a_sanction_for_another_teams_fixture_is_refused(night: Night) -> None:
    bell = a_team(night.league, "Leek Bell A")
    DivisionEntry.objects.create(division=night.division, team=bell)
    page = post(browser(night.secretary), page_url(night), {"team": bell.pk, "points": "2", "reason": "No show",
                                                            "fixture": night.fixture.pk})
    assert escape(f"fixture {night.fixture.pk} is not one of Leek Bell A's in {night.division}") in text(page)
    assert not Sanction.objects.exists()


# Removing


def test_removing_asks_for_a_reason_then_confirmation_and_only_then_removes(night: Night, sanction: Sanction) -> None:
    client = browser(night.secretary)
    assert "Why it is removed" in text(client.get(remove_url(sanction)))
    page = post(client, remove_url(sanction), {"reason": "Player was registered after all", "step": "review"})
    html = text(page)
    assert "Check, then confirm" in html and "Leek Crown B get 2 points back" in html
    assert Sanction.objects.filter(pk=sanction.pk).exists()
    page = post(client, remove_url(sanction), {"reason": "Player was registered after all", "step": "confirm"})
    assert page.status_code == 302 and page["Location"] == page_url(night)
    assert not Sanction.objects.filter(pk=sanction.pk).exists()
    assert AuditEntry.objects.get(action="sanction.remove").data["reason"] == "Player was registered after all"
    assert "The sanction is removed: Leek Crown B have their 2 points back." in text(client.get(page_url(night)))


def test_going_back_from_the_confirmation_keeps_the_reason(night: Night, sanction: Sanction) -> None:
    html = text(post(browser(night.secretary), remove_url(sanction), {"reason": "Registered", "step": "edit"}))
    assert "Registered</textarea>" in html
    assert Sanction.objects.filter(pk=sanction.pk).exists()


def test_a_removal_without_a_reason_goes_nowhere(night: Night, sanction: Sanction) -> None:
    page = post(browser(night.secretary), remove_url(sanction), {"reason": "", "step": "confirm"})
    assert page.status_code == 200 and "This field is required." in text(page)
    assert Sanction.objects.filter(pk=sanction.pk).exists()


def test_the_home_page_links_each_divisions_sanctions_with_their_count(night: Night, sanction: Sanction) -> None:
    html = text(browser(night.secretary).get("/secretary/"))
    assert f'<a href="{page_url(night)}">Sanctions<span class="visually-hidden"> in Premier</span> (1)</a>' in html


# Who is kept out


@pytest.fixture(params=["captain", "another league's secretary"])
def outsider(request: Any, night: Night) -> Client:
    if request.param == "captain":
        return browser(night.home_captain)
    user = get_user_model().objects.create_user("stoke-secretary")
    a_league("Stoke Sunday").secretaries.add(user)
    return browser(user)


def test_others_get_the_403_page(outsider: Client, night: Night, sanction: Sanction) -> None:
    for url in (page_url(night), remove_url(sanction)):
        page = outsider.get(url)
        assert page.status_code == 403 and "Not a page of yours" in text(page), url


def test_others_can_neither_apply_nor_remove_a_sanction(outsider: Client, night: Night, sanction: Sanction) -> None:
    applied = post(outsider, page_url(night), {"team": night.home.pk, "points": "9", "reason": "spite"})
    removed = post(outsider, remove_url(sanction), {"reason": "favour", "step": "confirm"})
    assert (applied.status_code, removed.status_code) == (403, 403)
    assert list(Sanction.objects.values_list("pk", flat=True)) == [sanction.pk]


def test_anonymous_users_are_sent_to_log_in(client: Client, night: Night, sanction: Sanction) -> None:
    for url in (page_url(night), remove_url(sanction)):
        page = client.get(url)
        assert page.status_code == 302 and page["Location"] == f"/accounts/login/?next={url}"
