"""The forms of the secretary's cup pages. Like `secretary_forms`, they
check only what a form can and turn the fields into a service's arguments;
the cup's rules are `league.services.cups`' and `cup_ties`' to keep."""
import re
from typing import Any

from django import forms

from league.competition_kinds import kind_choices, kind_rules
from league.models import Competition, CupEntry, Player, Team, Venue
from league.pages.form_fields import OneLineField, form_field
from league.pages.secretary_division_forms import DivisionForm
from league.pages.secretary_forms import DATE_INPUT
from league.selectors.cup_pages import players_among, teams_among, venues_among

MEASURE_WORDS = {"games": "Games won", "points": "Points pegged", "away_games": "Games won away",
                 "away_points": "Points pegged away"}
CHAINS = [
    ("games,points", "Games, then points"),
    ("games,points,away_points", "Games, then points, then away points"),
    ("games,away_games,points,away_points", "Games, away games, points, then away points"),
    ("games", "Games only"),
]


class CompetitionForm(DivisionForm):
    """A new competition: how it is entered and drawn, how a tie is won,
    its finals night, and (the division's fields) how its matches are
    played, each inheriting the league's setting when left empty."""

    CUP_FIELDS = ("name", "kind", "structure", "group_count", "group_top", "group_best_of_next", "draw_mode",
                  "seeded", "legs", "tie_break", "level", "entry_closes", "max_entries", "finals_date",
                  "finals_venue", "handicap", "pairs_one_team")
    GROUP_FIELDS = ("group_count", "group_top", "group_best_of_next")

    kind = forms.ChoiceField(label="Who enters", choices=kind_choices(), initial="team")
    structure = forms.ChoiceField(choices=Competition.Structure.choices, initial="knockout",
                                  help_text="A knockout, or mini-leagues whose leaders go into a knockout.")
    group_count = forms.IntegerField(label="Groups", required=False, min_value=1,
                                     help_text="With groups: how many groups the entries are drawn into.")
    group_top = forms.IntegerField(label="Through from each group", required=False, min_value=1, initial=2,
                                   help_text="With groups: how many of the top of each group go into the knockout.")
    group_best_of_next = forms.IntegerField(
        label="Best placed next", required=False, min_value=0,
        help_text="With groups, optional: how many of those placed next, the best of them, go through too.")
    draw_mode = forms.ChoiceField(label="Drawn", choices=Competition.DrawMode.choices, initial="rounds")
    seeded = forms.TypedChoiceField(
        label="Seeded or drawn", coerce=lambda v: v == "seeded", initial="drawn", widget=forms.RadioSelect,
        choices=[("drawn", "Names out of the hat"), ("seeded", "Seeded: I number the entries, best first")])
    legs = forms.TypedChoiceField(
        label="Legs (team cups)", coerce=int, initial=1, widget=forms.RadioSelect,
        choices=[(1, "One match"), (2, "Home and away, on aggregate")],
        help_text="A singles or pairs tie is always one best of its games: it plays one match.")
    tie_break = forms.ChoiceField(label="A level tie is broken by (team cups)", choices=CHAINS)
    level = forms.ChoiceField(
        label="Still level (team cups)", choices=[("replay", "A replay"), ("decider", "A deciding match")],
        help_text="A singles or pairs tie is played until a side wins the games it needs: never level.")
    entry_closes = forms.DateField(label="Entries close", required=False, widget=DATE_INPUT,
                                   help_text="The last day to enter. Empty: open until the draw.")
    max_entries = forms.IntegerField(label="Most entries", required=False, min_value=2,
                                     help_text="Empty: no limit.")
    finals_date = forms.DateField(label="Finals night", required=False, widget=DATE_INPUT,
                                  help_text="The night the semi-finals and final are played together, if any.")
    finals_venue: "forms.ModelChoiceField[Venue]" = forms.ModelChoiceField(
        label="Finals venue", queryset=None, required=False, empty_label="None yet")
    handicap = forms.BooleanField(
        label="Handicap cup", required=False,
        help_text="Singles or pairs: the lower rated side starts each game ahead, by the league's handicap rule "
                  "(its settings).")
    pairs_one_team = forms.BooleanField(
        label="Both players from one team", required=False,
        help_text="Pairs only, such as a captain-and-secretary competition: each pair registered with one team "
                  "this season; its captain may enter it.")

    field_order = list(CUP_FIELDS)

    def __init__(self, *args: Any, league: Any, venues: list[Venue], **kwargs: Any) -> None:
        super().__init__(*args, league=league, **kwargs)
        # A cup stands outside the divisions' order, and its ties are won
        # by the cup's own rule rather than a table's tie-breakers.
        for name in [name for name in self.fields if name == "place" or re.fullmatch(r"tie_\d+", name)]:
            del self.fields[name]
        self.fields["name"].help_text = "Such as the Knockout Cup or the Singles."
        venue = form_field(self, "finals_venue", forms.ModelChoiceField)
        venue.queryset = venues_among(venue_ids=[v.pk for v in venues])

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        chain = data.get("tie_break", "")
        if data.get("legs") == 1 and "away" in chain:
            self.add_error("tie_break", "away games and points break a level tie of two legs only")
        if data.get("structure") == Competition.Structure.GROUPS:
            if data.get("group_count") is None:
                self.add_error("group_count", "give the number of groups")
            if data.get("group_top") is None:
                self.add_error("group_top", "give how many go through from each group")
        kind = data.get("kind")  # missing: the kind field says what is wrong
        rules = kind_rules(kind) if kind in Competition.Kind.values else None
        if rules is not None and rules.plays_games:
            if data.get("legs") == 2:
                self.add_error("legs", "a singles or pairs tie is one best of its games: choose one match")
            if data.get("level") == Competition.Level.DECIDER:
                self.add_error("level", "a singles or pairs tie is never left level: leave it at a replay")
        if rules is not None and data.get("pairs_one_team") and not rules.partners:
            self.add_error("pairs_one_team", "only a pairs cup asks for both players from one team")
        if rules is not None and data.get("handicap") and not rules.plays_games:
            self.add_error("handicap", "a team cup has no handicap: choose singles or pairs")
        if bool(data.get("finals_date")) != bool(data.get("finals_venue")):
            self.add_error("finals_venue", "give both the finals night and its venue, or neither")
        return data

    def cup(self) -> dict[str, Any]:
        """The competition's own settings, for `competition_create`."""
        data = self.cleaned_data
        given = {name: data[name] for name in self.CUP_FIELDS
                 if name != "finals_venue" and name not in self.GROUP_FIELDS}
        if data["structure"] == Competition.Structure.GROUPS:
            given["group_stage"] = {"count": data["group_count"], "top": data["group_top"],
                                    "best_of_next": data["group_best_of_next"] or 0}
        given["tie_break"] = data["tie_break"].split(",")
        given["finals_venue_id"] = data["finals_venue"].pk if data["finals_venue"] else None
        return given

    def cup_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.CUP_FIELDS]

    def match_fields(self) -> list[forms.BoundField]:
        return [field for field in self if field.name not in self.CUP_FIELDS]


