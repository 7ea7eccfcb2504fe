"""Reading how a league is organised: a division and a team by id, and a
division's settings as its matches will be played."""
from league.competition_settings import SETTING_NAMES, CompetitionSettings, settings_resolve
from league.models import Division, Team


def division_settings(*, division_id: int) -> CompetitionSettings:
    """The division's settings, each override it leaves empty inherited
    from its league. Raises Division.DoesNotExist."""
    return settings_of(Division.objects.select_related("season__league").get(pk=division_id))


def settings_of(division: Division) -> CompetitionSettings:
    """`division_settings` of a division read with its season and league,
    asking nothing more of the database (a list of many divisions' nights)."""
    league = division.season.league
    return settings_resolve(
        {name: getattr(league, name) for name in SETTING_NAMES},
        {name: getattr(division, name) for name in SETTING_NAMES},
    )


def division_with_season(*, division_id: int) -> Division:
    """Raises Division.DoesNotExist."""
    return Division.objects.select_related("season").get(pk=division_id)


def team_get(*, team_id: int) -> Team:
    """Raises Team.DoesNotExist."""
    return Team.objects.get(pk=team_id)
