"""The forms of the match night page. They check only what a form can (a
score is a whole number, a choice is one offered) and turn the fields into
the arguments of a service; whether the sheet is lawful, a score could end
a game or the user may act is the services' to say."""
from typing import Any

from django import forms

from league.models import Player
from league.pages.form_fields import OneLineField


def score_field() -> forms.IntegerField:
    """A game's score from a card: a whole number, 0 or more (the browser
    refuses a minus before sending), with the phone's number pad."""
    return forms.IntegerField(min_value=0, max_value=999, widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                              error_messages={"min_value": "a final score is not below 0"})


# The choice of a player slot that says the side concedes the rubber.
CONCEDE = "concede"


class TeamSheetForm(forms.Form):
    """A select per player slot, rubber by rubber: `r3_home`, `r3_away`,
    and `r7_home_partner`, `r7_away_partner` for a pairs rubber. A side
    short of players picks "concedes" in its slots for a rubber instead of
    a player."""

    def __init__(self, *args: Any, rubbers: list[dict[str, Any]], teams: tuple[str, str],
                 squads: tuple[list[Player], list[Player]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rubbers = rubbers
        for rubber in rubbers:
            for side, team, squad in (("home", teams[0], squads[0]), ("away", teams[1], squads[1])):
                named = [player["id"] for player in rubber[side]]
                for at, (slot, label) in enumerate(_slots(rubber["kind"], team)):
                    name = f"r{rubber['number']}_{side}{slot}"
                    self.fields[name] = _player_field(label, squad, team)
                    if rubber.get("conceded_by") == side:
                        self.initial.setdefault(name, CONCEDE)
                    elif at < len(named):
                        self.initial.setdefault(name, named[at])

    def rows(self) -> list[dict[str, Any]]:
        """The fields rubber by rubber, home then away, for the template."""
        return [{"rubber": rubber,
                 "home": [self[name] for name in self._names(rubber, "home")],
                 "away": [self[name] for name in self._names(rubber, "away")]} for rubber in self.rubbers]

    def lineups(self) -> list[tuple[list[int], list[int]]]:
        """The sheet as `team_sheet_enter` takes it; an empty slot is left
        out, for the service to say what is missing."""
        data = self.cleaned_data
        return [([data[n] for n in self._names(r, "home") if data[n] not in (None, CONCEDE)],
                 [data[n] for n in self._names(r, "away") if data[n] not in (None, CONCEDE)]) for r in self.rubbers]

    def conceded(self) -> dict[int, str]:
        """The rubbers a side concedes, as `team_sheet_enter` takes them:
        any of its slots says so (the service refuses a side that both
        concedes and names a player)."""
        data = self.cleaned_data
        return {r["number"]: side for r in self.rubbers for side in ("home", "away")
                if any(data[n] == CONCEDE for n in self._names(r, side))}

    def _names(self, rubber: dict[str, Any], side: str) -> list[str]:
        return [f"r{rubber['number']}_{side}{slot}" for slot, _ in _slots(rubber["kind"], "")]


class DrawSheetForm(forms.Form):
    """The sheet of a format whose pairs are drawn: a select per singles
    slot (`r1_home`, `r1_away`, as on the named sheet), then each side's
    players for the pairs (`draw_home_1`, `draw_home_2`, ...: twice the
    pairs rubbers), and the seed the captains agreed at the table, if any.
    A side short of players picks "concedes" for a singles, and leaves
    places for the pairs empty: it concedes the pairs rubbers its players
    do not fill."""

    seed = OneLineField(label="Seed (optional)", required=False, max_length=64,
                           help_text="A word or number the captains agreed at the table; "
                                     "left empty, a new one is made.")

    def __init__(self, *args: Any, rubbers: list[dict[str, Any]], teams: tuple[str, str],
                 squads: tuple[list[Player], list[Player]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.singles = [rubber for rubber in rubbers if rubber["kind"] != "pairs"]
        pairs = [rubber for rubber in rubbers if rubber["kind"] == "pairs"]
        self.places = 2 * len(pairs)
        sides = (("home", teams[0], squads[0]), ("away", teams[1], squads[1]))
        for rubber in self.singles:
            for side, team, squad in sides:
                name = f"r{rubber['number']}_{side}"
                self.fields[name] = _player_field(f"{team} player", squad, team)
                if rubber.get("conceded_by") == side:
                    self.initial.setdefault(name, CONCEDE)
                elif rubber[side]:
                    self.initial.setdefault(name, rubber[side][0]["id"])
        for side, team, squad in sides:
            drawn = [player["id"] for rubber in pairs for player in rubber[side]]
            for at in range(1, self.places + 1):
                name = f"draw_{side}_{at}"
                self.fields[name] = _player_field(f"{team} player {at}", squad, team, concede=False,
                                                  required=False)
                if at <= len(drawn):
                    self.initial.setdefault(name, drawn[at - 1])
        self.order_fields([name for name in self.fields if name != "seed"] + ["seed"])

    def rows(self) -> list[dict[str, Any]]:
        """The singles fields rubber by rubber, home then away, for the template."""
        return [{"rubber": rubber, "home": [self[f"r{rubber['number']}_home"]],
                 "away": [self[f"r{rubber['number']}_away"]]} for rubber in self.singles]

    def draw_fields(self, side: str) -> list[forms.BoundField]:
        return [self[f"draw_{side}_{at}"] for at in range(1, self.places + 1)]

    def home_draw_fields(self) -> list[forms.BoundField]:
        return self.draw_fields("home")

    def away_draw_fields(self) -> list[forms.BoundField]:
        return self.draw_fields("away")

    def singles_lineups(self) -> list[tuple[list[int], list[int]]]:
        """The singles as `team_sheet_draw` takes them; an empty slot is left
        out, for the service to say what is missing."""
        data = self.cleaned_data
        return [([data[f"r{r['number']}_home"]] if data[f"r{r['number']}_home"] not in (None, CONCEDE) else [],
                 [data[f"r{r['number']}_away"]] if data[f"r{r['number']}_away"] not in (None, CONCEDE) else [])
                for r in self.singles]

    def conceded(self) -> dict[int, str]:
        """The singles a side concedes, by rubber number, as `team_sheet_draw` takes them."""
        data = self.cleaned_data
        return {r["number"]: side for r in self.singles for side in ("home", "away")
                if data[f"r{r['number']}_{side}"] == CONCEDE}

    def players(self, side: str) -> list[int]:
        """The side's players for the draw, as chosen (empty places left out)."""
        data = self.cleaned_data
        return [data[f"draw_{side}_{at}"] for at in range(1, self.places + 1) if data[f"draw_{side}_{at}"]]


def _player_field(label: str, squad: list[Player], team: str, *, concede: bool = True,
                  required: bool = True) -> forms.TypedChoiceField:
    # Not required here: an empty slot reaches the service, which names the
    # rubber and the team that are short. The browser asks first all the
    # same, except for a place a short side may leave empty.
    nobody = [(CONCEDE, f"Nobody: {team} concedes it")] if concede else []
    first = "Choose a player" if required else "Nobody (short of players)"
    return forms.TypedChoiceField(label=label, required=False, coerce=_slot_value, empty_value=None,
                                  choices=[("", first), *nobody] + [(p.pk, p.name) for p in squad],
                                  widget=forms.Select(attrs={"required": True} if required else {}))


def _slot_value(value: str) -> int | str:
    return value if value == CONCEDE else int(value)


def _slots(kind: str, team: str) -> list[tuple[str, str]]:
    if kind == "pairs":
        return [("", f"{team} player"), ("_partner", f"{team} partner")]
    return [("", f"{team} player")]


class CardForm(forms.Form):
    """A game's final scores from the paper card."""

    home_score = score_field()
    away_score = score_field()

    def __init__(self, *args: Any, teams: tuple[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["home_score"].label = teams[0]
        self.fields["away_score"].label = teams[1]


class UncheckedCardForm(forms.Form):
    """An unchecked rubber's game from the paper card: who won, and the
    scores only if the card has them."""

    winner = forms.ChoiceField(label="Won by", widget=forms.RadioSelect, required=False)
    home_score = score_field()
    away_score = score_field()

    def __init__(self, *args: Any, teams: tuple[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        winner = self.fields["winner"]
        assert isinstance(winner, forms.ChoiceField)
        winner.choices = [("home", teams[0]), ("away", teams[1])]
        for name, team in (("home_score", teams[0]), ("away_score", teams[1])):
            self.fields[name].label = f"{team} (if the card has it)"
            self.fields[name].required = False

    def clean_winner(self) -> str | None:
        # Left out, the service reads it from the scores, or says it needs one.
        return self.cleaned_data["winner"] or None


class DisputeForm(forms.Form):
    # Not required here: an empty reason reaches the service, which says why
    # it needs one. The browser asks first all the same.
    reason = forms.CharField(label="Why is the result wrong?", required=False, max_length=2000,
                             widget=forms.Textarea(attrs={"rows": 3, "required": True}),
                             help_text="The league secretary reads this when settling the dispute.")


class ForfeitForm(forms.Form):
    """The team that forfeits, carried through the confirmation."""

    team = forms.IntegerField(widget=forms.HiddenInput)


# A ruling on a disputed result, and its words on the form and the confirmation.
RULINGS = {
    "uphold": "Uphold the result as submitted: it is confirmed",
    "reopen": "Reopen the night: the home captain corrects the games and submits again",
}


class SettleForm(forms.Form):
    decision = forms.ChoiceField(label="Ruling", widget=forms.RadioSelect, choices=list(RULINGS.items()))
    note = forms.CharField(label="Note for both teams", required=False, max_length=2000,
                           widget=forms.Textarea(attrs={"rows": 3, "required": True}))


class SubstitutesForm(forms.Form):
    """A team's substitutes for the night, from its squad: ticked, they
    replace any named before (none ticked: no substitutes). The team is the
    form's own `team` field, outside its prefix."""

    players = forms.TypedMultipleChoiceField(label="Substitutes", required=False, coerce=int,
                                             widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args: Any, squad: list[Player], allowed: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        players = self.fields["players"]
        assert isinstance(players, forms.TypedMultipleChoiceField)
        players.choices = [(p.pk, p.name) for p in squad]
        players.help_text = f"Up to {allowed}, named before the first game."


class SubstitutionForm(forms.Form):
    """A named substitute who takes over a rubber not yet started, in place
    of one of the team's players named in it."""

    rubber = forms.TypedChoiceField(label="Rubber", coerce=int)
    off = forms.TypedChoiceField(label="In place of", coerce=int)
    on = forms.TypedChoiceField(label="Substitute", coerce=int)

    def __init__(self, *args: Any, rubbers: list[int], playing: list[tuple[int, str]],
                 substitutes: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, choices in (("rubber", [(n, f"Rubber {n}") for n in rubbers]), ("off", playing),
                              ("on", substitutes)):
            field = self.fields[name]
            assert isinstance(field, forms.TypedChoiceField)
            field.choices = choices