class CupSettingsForm(forms.Form):
    """A cup's settings that can change after it is created
    (`cup_settings_change` says which still can)."""

    name = OneLineField(max_length=100)
    entry_closes = forms.DateField(label="Entries close", required=False, widget=DATE_INPUT,
                                   help_text="Until the draw. Empty: open until the draw.")
    max_entries = forms.IntegerField(label="Most entries", required=False, min_value=2,
                                     help_text="Until the draw, and never fewer than the entries in. Empty: no limit.")
    finals_date = forms.DateField(label="Finals night", required=False, widget=DATE_INPUT,
                                  help_text="Its ties not yet played move with it. Empty, with no venue: none.")
    finals_venue: "forms.ModelChoiceField[Venue]" = forms.ModelChoiceField(
        label="Finals venue", queryset=None, required=False, empty_label="None")
    pairs_one_team = forms.BooleanField(label="Both players from one team", required=False,
                                        help_text="Until the draw: each pair registered with one team this season.")

    def __init__(self, *args: Any, competition: Competition, venues: list[Venue], **kwargs: Any) -> None:
        kwargs.setdefault("prefix", "settings")
        kwargs.setdefault("initial", {"name": competition.name, "entry_closes": competition.entry_closes,
                                      "max_entries": competition.max_entries, "finals_date": competition.finals_date,
                                      "finals_venue": competition.finals_venue_id,
                                      "pairs_one_team": competition.pairs_one_team})
        super().__init__(*args, **kwargs)
        venue = form_field(self, "finals_venue", forms.ModelChoiceField)
        venue.queryset = venues_among(venue_ids=[v.pk for v in venues])
        if not kind_rules(competition.kind).partners:
            del self.fields["pairs_one_team"]
        if competition.status != Competition.Status.ENTRY:
            for name in ("entry_closes", "max_entries", "pairs_one_team"):
                if name in self.fields:
                    self.fields[name].disabled = True

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if bool(data.get("finals_date")) != bool(data.get("finals_venue")):
            self.add_error("finals_venue", "give both the finals night and its venue, or neither")
        return data

    def changes(self) -> dict[str, Any]:
        """The fields changed, for `cup_settings_change`."""
        data = self.cleaned_data
        given = {name: data[name] for name in self.changed_data if name in data and name != "finals_venue"}
        if "finals_venue" in self.changed_data or "finals_date" in self.changed_data:
            given["finals_venue_id"] = data["finals_venue"].pk if data["finals_venue"] else None
            given["finals_date"] = data["finals_date"]
        return given


