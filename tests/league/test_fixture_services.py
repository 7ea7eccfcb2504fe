"""A division's fixtures through the services: entering teams, drawing
drafts, publishing, and postponing, rearranging, awarding and voiding a
published fixture; who may do it, and the audit log of each change."""
from collections import Counter
from datetime import date, timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from leagues import a_league, a_season, a_team

from league.models import AuditEntry, Division, DivisionEntry, Fixture, Team, Venue
from league.refusals import (
    AlreadyEntered,
    FixturesImpossible,
    FixturesPublished,
    NeedsInsisting,
    NotSecretary,
    ReasonRequired,
    Refused,
    WrongFixtureStatus,
    WrongLeague,
)
from league.services.fixtures import (
    division_team_add,
    division_team_remove,
    fixture_postpone,
    fixture_rearrange,
    fixture_void,
    fixture_walkover,
    fixtures_generate,
    fixtures_publish,
)

Status = Fixture.Status
TUESDAY = 1


@pytest.fixture
def division(league: Any) -> Division:
    return Division.objects.create(season=a_season(league), name="Premier")


@pytest.fixture
def teams(league: Any, division: Division, secretary: Any) -> list[Team]:
    teams = [a_team(league, name) for name in ("Red Lion A", "Crown B", "Bell A", "Swan A")]
    for team in teams:
        division_team_add(division_id=division.pk, team_id=team.pk, user=secretary)
    return teams


def generate(division: Division, user: Any, start: date = date(2026, 9, 1)) -> list[Fixture]:
    return fixtures_generate(division_id=division.pk, start=start, weekday=TUESDAY, skip_dates=(), user=user)


@pytest.fixture
def published(division: Division, teams: list[Team], secretary: Any) -> Fixture:
    """The division's fixtures published; the first of them."""
    generate(division, secretary)
    fixtures_publish(division_id=division.pk, user=secretary)
    return Fixture.objects.filter(division=division).order_by("week", "id").first()  # type: ignore[return-value]


# Entering teams


def test_a_secretary_enters_teams_in_a_division(division: Division, teams: list[Team]) -> None:
    assert [entry.team for entry in DivisionEntry.objects.filter(division=division)] == teams
    assert AuditEntry.objects.filter(action="division.team.add").count() == 4


def test_a_team_cannot_play_in_two_divisions_of_one_season(
    division: Division, teams: list[Team], secretary: Any,
) -> None:
    second = Division.objects.create(season=division.season, name="Division One", level=2)
    with pytest.raises(AlreadyEntered, match="Red Lion A already plays in Premier this season"):
        division_team_add(division_id=second.pk, team_id=teams[0].pk, user=secretary)
    assert not DivisionEntry.objects.filter(division=second).exists()
    assert AuditEntry.objects.filter(action="division.team.add.refused").count() == 1


def test_a_team_may_play_in_a_division_of_another_season(
    league: Any, division: Division, teams: list[Team], secretary: Any,
) -> None:
    from league.models import Season
    later = Season.objects.create(league=league, name="Summer 2027", start=date(2027, 5, 1),
                                  registration_deadline=date(2027, 4, 1))
    summer = Division.objects.create(season=later, name="Premier")
    division_team_add(division_id=summer.pk, team_id=teams[0].pk, user=secretary)
    assert DivisionEntry.objects.filter(team=teams[0]).count() == 2


def test_entering_a_team_discards_the_drafts_drawn_without_it(
    league: Any, division: Division, teams: list[Team], secretary: Any,
) -> None:
    generate(division, secretary)
    division_team_add(division_id=division.pk, team_id=a_team(league, "Plough A").pk, user=secretary)
    assert not Fixture.objects.filter(division=division).exists()
    assert AuditEntry.objects.filter(action="division.team.add").order_by("-id").first().data["drafts_discarded"] == 12
    with pytest.raises(Refused, match="no draft fixtures to publish"):
        fixtures_publish(division_id=division.pk, user=secretary)


def test_a_team_is_entered_in_a_division_once(division: Division, teams: list[Team], secretary: Any) -> None:
    with pytest.raises(AlreadyEntered, match="Red Lion A is already in Premier"):
        division_team_add(division_id=division.pk, team_id=teams[0].pk, user=secretary)


