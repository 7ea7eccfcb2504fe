"""Match formats and points schemes as stored data, each in numbered versions.

Terms: a *stored format* is a match format or a points scheme (its *kind*)
kept as data (`league.formats.data`). A league's *own* formats are the ones
its secretaries build; a league or division names one by its *key*,
`own:<slug>` (`OWN_PREFIX`), where a shipped preset is named by its plain
key ("leek"). A shipped preset is stored too, with no league, the first time
a match night is played under it, so that a night can point at exactly what
it was played under.

Every change is a new *version* (`FormatVersion`): numbered from 1, never
edited or deleted, saying who made it and when. A match night *pins* the
versions it is played under (`MatchNight.format_version`, `scheme_version`):
a format changed mid-season, or a preset corrected in a later release,
changes no night already started.
"""
from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from league.competition_settings import OWN_PREFIX
from league.models.append_only import AppendOnly


class StoredFormat(models.Model):
    class Kind(models.TextChoices):
        FORMAT = "format", "match format"
        SCHEME = "scheme", "points scheme"

    # Empty for a shipped preset, which belongs to no league.
    league = models.ForeignKey("league.League", null=True, blank=True, on_delete=models.PROTECT,
                               related_name="stored_formats")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    slug = models.SlugField(max_length=36, help_text="The key without its own: prefix, such as cup-nights.")
    name = models.CharField(max_length=80)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["league", "kind", "name"]
        constraints = [
            models.UniqueConstraint(fields=["league", "kind", "slug"], condition=Q(league__isnull=False),
                                    name="stored_format_slug_unique_in_league"),
            models.UniqueConstraint(fields=["kind", "slug"], condition=Q(league__isnull=True),
                                    name="stored_format_preset_once"),
        ]

    @property
    def key(self) -> str:
        """What a league or division names it by: own:<slug>, or the preset's key."""
        return self.slug if self.league_id is None else f"{OWN_PREFIX}{self.slug}"

    def __str__(self) -> str:
        return f"{self.name} ({self.key})"


class FormatVersion(AppendOnly):
    REFUSAL = "a format's versions are never changed: save the format again to make a new version"

    format = models.ForeignKey(StoredFormat, on_delete=models.PROTECT, related_name="versions")
    number = models.PositiveIntegerField(help_text="From 1, one more for each change.")
    # The format or scheme as league.formats.data writes it.
    data = models.JSONField()
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["format", "number"]
        constraints = [
            models.UniqueConstraint(fields=["format", "number"], name="format_version_once"),
        ]

    def __str__(self) -> str:
        return f"{self.format} v{self.number}"
