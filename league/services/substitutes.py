"""Substitutes on a match night (league.models.substitutes).

Before the match starts (no game of a rubber recorded yet, a conceded
rubber's aside) a team's captain, or a league secretary, names up to the
format's `substitutes` players from the team's squad; naming again replaces
the list. During the match a named substitute may take over a rubber not
yet started in place of a player of the same side named in it, as long as
the format's limits (singles and pairs a player) still hold. Each action
locks the fixture and is audited, refusals too (`league.services.nights`).
"""
from collections.abc import Sequence
from typing import Any

from league import formats
from league.authors import Author, author_user
from league.models import Fixture, MatchNight, NightSubstitute, Player, Rubber, RubberGame, Substitution, Team
from league.models.audit_actions import AuditAction
from league.refusals import SubstitutionInvalid
from league.selectors.eligibility import sheet_squad
from league.selectors.matches import match_format_of
from league.services.nights import Night, night_change, require_captain, require_playable, require_status


def substitutes_name(*, fixture_id: int, team_id: int, player_ids: Sequence[int],
                     user: Author) -> list[NightSubstitute]:
    """Names the team's substitutes for the night, replacing any named
    before. Raises Fixture.DoesNotExist, NotCaptain, FixtureNotPlayable,
    WrongNightStatus or SubstitutionInvalid."""

    def change(fixture: Fixture, night: MatchNight, details: dict[str, Any]) -> list[NightSubstitute]:
        details.update(team=team_id, players=list(player_ids))
        side, team = _side_of(fixture, team_id)
        require_captain(fixture, team, user, doing=f"name {team}'s substitutes")
        require_playable(fixture)
        require_status(night, Night.OPEN, doing="name substitutes")
        fmt = match_format_of(fixture)
        _require_names_allowed(fixture, night, team, fmt, player_ids)
        night.save()
        NightSubstitute.objects.filter(night=night, side=side).delete()
        return NightSubstitute.objects.bulk_create(
            NightSubstitute(night=night, side=side, player_id=pk, named_by=author_user(user)) for pk in player_ids)

    return night_change(fixture_id=fixture_id, action=AuditAction.NIGHT_SUBSTITUTES_NAMED, user=user, change=change)


def substitute_on(*, fixture_id: int, rubber: int, off: int, on: int, user: Author) -> Substitution:
    """The named substitute `on` takes over rubber number `rubber` in place
    of `off`. Raises Fixture.DoesNotExist, NotCaptain, FixtureNotPlayable,
    WrongNightStatus or SubstitutionInvalid."""

    def change(fixture: Fixture, night: MatchNight, details: dict[str, Any]) -> Substitution:
        details.update(rubber=rubber, off=off, on=on)
        named = NightSubstitute.objects.filter(night=night, player_id=on).first() if night.pk else None
        found = Rubber.objects.filter(night=night, number=rubber).first() if night.pk else None
        side = _side_playing(found, off) if found is not None else None
        team = fixture.away_team if (side or (named.side if named else "home")) == "away" else fixture.home_team
        require_captain(fixture, team, user, doing=f"bring on a substitute for {team}")
        require_playable(fixture)
        require_status(night, Night.OPEN, doing="bring on a substitute")
        if found is None:
            raise SubstitutionInvalid(f"Rubber {rubber} has no players named yet: enter the team sheet first.")
        if RubberGame.objects.filter(rubber=found).exists():
            raise SubstitutionInvalid(f"Rubber {rubber} has started: its players cannot change.")
        if side is None:
            raise SubstitutionInvalid(f"{_name(off)} does not play rubber {rubber}: a substitute comes on "
                                      f"in place of a player named in it.")
        if named is None or named.side != side:
            raise SubstitutionInvalid(f"{_name(on)} is not named as a substitute for {team}: "
                                      f"only a named substitute may come on.")
        problem = _limit_problem(night, found, match_format_of(fixture), on)
        if problem:
            raise SubstitutionInvalid(problem)
        slot = "player" if getattr(found, f"{side}_player_id") == off else "partner"
        setattr(found, f"{side}_{slot}_id", on)
        found.save(update_fields=[f"{side}_{slot}"])
        return Substitution.objects.create(rubber=found, side=side, off_id=off, on_id=on, made_by=author_user(user))

    return night_change(fixture_id=fixture_id, action=AuditAction.NIGHT_SUBSTITUTE_ON, user=user, change=change)


def _side_of(fixture: Fixture, team_id: int) -> tuple[str, Team]:
    if team_id == fixture.home_team_id:
        return "home", fixture.home_team
    if team_id == fixture.away_team_id:
        return "away", fixture.away_team
    raise SubstitutionInvalid(f"Team {team_id} does not play {fixture}.")


def _require_names_allowed(fixture: Fixture, night: MatchNight, team: Team, fmt: formats.MatchFormat,
                           player_ids: Sequence[int]) -> None:
    if night.pk is not None and RubberGame.objects.filter(rubber__night=night, rubber__conceded_by="").exists():
        raise SubstitutionInvalid("The match has started: substitutes are named before the first game.")
    if len(player_ids) > fmt.substitutes:
        allowed = "no substitutes" if fmt.substitutes == 0 else f"at most {fmt.substitutes} substitute" + (
            "s" if fmt.substitutes != 1 else "")
        raise SubstitutionInvalid(f"{fmt.name} allows {allowed} a team; {len(player_ids)} were named.")
    if len(set(player_ids)) != len(player_ids):
        raise SubstitutionInvalid("A player is named as a substitute twice.")
    squad = sheet_squad(division=fixture.division, team=team, named=player_ids, on=fixture.played_on,
                        fixture_id=fixture.pk)
    playable = {pk for pk, _ in squad.players}
    strangers = [pk for pk in player_ids if pk not in playable]
    if strangers:
        why = squad.reasons.get(strangers[0])
        raise SubstitutionInvalid(f"{_name(strangers[0])} is not in {team}'s squad "
                                  + (f"that night ({_name(strangers[0])} {why})" if why else "this season")
                                  + ": a substitute comes from the squad.")


def _side_playing(rubber: Rubber, player_id: int) -> str | None:
    if player_id in rubber.home_ids():
        return "home"
    if player_id in rubber.away_ids():
        return "away"
    return None


def _limit_problem(night: MatchNight, rubber: Rubber, fmt: formats.MatchFormat, player_id: int) -> str:
    """Why `player_id` may not play `rubber` as well as the rubbers already
    theirs, or empty."""
    if player_id in (*rubber.home_ids(), *rubber.away_ids()):
        return f"{_name(player_id)} already plays rubber {rubber.number}."
    limit = fmt.limit(rubber.kind)
    if limit is None:
        return ""
    playing = sum(player_id in (*other.home_ids(), *other.away_ids())
                  for other in night.rubbers.filter(kind=rubber.kind).exclude(pk=rubber.pk))
    if playing >= limit:
        return (f"{_name(player_id)} already plays {playing} {rubber.kind} rubber{'s' if playing != 1 else ''}: "
                f"{fmt.name} allows {limit} a player.")
    return ""


def _name(player_id: int) -> str:
    player = Player.objects.filter(pk=player_id).first()
    return player.name if player is not None else f"Player {player_id}"