def test_a_team_of_another_league_cannot_enter(division: Division, secretary: Any) -> None:
    stranger = a_team(a_league("Stoke Sunday"), "Plough A")
    with pytest.raises(WrongLeague):
        division_team_add(division_id=division.pk, team_id=stranger.pk, user=secretary)


def test_no_team_enters_once_the_fixtures_are_published(
    league: Any, division: Division, published: Fixture, secretary: Any,
) -> None:
    with pytest.raises(FixturesPublished):
        division_team_add(division_id=division.pk, team_id=a_team(league, "Plough A").pk, user=secretary)


def test_a_secretary_takes_a_team_out_before_the_fixtures_are_drawn(
    division: Division, teams: list[Team], secretary: Any,
) -> None:
    assert division_team_remove(division_id=division.pk, team_id=teams[1].pk, user=secretary) == 0
    assert [entry.team for entry in DivisionEntry.objects.filter(division=division)] == [teams[0], *teams[2:]]
    entry = AuditEntry.objects.get(action="division.team.remove")
    assert (entry.user, entry.data["team_name"], entry.data["drafts_discarded"]) == (secretary, "Crown B", 0)


def test_taking_a_team_out_discards_the_drafts_drawn_with_it(
    division: Division, teams: list[Team], secretary: Any,
) -> None:
    generate(division, secretary)
    assert division_team_remove(division_id=division.pk, team_id=teams[0].pk, user=secretary) == 12
    assert not Fixture.objects.filter(division=division).exists()


def test_a_team_taken_out_may_enter_another_division(division: Division, teams: list[Team], secretary: Any) -> None:
    division_team_remove(division_id=division.pk, team_id=teams[0].pk, user=secretary)
    second = Division.objects.create(season=division.season, name="Division One", level=2)
    division_team_add(division_id=second.pk, team_id=teams[0].pk, user=secretary)
    assert DivisionEntry.objects.get(team=teams[0]).division == second


def test_no_team_is_taken_out_once_the_fixtures_are_published(
    division: Division, published: Fixture, teams: list[Team], secretary: Any,
) -> None:
    with pytest.raises(FixturesPublished, match="Premier's fixtures are published"):
        division_team_remove(division_id=division.pk, team_id=teams[0].pk, user=secretary)
    assert DivisionEntry.objects.filter(division=division).count() == 4
    assert Fixture.objects.filter(division=division, status=Status.PUBLISHED).count() == 12
    refusal = AuditEntry.objects.get(action="division.team.remove.refused")
    assert refusal.data["refusal"].startswith("Premier's fixtures are published")


def test_a_team_not_in_the_division_is_not_taken_out(league: Any, division: Division, secretary: Any) -> None:
    with pytest.raises(Refused, match="Plough A is not in Premier"):
        division_team_remove(division_id=division.pk, team_id=a_team(league, "Plough A").pk, user=secretary)
    assert AuditEntry.objects.filter(action="division.team.remove.refused").count() == 1


# Generating and publishing


def test_generating_draws_every_pair_twice_as_drafts(division: Division, teams: list[Team], secretary: Any) -> None:
    drafts = generate(division, secretary)
    assert len(drafts) == 12
    assert {fixture.status for fixture in Fixture.objects.filter(division=division)} == {Status.DRAFT}
    pairs = Counter(frozenset((f.home_team_id, f.away_team_id)) for f in drafts)
    assert len(pairs) == 6 and set(pairs.values()) == {2}
    assert len({(f.home_team_id, f.away_team_id) for f in drafts}) == 12  # once at each venue
    assert all(f.venue_id == f.home_team.home_venue_id for f in Fixture.objects.select_related("home_team"))
    assert all(f.date.weekday() == TUESDAY for f in drafts)
    entry = AuditEntry.objects.get(action="fixtures.generate")
    assert (entry.user, entry.data["fixtures"], entry.data["replaced"]) == (secretary, 12, 0)