class CupEntryForm(forms.Form):
    team: "forms.ModelChoiceField[Team]" = forms.ModelChoiceField(queryset=None, empty_label="Choose a team")
    seed = forms.IntegerField(required=False, min_value=1, help_text="1 is the top seed. Empty: unseeded.")

    def __init__(self, *args: Any, teams: list[Team], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = form_field(self, "team", forms.ModelChoiceField)
        field.queryset = teams_among(team_ids=[team.pk for team in teams])


class PlayerEntryForm(forms.Form):
    """A player (singles) or a pair (pairs) entered by the secretary."""

    player: "forms.ModelChoiceField[Player]" = forms.ModelChoiceField(queryset=None, empty_label="Choose a player")
    partner: "forms.ModelChoiceField[Player]" = forms.ModelChoiceField(queryset=None, required=False,
                                                                       empty_label="Choose a partner")
    seed = forms.IntegerField(required=False, min_value=1, help_text="1 is the top seed. Empty: unseeded.")

    def __init__(self, *args: Any, players: list[Player], pairs: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("player", "partner"):
            form_field(self, name, forms.ModelChoiceField).queryset = players_among(
                player_ids=[player.pk for player in players])
        if pairs:
            self.fields["partner"].required = True
        else:
            del self.fields["partner"]


class TieWinnerForm(forms.Form):
    """Who won a singles or pairs tie, and how."""

    winner = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect)
    reason = OneLineField(max_length=200, label="How", help_text="Such as the game's score: 61-48.")

    def __init__(self, *args: Any, sides: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        form_field(self, "winner", forms.TypedChoiceField).choices = sides


class TieCardForm(forms.Form):
    """A singles or pairs tie's next game from the card: its final scores."""

    home_score = forms.IntegerField(min_value=-999, max_value=999)
    away_score = forms.IntegerField(min_value=-999, max_value=999)


class SeedsForm(forms.Form):
    """One box an entry, its seed: `seed-<entry id>`."""

    def __init__(self, *args: Any, entries: list[CupEntry], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for entry in entries:
            self.fields[f"seed-{entry.pk}"] = forms.IntegerField(
                label=f"Seed of {entry.name}", required=False, min_value=1, initial=entry.seed)

    def clean(self) -> dict[str, Any]:
        super().clean()
        given = [v for v in self.cleaned_data.values() if v is not None]
        if len(given) != len(set(given)):
            raise forms.ValidationError("each seed may be given to one entry only")
        return self.cleaned_data

    def seeds(self) -> dict[int, int | None]:
        return {int(name.removeprefix("seed-")): value for name, value in self.cleaned_data.items()}


class WindowForm(forms.Form):
    start = forms.DateField(label="From", widget=DATE_INPUT)
    end = forms.DateField(label="To", widget=DATE_INPUT)

    def clean(self) -> dict[str, Any]:
        super().clean()
        start, end = self.cleaned_data.get("start"), self.cleaned_data.get("end")
        if start and end and end < start:
            raise forms.ValidationError("the window ends before it starts")
        return self.cleaned_data


class TieDateForm(forms.Form):
    date = forms.DateField(label="Date", widget=DATE_INPUT)


class HandicapForm(forms.Form):
    handicap = forms.TypedChoiceField(
        label="Handicap", coerce=lambda v: v == "yes", widget=forms.RadioSelect,
        choices=[("yes", "A handicap cup: the lower rated side starts each game ahead"),
                 ("no", "Level: every game starts at 0-0")])
