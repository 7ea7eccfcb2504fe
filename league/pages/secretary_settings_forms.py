"""The form for a league's settings, and for a division's overrides of
them: every setting with a fixed set of values is a choice (rule preset,
match format, points scheme, tie-breakers), the rest are numbers; none is
raw JSON. Each value is checked by the validator the models and services
use (`settings_problem`), so the form refuses what they would, in their
words. A division's form offers "the league's" for every setting, which
leaves it inheriting."""
from decimal import Decimal
from typing import Any

from django import forms

import scoring
from league.competition_settings import (
    SETTING_NAMES,
    combination_problem,
    draw_combination_problem,
    settings_problem,
    settings_resolve,
)
from league.formats import FORMATS, SCHEMES, FormatsError, PointsScheme, Walkover
from league.models import Division, League
from league.pages.form_fields import OneLineField
from league.pages.secretary_forms import walkover_score_check
from league.ratings.handicap import MAX_MOST, MAX_PER_POINT, MAX_STEP
from league.selectors.formats import format_for_key, key_choices, scheme_for_key
from league.services.league_options import sanction_bound_problem
from league.standings import TIE_BREAKERS
from league.standings.tiebreakers import TIE_BREAKER_RULES

# The rule keys the form offers; any other key a league's rules hold (hand
# sizes, penalties) is kept as it is.
RULE_KEYS = ("target", "finish", "down_can_win", "chip_out_bonus")
TIE_SLOTS = len(TIE_BREAKERS)
INHERIT = ""
LABELS = {
    "rules": "Game rules", "match_format": "Match format", "points_scheme": "Points scheme",
    "forfeit": "Walkover score and points", "result_deadline_days": "Days to return a result",
    "late_result_points": "Points deducted for late results", "tie_breakers": "Tie-breakers",
    "hide_from_search": "Hidden from search engines",
    "overdue_warning_days": "Days before a result is due to remind the home captain",
    "postpone_proposer": "Who may ask to move a match", "rearrange_notice_days": "Notice to ask to move a match",
    "handicap_per_point": "Handicap: points of start per rating point",
    "handicap_step": "Handicap: rounded to the nearest", "handicap_most": "Handicap: the most start",
    "sanction_max_points": "The most one sanction may take off",
}
MOVING = ("postpone_proposer", "rearrange_notice_days")
# The handicap cups' rule (league.ratings.handicap), the league's alone.
HANDICAP = ("handicap_per_point", "handicap_step", "handicap_most")
YES_NO = [("yes", "Yes"), ("no", "No")]
# The league's walkover setting: the points scheme's own walkover (stored
# as None), or the score and points in the boxes.
AS_SCHEME, OWN_SCORE = "scheme", "score"