def test_generating_again_replaces_the_drafts(division: Division, teams: list[Team], secretary: Any) -> None:
    first = generate(division, secretary)
    second = generate(division, secretary, start=date(2026, 9, 8))
    kept = Fixture.objects.filter(division=division)
    assert set(kept.values_list("pk", flat=True)) == {f.pk for f in second}
    assert not kept.filter(pk__in=[f.pk for f in first]).exists()
    assert min(f.date for f in kept) == date(2026, 9, 8)
    assert AuditEntry.objects.filter(action="fixtures.generate").first().data["replaced"] == 12  # type: ignore[union-attr]


def test_publishing_publishes_every_draft(division: Division, teams: list[Team], secretary: Any) -> None:
    generate(division, secretary)
    assert fixtures_publish(division_id=division.pk, user=secretary) == 12
    fixtures = Fixture.objects.filter(division=division)
    assert {f.status for f in fixtures} == {Status.PUBLISHED}
    assert all(f.published_at is not None for f in fixtures)
    assert AuditEntry.objects.get(action="fixtures.publish").data == {"fixtures": 12}


def test_there_is_nothing_to_publish_before_generating(division: Division, teams: list[Team], secretary: Any) -> None:
    with pytest.raises(Refused, match="no draft fixtures to publish"):
        fixtures_publish(division_id=division.pk, user=secretary)


def test_published_fixtures_are_neither_generated_nor_published_again(
    division: Division, published: Fixture, secretary: Any,
) -> None:
    with pytest.raises(FixturesPublished, match="Premier's fixtures are published"):
        generate(division, secretary)
    with pytest.raises(FixturesPublished):
        fixtures_publish(division_id=division.pk, user=secretary)
    assert Fixture.objects.filter(division=division, status=Status.PUBLISHED).count() == 12
    assert AuditEntry.objects.filter(action="fixtures.generate.refused").count() == 1


def test_a_division_of_one_team_has_no_fixtures(league: Any, division: Division, secretary: Any) -> None:
    division_team_add(division_id=division.pk, team_id=a_team(league, "Red Lion A").pk, user=secretary)
    with pytest.raises(FixturesImpossible, match="Premier has Red Lion A: fixtures need at least two teams"):
        generate(division, secretary)


def test_an_overbooked_venue_is_refused_naming_its_teams(league: Any, division: Division, secretary: Any) -> None:
    pub = Venue.objects.create(name="The Plough", board_sets=1)
    for name in ("Plough A", "Plough B", "Plough C"):
        team = Team.objects.create(league=league, name=name, home_venue=pub)
        division_team_add(division_id=division.pk, team_id=team.pk, user=secretary)
    division_team_add(division_id=division.pk, team_id=a_team(league, "Swan A").pk, user=secretary)
    with pytest.raises(FixturesImpossible) as refused:
        generate(division, secretary)
    assert "Plough A, Plough B and Plough C all play at home at The Plough, which has 1 board set" in str(refused.value)
    assert not Fixture.objects.exists()


# Who may do it


@pytest.fixture(params=["anonymous", "captain", "another league's secretary"])
def outsider(request: Any, teams: list[Team]) -> Any:
    if request.param == "anonymous":
        return None
    user = get_user_model().objects.create_user(request.param)
    if request.param == "captain":
        teams[0].captain = user
        teams[0].save()
    else:
        a_league("Stoke Sunday").secretaries.add(user)
    return user


def test_only_a_secretary_of_the_league_enters_teams(league: Any, division: Division, outsider: Any) -> None:
    with pytest.raises(NotSecretary, match="only a secretary of Leek & District"):
        division_team_add(division_id=division.pk, team_id=a_team(league, "Plough A").pk, user=outsider)


def test_only_a_secretary_of_the_league_takes_teams_out(
    division: Division, teams: list[Team], outsider: Any,
) -> None:
    with pytest.raises(NotSecretary, match="only a secretary of Leek & District"):
        division_team_remove(division_id=division.pk, team_id=teams[0].pk, user=outsider)
    assert DivisionEntry.objects.filter(division=division).count() == 4
    assert AuditEntry.objects.filter(action="division.team.remove.refused").count() == 1


def test_only_a_secretary_of_the_league_generates_and_publishes(
    division: Division, outsider: Any, secretary: Any,
) -> None:
    with pytest.raises(NotSecretary):
        generate(division, outsider)
    generate(division, secretary)
    with pytest.raises(NotSecretary):
        fixtures_publish(division_id=division.pk, user=outsider)
    assert not Fixture.objects.exclude(status=Status.DRAFT).exists()


