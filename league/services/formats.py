"""A league's own match formats and points schemes, and pinning what each
match night is played under (league.models.formats).

A secretary creates a format or a scheme from its data
(`league.formats.data`), and changes it by saving a new version; an old
version is never changed. A night pins the match format's newest version
when its team sheet is first entered, and the points scheme's newest when
its result is confirmed; a shipped preset is stored, version by version,
the first time a night is played under it, and again when a later release
corrects it.
"""
from collections.abc import Mapping
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from league import formats
from league.authors import Author, author_user
from league.competition_settings import OWN_PREFIX, is_own_key
from league.models import Fixture, FormatVersion, League, MatchNight, StoredFormat
from league.models.audit_actions import AuditAction
from league.refusals import FormatInvalid, Refused, SettingsInvalid
from league.selectors.access import secretary_refusal
from league.selectors.formats import newest_version, stored_format_get
from league.services.audit import Refusal, audit_record
from league.services.competition import league_settings_fit_check
from league.services.page_versions import pages_changed_by

Kind = StoredFormat.Kind
WHAT: dict[str, str] = {Kind.FORMAT: "match format", Kind.SCHEME: "points scheme"}
# What building one, and saving a new version of one, is audited as, by kind.
CREATED_AS: dict[str, AuditAction] = {Kind.FORMAT: AuditAction.FORMAT_CREATE, Kind.SCHEME: AuditAction.SCHEME_CREATE}
VERSIONED_AS: dict[str, AuditAction] = {Kind.FORMAT: AuditAction.FORMAT_VERSION, Kind.SCHEME: AuditAction.SCHEME_VERSION}


def stored_format_create(*, league_id: int, kind: str, slug: str, data: Mapping[str, Any],
                         user: Author) -> StoredFormat:
    """A new format or scheme of the league's own, its data as version 1;
    the data's key is set to own:<slug>. Raises League.DoesNotExist,
    NotSecretary or FormatInvalid (every problem, a slug taken among them)."""
    with transaction.atomic():
        league = League.objects.select_for_update(no_key=True).get(pk=league_id)
        failure: Refusal | None = secretary_refusal(league=league, user=user,
                                                    doing=f"can build a {WHAT.get(kind, 'format')}")
        if failure is None:
            failure = _slug_problem(league, kind, slug)
        checked: dict[str, Any] = {}
        if failure is None:
            checked, failure = _checked(kind, {**data, "key": f"{OWN_PREFIX}{slug}"})
        if failure is None:
            # The league's row is locked: no other save takes the slug meanwhile.
            stored = StoredFormat.objects.create(league=league, kind=kind, slug=slug, name=checked["name"])
            _version_add(stored, checked, user)
            audit_record(user=user, action=CREATED_AS[kind], target=stored, data={"key": stored.key, "data": checked})
            pages_changed_by(action=CREATED_AS[kind], target=stored)
            return stored
        audit_record(user=user, action=CREATED_AS[kind], target=league, data={"slug": slug}, refusal=failure)
    raise failure


def stored_format_change(*, league_id: int, key: str, kind: str, data: Mapping[str, Any],
                         user: Author) -> FormatVersion:
    """Saves the league's own format or scheme `key` as a new version, and
    returns it; nights already pinned keep theirs. Unchanged data makes no
    new version. Raises StoredFormat.DoesNotExist, NotSecretary or FormatInvalid."""
    with transaction.atomic():
        stored = stored_format_get(league_id=league_id, key=key, kind=kind)
        stored = (StoredFormat.objects.select_for_update(of=("self",), no_key=True).select_related("league")
                  .get(pk=stored.pk))
        assert stored.league is not None
        failure: Refusal | None = secretary_refusal(league=stored.league, user=user,
                                                    doing=f"can change its {WHAT.get(kind, 'format')}s")
        checked: dict[str, Any] = {}
        if failure is None:
            checked, failure = _checked(kind, {**data, "key": stored.key})
        if failure is not None:
            audit_record(user=user, action=VERSIONED_AS[kind], target=stored, data={}, refusal=failure)
        else:
            newest = newest_version(stored)
            if newest.data == checked:
                return newest
            try:
                with transaction.atomic():
                    version = _version_add(stored, checked, user)
                    # The league and divisions playing it must still be
                    # able to (a scheme's draw against a format's).
                    league_settings_fit_check(league=stored.league)
            except SettingsInvalid as refusal:
                failure = FormatInvalid([("draw" if kind == Kind.SCHEME else "", _sentence(refusal.message))])
                audit_record(user=user, action=VERSIONED_AS[kind], target=stored, data={}, refusal=failure)
            else:
                if stored.name != checked["name"]:
                    stored.name = checked["name"]
                    stored.save(update_fields=["name"])
                audit_record(user=user, action=VERSIONED_AS[kind], target=stored,
                             data={"key": stored.key, "number": version.number, "data": checked})
                pages_changed_by(action=VERSIONED_AS[kind], target=stored)
                return version
    raise failure


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def night_format_pin(night: MatchNight, fixture: Fixture) -> None:
    """Pins the match format the night is played under, once: the newest
    version of what its division names. Call it in the transaction that
    first saves the night's team sheet."""
    if night.pk is None or night.format_version_id is not None:
        return
    night.format_version = _newest_for(fixture, Kind.FORMAT)
    MatchNight.objects.filter(pk=night.pk).update(format_version=night.format_version)