class SettingsForm(forms.Form):
    preset = forms.ChoiceField(label="Rule system", help_text="The rules every game is played by.")
    target = forms.IntegerField(label="Points to win a game", required=False, min_value=1,
                                help_text="Empty: the rule system's own.")
    finish = forms.ChoiceField(label="Finishing", required=False, help_text="Empty: the rule system's own.")
    down_can_win = forms.ChoiceField(label="A player who goes out (chips out) can win even short of the target",
                                     required=False, help_text="Empty: the rule system's own.")
    chip_out_bonus = forms.IntegerField(label="Bonus for chipping out", required=False, min_value=0,
                                        help_text="Points to the player who plays their last tile; empty: the "
                                                  "rule system's own.")
    match_format = forms.ChoiceField()
    points_scheme = forms.ChoiceField()
    forfeit_rule = forms.ChoiceField(label="Walkovers and forfeits are scored", required=False,
                                     widget=forms.RadioSelect)
    forfeit_won = forms.IntegerField(label="Walkover score: games to the side that turned up", required=False,
                                     min_value=0)
    forfeit_lost = forms.IntegerField(label="Walkover score: games to the side that gave it", required=False,
                                      min_value=0)
    forfeit_loser_points = forms.IntegerField(label="Points to the side that gave a walkover", required=False,
                                              min_value=0)
    result_deadline_days = forms.IntegerField(label="Days to return a result", required=False, min_value=1)
    late_result_points = OneLineField(
        label="Points deducted for late results", required=False,
        help_text="Offence by offence, the last figure repeating: 3, 5. Write none for no deduction.")

    def __init__(self, *args: Any, league: League, division: Division | None = None, inherits: bool | None = None,
                 **kwargs: Any) -> None:
        # A division's settings inherit; so do those of a division not yet
        # made (`inherits` without `division`), every one the league's at first.
        self.league, self.division = league, division
        self.inherits = division is not None if inherits is None else inherits
        kwargs.setdefault("initial", _initial(league, division) if division is not None or not self.inherits else {})
        super().__init__(*args, **kwargs)
        self._choices("preset", [(p, p) for p in scoring.PRESETS], inherited=_preset(league.rules))
        self._choices("finish", [("", "The rule system's")] + [(f, f.capitalize()) for f in ("exact", "reach")])
        self._choices("down_can_win", [("", "The rule system's")] + YES_NO)
        # The presets, then the league's own (league.selectors.formats).
        self._choices("match_format", key_choices(league_id=league.pk, kind="format"), inherited=league.match_format)
        self._choices("points_scheme", key_choices(league_id=league.pk, kind="scheme"),
                      inherited=league.points_scheme)
        for slot in range(TIE_SLOTS):
            self.fields[f"tie_{slot}"] = forms.ChoiceField(
                label=f"Tie-breaker {slot + 1}", required=False,
                choices=[("", "The league's" if self.inherits and not slot else "None")]
                + [(key, rule.words.capitalize()) for key, rule in TIE_BREAKER_RULES.items()])
        if self.inherits:
            self.fields["preset"].help_text = "The league's: the division plays by the league's rules as a whole."
            for name in ("result_deadline_days", "forfeit_won", "forfeit_lost", "forfeit_loser_points",
                         "late_result_points"):
                self.fields[name].help_text = "Empty: the league's, shown in the box."
            self.fields["result_deadline_days"].widget.attrs["placeholder"] = league.result_deadline_days
            del self.fields["forfeit_rule"]
            if league.forfeit is None:
                for name in ("forfeit_won", "forfeit_lost", "forfeit_loser_points"):
                    self.fields[name].help_text = ("Empty: the league's, which is as the points scheme says "
                                                   "(the division's scheme's own walkover).")
            else:
                self.fields["forfeit_won"].widget.attrs["placeholder"] = league.forfeit["score"][0]
                self.fields["forfeit_lost"].widget.attrs["placeholder"] = league.forfeit["score"][1]
                self.fields["forfeit_loser_points"].widget.attrs["placeholder"] = league.forfeit.get(
                    "loser_points", 0)
            self.fields["late_result_points"].widget.attrs["placeholder"] = _points_text(league.late_result_points)
        else:
            self.fields["hide_from_search"] = forms.BooleanField(
                label="Ask search engines not to list the league's public pages", required=False)
            self.fields["overdue_warning_days"] = forms.IntegerField(
                label=LABELS["overdue_warning_days"], min_value=0, max_value=28, required=False,
                help_text="The home captain and vice-captain are emailed this many days before the result "
                          "is due, if it is not in yet. 0: no reminder.")
            self.fields["postpone_proposer"] = forms.ChoiceField(
                label=LABELS["postpone_proposer"], choices=League.Proposer.choices, required=False,
                help_text="A captain proposes up to three nights; the other captain picks one or declines.")
            self.fields["rearrange_notice_days"] = forms.IntegerField(
                label="Days' notice to ask to move a match", min_value=0, max_value=60, required=False,
                help_text="A request is made at least this many days before the match; 0: up to the day itself. "
                          "A secretary can move a match at any time.")
            self.fields["handicap_per_point"] = forms.DecimalField(
                label="Points of start per point of rating difference", min_value=Decimal("0"),
                max_value=MAX_PER_POINT, max_digits=4, decimal_places=2, required=False,
                help_text="In a handicap cup the lower rated side starts each game on the difference between "
                          "the sides' ratings times this. 0: no start.")
            self.fields["handicap_step"] = forms.IntegerField(
                label="Rounded to the nearest", min_value=1, max_value=MAX_STEP, required=False,
                help_text="5 gives starts of 5, 10, 15...: Fives and Threes scores come in fives.")
            self.fields["handicap_most"] = forms.IntegerField(
                label="The most start", min_value=0, max_value=MAX_MOST, required=False,
                help_text="Never as much as the game's target: then the largest step below it.")
            self.fields["sanction_max_points"] = forms.IntegerField(
                label="The most points one sanction may take off a team", required=False,
                help_text="A sanction asking for more is refused, so that a slip (50 for 5) changes nothing. "
                          "Empty: the most one match can give in the division (a win with every rubber won) "
                          "or the league's biggest late-result deduction, whichever is more.")
            for name in ("result_deadline_days", "tie_0"):
                self.fields[name].required = True
            rule = self.fields["forfeit_rule"]
            assert isinstance(rule, forms.ChoiceField)
            rule.choices = [(AS_SCHEME, f"As the points scheme says: {scheme_walkover_words(league)}"),
                            (OWN_SCORE, "By the score and points below")]
            rule.help_text = (
                "This walkover setting scores every walkover and forfeit in the league (a division may set a "
                "score of its own). As the points scheme says: the walkover boxes of the division's points "
                "scheme, its newest version. A walkover keeps the score and points it was awarded at, "
                "whatever changes later.")
            self.fields["forfeit_won"].help_text = "Needed when walkovers are scored by the score and points below."
            self.fields["forfeit_loser_points"].help_text = "Empty: 0."

    def _choices(self, name: str, choices: list[tuple[str, str]], *, inherited: str | None = None) -> None:
        field = self.fields[name]
        assert isinstance(field, forms.ChoiceField)
        if self.inherits and inherited is not None:
            choices = [(INHERIT, f"The league's: {dict(choices).get(inherited, inherited)}")] + choices
            field.required = False
        field.choices = choices

    def clean_forfeit_rule(self) -> str:
        # Left out of the post (a client that knows only the older form): the boxes.
        return str(self.cleaned_data.get("forfeit_rule") or OWN_SCORE)

    def clean_postpone_proposer(self) -> str:
        # Left out of the post (a client that knows only the older form): unchanged.
        return str(self.cleaned_data.get("postpone_proposer") or self.league.postpone_proposer)

    def clean_rearrange_notice_days(self) -> int:
        given = self.cleaned_data.get("rearrange_notice_days")
        return int(given) if given is not None else self.league.rearrange_notice_days

    def clean_late_result_points(self) -> list[int] | None:
        text = self.cleaned_data["late_result_points"].strip().lower()
        if not text:
            if self.inherits:
                return None
            raise forms.ValidationError("write the points, such as 3, 5, or none")
        if text == "none":
            return []
        try:
            return [int(part) for part in text.replace(",", " ").split()]
        except ValueError:
            raise forms.ValidationError("write whole numbers separated by commas, such as 3, 5, or none") from None

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        walkover_score_check(self)
        if (not self.inherits and data.get("forfeit_rule") == OWN_SCORE and data.get("forfeit_won") is None
                and "forfeit_won" not in self.errors and "forfeit_lost" not in self.errors):
            self.add_error("forfeit_won", "give the walkover score, or choose as the points scheme says")
        if not self.errors:
            for name, value in self.settings().items():
                problem = None if value is None else settings_problem(name, value)
                if problem is not None:
                    self.add_error(_field_of(name), problem)
        if not self.errors:
            # Settings each fine alone may not go together: asked before
            # the review, so the review shows only what can be saved.
            own = {name: getattr(self.league, name) for name in SETTING_NAMES}
            chosen = self.settings()
            resolved = settings_resolve(own, chosen) if self.inherits else settings_resolve(chosen, {})
            where = (self.division.name if self.division is not None
                     else str(data.get("name") or "the division") if self.inherits else self.league.name)
            try:
                scheme = scheme_for_key(league_id=self.league.pk, key=resolved.points_scheme)
                fmt = format_for_key(league_id=self.league.pk, key=resolved.match_format)
            except FormatsError as err:
                self.add_error("points_scheme", str(err))
                return data
            problem = combination_problem(resolved, where=where, scheme=scheme)
            if problem is not None:
                self.add_error("forfeit_loser_points", problem)
            problem = draw_combination_problem(resolved, where=where, scheme=scheme, fmt=fmt)
            if problem is not None:
                self.add_error("points_scheme", problem)
        return data

    def clean_sanction_max_points(self) -> int | None:
        """Checked as the service checks it, and refused in its words."""
        value: int | None = self.cleaned_data.get("sanction_max_points")
        problem = sanction_bound_problem(value)
        if problem is not None:
            raise forms.ValidationError(problem)
        return value

    def settings(self) -> dict[str, Any]:
        """The settings as the services take them: for a division, None
        where it inherits."""
        data = self.cleaned_data
        chosen = {
            "rules": self._rules(),
            "match_format": data.get("match_format") or None,
            "points_scheme": data.get("points_scheme") or None,
            "forfeit": self._forfeit(),
            "result_deadline_days": data.get("result_deadline_days"),
            "late_result_points": data.get("late_result_points"),
            "tie_breakers": [data[f"tie_{n}"] for n in range(TIE_SLOTS) if data.get(f"tie_{n}")] or None,
        }
        return {name: chosen[name] for name in SETTING_NAMES}

    def changes(self) -> dict[str, tuple[Any, Any]]:
        """What the form changes, setting by setting, as (from, to)."""
        row: League | Division = self.division if self.division is not None else self.league
        changed = {name: (getattr(row, name), value) for name, value in self.settings().items()
                   if getattr(row, name) != value}
        if not self.inherits:
            for name in ("hide_from_search", "overdue_warning_days", *MOVING, *HANDICAP):
                # An empty reminder (or handicap) box leaves it as it is.
                if self.cleaned_data[name] is not None and getattr(self.league, name) != self.cleaned_data[name]:
                    changed[name] = (getattr(self.league, name), self.cleaned_data[name])
            # An empty bound box is a value: no bound of the league's own.
            if self.league.sanction_max_points != self.cleaned_data["sanction_max_points"]:
                changed["sanction_max_points"] = (self.league.sanction_max_points,
                                                  self.cleaned_data["sanction_max_points"])
        return changed

    def _rules(self) -> Any:
        data = self.cleaned_data
        if not data.get("preset"):
            return None
        # Keys the form does not offer are kept from the rules being
        # changed; a new division's start from none.
        own = self.division.rules if self.division is not None else None if self.inherits else self.league.rules
        kept = {k: v for k, v in _as_object(own).items() if k not in RULE_KEYS and k != "preset"}
        rules: dict[str, Any] = {"preset": data["preset"], **kept}
        for key in ("target", "chip_out_bonus"):
            if data.get(key) is not None:
                rules[key] = data[key]
        if data.get("finish"):
            rules["finish"] = data["finish"]
        if data.get("down_can_win"):
            rules["down_can_win"] = data["down_can_win"] == "yes"
        return rules

    def _forfeit(self) -> dict[str, Any] | None:
        data = self.cleaned_data
        if data.get("forfeit_won") is None or (not self.inherits and data.get("forfeit_rule") == AS_SCHEME):
            return None
        forfeit: dict[str, Any] = {"score": [data["forfeit_won"], data["forfeit_lost"]]}
        if data.get("forfeit_loser_points") is not None:
            forfeit["loser_points"] = data["forfeit_loser_points"]
        elif not self.inherits:
            forfeit["loser_points"] = 0
        return forfeit