def test_only_a_secretary_of_the_league_changes_a_fixture(published: Fixture, outsider: Any) -> None:
    for change in CHANGES.values():
        with pytest.raises(NotSecretary):
            change(published, outsider, "the pub flooded")
    published.refresh_from_db()
    assert published.status == Status.PUBLISHED
    assert AuditEntry.objects.filter(action__startswith="fixture.", action__endswith=".refused").count() == 4


# Changing a published fixture

NEW_DATE = date(2031, 12, 2)  # a night still to come, as a rearrangement must be


def _rearrange(fixture: Fixture, user: Any, reason: str) -> Fixture:
    return fixture_rearrange(fixture_id=fixture.pk, new_date=NEW_DATE, reason=reason, user=user)


CHANGES: dict[str, Any] = {
    "postpone": lambda f, user, reason: fixture_postpone(fixture_id=f.pk, reason=reason, user=user),
    "rearrange": _rearrange,
    "walkover": lambda f, user, reason: fixture_walkover(fixture_id=f.pk, winner_team_id=f.home_team_id,
                                                         reason=reason, user=user),
    "void": lambda f, user, reason: fixture_void(fixture_id=f.pk, reason=reason, user=user),
}
RESULT = {"postpone": Status.POSTPONED, "rearrange": Status.REARRANGED, "walkover": Status.WALKOVER,
          "void": Status.VOID}
# Which change each status allows: the table the service must keep.
ALLOWED = {
    Status.DRAFT: set(),
    Status.PUBLISHED: {"postpone", "rearrange", "walkover", "void"},
    Status.POSTPONED: {"rearrange", "walkover", "void"},
    Status.REARRANGED: {"postpone", "rearrange", "walkover", "void"},
    Status.WALKOVER: set(),
    Status.VOID: set(),
}


def _put_in(fixture: Fixture, status: str) -> None:
    """Stores the fixture as having reached `status` (set up directly: what
    is under test is the change that follows)."""
    fixture.status = status
    fixture.rearranged_to = date(2026, 11, 3) if status == Status.REARRANGED else None
    fixture.walkover_winner = fixture.away_team if status == Status.WALKOVER else None
    fixture.save()


@pytest.mark.parametrize("status", list(ALLOWED))
@pytest.mark.parametrize("verb", list(CHANGES))
def test_each_change_is_allowed_only_from_its_statuses(
    published: Fixture, secretary: Any, status: str, verb: str,
) -> None:
    _put_in(published, status)
    if verb in ALLOWED[status]:
        changed = CHANGES[verb](published, secretary, "the pub flooded")
        changed.refresh_from_db()
        assert (changed.status, changed.reason) == (RESULT[verb], "the pub flooded")
        entry = AuditEntry.objects.get(action=f"fixture.{verb}")
        assert entry.user == secretary
        assert (entry.data["old"]["status"], entry.data["new"]["status"]) == (status, RESULT[verb])
        assert entry.data["reason"] == "the pub flooded"
    else:
        with pytest.raises(WrongFixtureStatus):
            CHANGES[verb](published, secretary, "the pub flooded")
        published.refresh_from_db()
        assert published.status == status
        assert AuditEntry.objects.get(action=f"fixture.{verb}.refused").data["old"]["status"] == status


def test_a_draft_cannot_be_postponed(published: Fixture, secretary: Any) -> None:
    _put_in(published, Status.DRAFT)
    with pytest.raises(WrongFixtureStatus, match="is a draft: publish the fixtures before it can be postponed"):
        fixture_postpone(fixture_id=published.pk, reason="snow", user=secretary)


def test_a_void_fixture_cannot_be_rearranged(published: Fixture, secretary: Any) -> None:
    fixture_void(fixture_id=published.pk, reason="Crown B withdrew", user=secretary)
    with pytest.raises(WrongFixtureStatus, match="is void: it cannot be rearranged"):
        _rearrange(published, secretary, "they came back")