def night_scheme_pin(night: MatchNight, fixture: Fixture) -> None:
    """Pins the points scheme the night's result is scored under, once:
    the newest version of what its division names. Call it in the
    transaction that confirms the result."""
    if night.pk is None or night.scheme_version_id is not None:
        return
    night.scheme_version = _newest_for(fixture, Kind.SCHEME)
    MatchNight.objects.filter(pk=night.pk).update(scheme_version=night.scheme_version)


def preset_version(*, kind: str, key: str) -> FormatVersion:
    """The stored version of the shipped preset `key` as this release has
    it: the newest stored one, or a new version when this release changed
    the preset (or it was never stored). Raises UnknownFormat or UnknownScheme."""
    data = (formats.format_to_data(formats.format_get(key)) if kind == Kind.FORMAT
            else formats.scheme_to_data(formats.scheme_get(key)))
    stored = StoredFormat.objects.filter(league__isnull=True, kind=kind, slug=key).first()
    if stored is None:
        try:
            with transaction.atomic():
                stored = StoredFormat.objects.create(league=None, kind=kind, slug=key, name=data["name"])
        except IntegrityError:  # stored by another night at the same moment
            stored = StoredFormat.objects.get(league__isnull=True, kind=kind, slug=key)
    stored = StoredFormat.objects.select_for_update(no_key=True).get(pk=stored.pk)
    newest = stored.versions.order_by("-number").first()
    if newest is not None and newest.data == data:
        return FormatVersion.objects.get(pk=newest.pk)
    return _version_add(stored, data, None)


def _newest_for(fixture: Fixture, kind: str) -> FormatVersion:
    division = fixture.division
    league = division.season.league
    name = "match_format" if kind == Kind.FORMAT else "points_scheme"
    key = getattr(division, name) or getattr(league, name)
    if is_own_key(key):
        return newest_version(stored_format_get(league_id=league.pk, key=key, kind=kind))
    return preset_version(kind=kind, key=key)


def _version_add(stored: StoredFormat, data: dict[str, Any], user: Author) -> FormatVersion:
    newest = stored.versions.order_by("-number").values_list("number", flat=True).first()
    return FormatVersion.objects.create(format=stored, number=(newest or 0) + 1, data=data,
                                        created_by=author_user(user), created_at=timezone.now())


def _checked(kind: str, data: Mapping[str, Any]) -> tuple[dict[str, Any], FormatInvalid | None]:
    """The data written back as the formats package writes it (so equal
    formats store equal data), or the refusal naming every problem."""
    if kind == Kind.FORMAT:
        problems = formats.format_problems(data)
        if not problems:
            return formats.format_to_data(formats.format_from_data(data)), None
    elif kind == Kind.SCHEME:
        problems = formats.scheme_problems(data)
        if not problems:
            return formats.scheme_to_data(formats.scheme_from_data(data)), None
    else:
        problems = [formats.Problem("kind", f"A stored format is a match format or a points scheme, not {kind!r}.")]
    return {}, FormatInvalid([(p.where, p.message) for p in problems])


def _slug_problem(league: League, kind: str, slug: str) -> Refused | None:
    if not is_own_key(f"{OWN_PREFIX}{slug}"):
        return FormatInvalid([("slug", "The short name is lower-case letters, digits and hyphens, "
                                       "starting with a letter or digit, at most 36 characters.")])
    if StoredFormat.objects.filter(league=league, kind=kind, slug=slug).exists():
        return FormatInvalid([("slug", f"The league already has a {WHAT.get(kind, 'format')} called "
                                       f"{OWN_PREFIX}{slug}.")])
    return None
