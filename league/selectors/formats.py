"""Reading match formats and points schemes: a league's own, the presets,
and what a match night was played under.

Terms (league.models.formats): a *key* names a preset ("leek") or one of
the league's own (`own:<slug>`); its *newest* version is what a night not
yet started will play; a night's *pinned* version is what it was played
(or scored) under, and every reading of the night uses that.
"""
from dataclasses import dataclass
from typing import Any

from django.db.models import Count

from league import formats
from league.competition_settings import OWN_PREFIX, is_own_key
from league.models import Division, FormatVersion, MatchNight, StoredFormat

Kind = StoredFormat.Kind


@dataclass(frozen=True, slots=True)
class VersionUse:
    """One version of a stored format, and the nights played under it."""

    version: FormatVersion
    nights: int


def stored_formats(*, league_id: int) -> list[StoredFormat]:
    """The league's own formats and schemes, formats first, by name."""
    return list(StoredFormat.objects.filter(league_id=league_id).order_by("kind", "name", "pk"))


def stored_format_get(*, league_id: int, key: str, kind: str) -> StoredFormat:
    """The league's own format or scheme named `key` (own:<slug>). Raises
    StoredFormat.DoesNotExist."""
    if not is_own_key(key):
        raise StoredFormat.DoesNotExist(key)
    return StoredFormat.objects.get(league_id=league_id, kind=kind, slug=key.removeprefix(OWN_PREFIX))


def newest_version(stored: StoredFormat) -> FormatVersion:
    """The stored format's latest version: every format has at least one."""
    version: FormatVersion | None = FormatVersion.objects.filter(format=stored).order_by("-number").first()
    assert version is not None, f"{stored} has no version"
    return version


def version_history(stored: StoredFormat) -> list[VersionUse]:
    """Every version, newest first, with how many nights each pins."""
    field = "format_version" if stored.kind == Kind.FORMAT else "scheme_version"
    uses = dict(MatchNight.objects.filter(**{f"{field}__format": stored}).values_list(f"{field}_id")
                .annotate(n=Count("pk")).values_list(f"{field}_id", "n"))
    return [VersionUse(version, uses.get(version.pk, 0))
            for version in stored.versions.select_related("created_by").order_by("-number")]


def stored_format_users(*, stored: StoredFormat) -> list[str]:
    """Where the league names it: "the league" and each division that does."""
    field = "match_format" if stored.kind == Kind.FORMAT else "points_scheme"
    league = stored.league
    assert league is not None
    where = ["the league"] if getattr(league, field) == stored.key else []
    divisions = (Division.objects.filter(season__league=league, **{field: stored.key})
                 .select_related("season").order_by("-season__start", "name"))
    return where + [f"{d.season.name}: {d.name}" for d in divisions]


def version_format(version: FormatVersion) -> formats.MatchFormat:
    return formats.format_from_data(version.data)


def version_scheme(version: FormatVersion) -> formats.PointsScheme:
    return formats.scheme_from_data(version.data)


def format_for_key(*, league_id: int, key: str) -> formats.MatchFormat:
    """The newest match format `key` names in the league. Raises
    UnknownFormat for a key naming nothing."""
    if not is_own_key(key):
        return formats.format_get(key)
    try:
        return version_format(newest_version(stored_format_get(league_id=league_id, key=key, kind=Kind.FORMAT)))
    except StoredFormat.DoesNotExist:
        raise formats.UnknownFormat(f"the league has no match format {key!r} of its own") from None


def scheme_for_key(*, league_id: int, key: str) -> formats.PointsScheme:
    """The newest points scheme `key` names in the league. Raises
    UnknownScheme for a key naming nothing."""
    if not is_own_key(key):
        return formats.scheme_get(key)
    try:
        return version_scheme(newest_version(stored_format_get(league_id=league_id, key=key, kind=Kind.SCHEME)))
    except StoredFormat.DoesNotExist:
        raise formats.UnknownScheme(f"the league has no points scheme {key!r} of its own") from None


def division_format(*, division_id: int) -> formats.MatchFormat:
    """The match format the division's next night will play: the newest."""
    league_id, key = _league_and(division_id, "match_format")
    return format_for_key(league_id=league_id, key=key)


def division_scheme(*, division_id: int) -> formats.PointsScheme:
    """The points scheme the division's next result will be scored by, with
    the scheme's own walkover (the table records walkovers by the division's
    forfeit setting, or by this walkover where the setting is "as the points
    scheme says": league.services.standings.scheme_of)."""
    league_id, key = _league_and(division_id, "points_scheme")
    return scheme_for_key(league_id=league_id, key=key)


def night_format(*, fixture_id: int, division_id: int) -> formats.MatchFormat:
    """The match format the fixture's night is played under: the version
    it pinned, or, before its sheet is entered, the division's newest."""
    pinned = (FormatVersion.objects.filter(pk__in=MatchNight.objects.filter(fixture_id=fixture_id)
                                           .values("format_version_id")).first())
    return version_format(pinned) if pinned is not None else division_format(division_id=division_id)


def key_choices(*, league_id: int, kind: str) -> list[tuple[str, str]]:
    """(key, name) of everything a league or division may pick: the presets,
    then the league's own."""
    presets: dict[str, Any] = formats.FORMATS if kind == Kind.FORMAT else formats.SCHEMES
    own = StoredFormat.objects.filter(league_id=league_id, kind=kind).order_by("name")
    return [(key, preset.name) for key, preset in presets.items()] + [(s.key, f"{s.name} (own)") for s in own]


def _league_and(division_id: int, name: str) -> tuple[int, str]:
    """The division's league and its setting `name`, inherited as
    division_settings inherits it, in one query."""
    division = Division.objects.select_related("season__league").get(pk=division_id)
    league = division.season.league
    own = getattr(division, name)
    return league.pk, str(own if own is not None else getattr(league, name))