def shown(name: str, value: Any, *, names: dict[str, str] | None = None,
          scheme: PointsScheme | None = None) -> str:
    """A setting's value in words, for the review; `names` are the league's
    own formats' and schemes' names by key; `scheme` the league's points
    scheme, which a league's forfeit of None follows."""
    if name == "forfeit" and value is None and scheme is not None:
        return f"as the points scheme says: {walkover_words(scheme.walkover)}"
    if name == "sanction_max_points":
        return (f"{value} point{'s' if value != 1 else ''}" if value is not None
                else "no bound of its own: the most one match or a late result can cost")
    if value is None:
        return "the league's"
    if name == "rules":
        given = _as_object(value)
        extras = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in given.items() if k != "preset")
        return f"{given['preset']}" + (f" ({extras})" if extras else "")
    if name == "match_format":
        return FORMATS[value].name if value in FORMATS else _own(value, names)
    if name == "points_scheme":
        return SCHEMES[value].name if value in SCHEMES else _own(value, names)
    if name == "forfeit":
        return f"{value['score'][0]}-{value['score'][1]}, {value.get('loser_points', 0)} points to the side that gave it"
    if name == "late_result_points":
        return _points_text(value)
    if name == "tie_breakers":
        return ", then ".join(TIE_BREAKER_RULES[k].words if k in TIE_BREAKER_RULES else k for k in value)
    if name == "hide_from_search":
        return "yes" if value else "no"
    if name == "overdue_warning_days":
        return f"{value} day{'s' if value != 1 else ''}" if value else "no reminder"
    if name == "postpone_proposer":
        return str(dict(League.Proposer.choices).get(value, value))
    if name == "rearrange_notice_days":
        return "up to the day" if value == 0 else f"{value} day{'s' if value != 1 else ''}"
    if name == "handicap_per_point":
        return f"{Decimal(value).normalize():f}"
    if name in ("handicap_step", "handicap_most"):
        return f"{value} point{'s' if value != 1 else ''}"
    return str(value)