@pytest.mark.parametrize("reason", ["", "   \n"])
@pytest.mark.parametrize("verb", list(CHANGES))
def test_every_change_needs_a_reason(published: Fixture, secretary: Any, verb: str, reason: str) -> None:
    with pytest.raises(ReasonRequired, match="without a reason"):
        CHANGES[verb](published, secretary, reason)
    published.refresh_from_db()
    assert published.status == Status.PUBLISHED


def test_rearranging_records_the_old_and_new_dates(published: Fixture, secretary: Any) -> None:
    fixture_postpone(fixture_id=published.pk, reason="snow", user=secretary)
    fixture = _rearrange(published, secretary, "played after Christmas")
    fixture.refresh_from_db()
    assert (fixture.date, fixture.rearranged_to, fixture.played_on) == (published.date, NEW_DATE, NEW_DATE)
    entry = AuditEntry.objects.get(action="fixture.rearrange")
    assert entry.data["old"] == {"status": "postponed", "date": published.date.isoformat(), "rearranged_to": None,
                                 "walkover_winner": None}
    assert entry.data["new"]["rearranged_to"] == NEW_DATE.isoformat()
    assert fixture.revision == 2


def test_a_fixture_is_not_rearranged_to_the_date_it_already_has(published: Fixture, secretary: Any) -> None:
    with pytest.raises(Refused, match="is already set for"):
        fixture_rearrange(fixture_id=published.pk, new_date=published.date, reason="no change", user=secretary)


def test_a_fixture_is_not_rearranged_into_the_past(published: Fixture, secretary: Any) -> None:
    yesterday = timezone.localdate() - timedelta(days=1)
    with pytest.raises(Refused, match="has gone: a match can only be moved to today or later"):
        fixture_rearrange(fixture_id=published.pk, new_date=yesterday, reason="played last night", user=secretary)
    published.refresh_from_db()
    assert published.status == Status.PUBLISHED
    assert AuditEntry.objects.filter(action="fixture.rearrange.refused").count() == 1


def _another_home_match_moved_to(published: Fixture, secretary: Any, night: date) -> Fixture:
    other = Fixture.objects.filter(division=published.division, home_team=published.home_team).exclude(
        pk=published.pk).order_by("week").first()
    assert other is not None
    return fixture_rearrange(fixture_id=other.pk, new_date=night, reason="cup tie", user=secretary)


def test_a_fixture_moved_onto_a_night_a_team_already_plays_needs_insisting(published: Fixture,
                                                                           secretary: Any) -> None:
    # Two boards at the pub: insisting puts two matches on one night for a
    # team, never more matches at a venue than it has board sets.
    Venue.objects.filter(pk=published.venue_id).update(board_sets=2)
    other = _another_home_match_moved_to(published, secretary, NEW_DATE)
    with pytest.raises(NeedsInsisting, match=f"{other} is already set for .*: two matches on one night for "
                                             f"{published.home_team}. Insist"):
        _rearrange(published, secretary, "double header")
    published.refresh_from_db()
    assert published.status == Status.PUBLISHED
    moved = fixture_rearrange(fixture_id=published.pk, new_date=NEW_DATE, reason="double header",
                              user=secretary, insist=True)
    assert moved.played_on == NEW_DATE


def test_a_postponed_match_leaves_its_night_free(published: Fixture, secretary: Any) -> None:
    other = _another_home_match_moved_to(published, secretary, NEW_DATE)
    fixture_postpone(fixture_id=other.pk, reason="snow", user=secretary)
    assert _rearrange(published, secretary, "a free night").played_on == NEW_DATE


def test_a_walkover_goes_to_one_of_the_two_teams(published: Fixture, secretary: Any, teams: list[Team]) -> None:
    stranger = next(t for t in teams if t.pk not in (published.home_team_id, published.away_team_id))
    with pytest.raises(Refused, match="goes to"):
        fixture_walkover(fixture_id=published.pk, winner_team_id=stranger.pk, reason="no show", user=secretary)
    fixture = fixture_walkover(fixture_id=published.pk, winner_team_id=published.away_team_id, reason="no show",
                               user=secretary)
    assert fixture.walkover_winner_id == published.away_team_id
    assert AuditEntry.objects.get(action="fixture.walkover").data["new"]["walkover_winner"] == published.away_team_id