def walkover_words(walkover: Walkover) -> str:
    """A walkover in words: 6-0, 0 points to the side that gave it."""
    return f"{walkover.score[0]}-{walkover.score[1]}, {walkover.loser_points} points to the side that gave it"


def scheme_walkover_words(league: League) -> str:
    """What "as the points scheme says" means now with the league's points
    scheme, in words."""
    try:
        scheme = scheme_for_key(league_id=league.pk, key=league.points_scheme)
    except FormatsError:
        return "the walkover boxes of the points scheme"
    return f"{walkover_words(scheme.walkover)}, under {scheme.name}"


def _own(key: str, names: dict[str, str] | None) -> str:
    name = (names or {}).get(key)
    return f"{name} ({key})" if name else str(key)


def _initial(league: League, division: Division | None) -> dict[str, Any]:
    source: Any = division if division is not None else league
    initial: dict[str, Any] = {name: getattr(league, name) for name in (
        "hide_from_search", "overdue_warning_days", "sanction_max_points", *MOVING, *HANDICAP)}
    if source.rules is not None:
        rules = _as_object(source.rules)
        initial["preset"] = rules["preset"]
        initial.update({k: rules[k] for k in ("target", "chip_out_bonus", "finish") if k in rules})
        if "down_can_win" in rules:
            initial["down_can_win"] = "yes" if rules["down_can_win"] else "no"
    for name in ("match_format", "points_scheme", "result_deadline_days"):
        initial[name] = getattr(source, name)
    if division is None:
        initial["forfeit_rule"] = AS_SCHEME if league.forfeit is None else OWN_SCORE
    if source.forfeit is not None:
        initial["forfeit_won"], initial["forfeit_lost"] = source.forfeit["score"]
        initial["forfeit_loser_points"] = source.forfeit.get("loser_points", 0 if division is None else None)
    if source.late_result_points is not None:
        initial["late_result_points"] = _points_text(source.late_result_points)
    for slot, key in enumerate(source.tie_breakers or []):
        initial[f"tie_{slot}"] = key
    return initial


def _as_object(rules: Any) -> dict[str, Any]:
    if rules is None:
        return {"preset": "pub"}
    if isinstance(rules, str):
        return {"preset": rules}
    return {"preset": "pub", **rules}


def _preset(rules: Any) -> str:
    return str(_as_object(rules)["preset"])


def _points_text(points: list[int]) -> str:
    return ", ".join(str(n) for n in points) or "none"


def _field_of(setting: str) -> str | None:
    return {"rules": "preset", "forfeit": "forfeit_won", "tie_breakers": "tie_0"}.get(
        setting, setting if setting in ("match_format", "points_scheme", "result_deadline_days",
                                        "late_result_points") else None)
