"""The builder's forms: a match format as rows of rubbers, and a points
scheme, each turned into the data `league.formats.data` reads and back.

The rubbers are numbered rows of fields (`rubber-1-kind`, `rubber-1-best_of`
...). Adding, removing and moving a row are buttons of the same form
(`action=add`, `remove-2`, `up-2`, `down-2`): the page posts what is filled
in, and answers with the rows rearranged and nothing saved, so the builder
works without scripts. Saving hands the data to the service, and each
problem it names (`rubbers.2.best_of`) is put beside its field.
"""
import json
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.http import QueryDict

from league.formats import MatchFormat, PointsScheme, format_to_data, scheme_to_data
from league.formats.data import MAX_BEST_OF, MAX_NUMBER, MAX_RUBBERS
from league.pages.form_fields import OneLineField
from scoring.rules import OFFENCES

TARGETS = [("", "The league's"), ("61", "61"), ("121", "121")]
KINDS = [("singles", "Singles"), ("pairs", "Pairs")]
PAIRS = [("named", "Named by the captain on the team sheet"), ("drawn", "Drawn at random by the captains at the table")]
GAMES = [("fives-and-threes", "Fives and Threes, checked by the engine"),
         ("block", "Block dominoes, result only from the card (unchecked)")]
# The rule keys a row shows; any other a rubber changes is kept as it is.
ROW_KEYS = ("target", "hand_size", "penalties")
# Where a problem is shown in a row: beside one of its boxes, or under the row.
ROW_BOXES = ("kind", "game", "best_of", "target", "hand_size", "rules")
HAND_SIZE_HELP = "Write the tiles each player is dealt as a number, such as 7, or by number of players, such as 2: 9, 4: 6."


@dataclass
class RubberRow:
    """One rubber as its row of the form shows it."""

    number: int
    kind: str = "singles"
    game: str = "fives-and-threes"
    best_of: str = "1"
    target: str = ""
    hand_size: str = ""
    penalties: str = ""
    kept: dict[str, Any] = field(default_factory=dict)  # rule keys the row does not show
    # Problems by the box they belong to (ROW_BOXES), or "" for the row.
    errors: dict[str, list[str]] = field(default_factory=dict)

    def add_error(self, where: str, message: str) -> None:
        self.errors.setdefault(where if where in ROW_BOXES else "", []).append(message)

    @property
    def row_errors(self) -> list[str]:
        return self.errors.get("", [])

    @property
    def kind_errors(self) -> list[str]:
        return self.errors.get("kind", [])

    @property
    def game_errors(self) -> list[str]:
        return self.errors.get("game", [])

    @property
    def best_of_errors(self) -> list[str]:
        return self.errors.get("best_of", [])

    @property
    def target_errors(self) -> list[str]:
        return self.errors.get("target", [])

    @property
    def hand_size_errors(self) -> list[str]:
        return self.errors.get("hand_size", [])

    @property
    def rules_errors(self) -> list[str]:
        return self.errors.get("rules", [])

    @property
    def kept_json(self) -> str:
        return json.dumps(self.kept) if self.kept else ""


def rows_of(fmt: MatchFormat) -> list[RubberRow]:
    """A format's rubbers as rows."""
    rows = []
    for number, rubber in enumerate(format_to_data(fmt)["rubbers"], start=1):
        rules = rubber["rules"]
        rows.append(RubberRow(
            number=number, kind=rubber["kind"], game=rubber["game"], best_of=str(rubber["best_of"]),
            target=str(rules.get("target", "")), hand_size=hand_size_text(rules.get("hand_size", "")),
            penalties=penalties_text(rules.get("penalties", {})),
            kept={k: v for k, v in rules.items() if k not in ROW_KEYS},
        ))
    return rows


def rows_posted(post: QueryDict) -> list[RubberRow]:
    """The rows as posted, in their numbered order."""
    numbers = sorted({int(name.split("-")[1]) for name in post if name.startswith("rubber-")
                      and name.split("-")[1].isdigit()})[:MAX_RUBBERS + 1]
    rows = []
    for place, number in enumerate(numbers, start=1):
        def value(name: str, number: int = number) -> str:
            return post.get(f"rubber-{number}-{name}", "").strip()
        kept = _kept(value("kept"))
        rows.append(RubberRow(place, kind=value("kind") or "singles", game=value("game") or "fives-and-threes",
                              best_of=value("best_of") or "1",
                              target=value("target"), hand_size=value("hand_size"), penalties=value("penalties"),
                              kept=kept))
    return rows


def rows_rearranged(rows: list[RubberRow], action: str) -> list[RubberRow]:
    """The rows after `action`: add, remove-N, up-N or down-N."""
    rows = list(rows)
    verb, _, number = action.partition("-")
    at = int(number) - 1 if number.isdigit() else -1
    if verb == "add" and len(rows) < MAX_RUBBERS:
        last = rows[-1] if rows else RubberRow(0)
        rows.append(RubberRow(0, kind=last.kind, game=last.game, best_of=last.best_of, target=last.target,
                              hand_size=last.hand_size, penalties=last.penalties, kept=dict(last.kept)))
    elif verb == "remove" and 0 <= at < len(rows) and len(rows) > 1:
        rows.pop(at)
    elif verb == "up" and 0 < at < len(rows):
        rows[at - 1], rows[at] = rows[at], rows[at - 1]
    elif verb == "down" and 0 <= at < len(rows) - 1:
        rows[at], rows[at + 1] = rows[at + 1], rows[at]
    for place, row in enumerate(rows, start=1):
        row.number = place
    return rows


def rubbers_data(rows: list[RubberRow]) -> list[dict[str, Any]] | None:
    """The rows as the formats package's rubbers; None, with each row's
    errors set, when a box does not hold what it should."""
    rubbers, ok = [], True
    for row in rows:
        rules: dict[str, Any] = dict(row.kept)
        best_of = _number(row.best_of)
        if best_of is None or not 1 <= best_of <= MAX_BEST_OF or best_of % 2 == 0:
            row.add_error("best_of", f"Best of must be an odd number of games from 1 to {MAX_BEST_OF}.")
            ok = False
        if row.game == "block":
            # Block dominoes is not played by the engine: there are no rules to change.
            for box, what in (("target", "target"), ("hand_size", "hand size"), ("rules", "penalty changes")):
                if getattr(row, "penalties" if box == "rules" else box):
                    row.add_error(box, f"A block dominoes rubber has no {what}: its result comes from the card. "
                                       f"Leave this empty, or make the rubber Fives and Threes.")
                    ok = False
            if row.kept:
                row.add_error("rules", f"A block dominoes rubber changes no rules, but this one also changes "
                                       f"{', '.join(sorted(row.kept))}: make it Fives and Threes, or build it "
                                       f"again without them.")
                ok = False
            rubbers.append({"kind": row.kind, "best_of": best_of or 1, "rules": {}, "game": row.game})
            continue
        if row.target:
            rules["target"] = _number(row.target) or row.target
        if row.hand_size:
            hand, problem = hand_size_parse(row.hand_size)
            if problem:
                row.add_error("hand_size", problem)
                ok = False
            else:
                rules["hand_size"] = hand
        if row.penalties:
            parsed = penalties_parse(row.penalties)
            if parsed is None:
                row.add_error("rules", "Write penalty changes as offence: action, such as "
                                       "misplay: deduct 10; over-peg: none.")
                ok = False
            else:
                rules["penalties"] = parsed
        rubbers.append({"kind": row.kind, "best_of": best_of or 1, "rules": rules, "game": row.game})
    return rubbers if ok else None


def hand_size_text(hand: Any) -> str:
    """A rubber's hand size as its box shows it: "7", or "2: 9, 4: 6" by number of players."""
    if isinstance(hand, dict):
        return ", ".join(f"{players}: {size}" for players, size in sorted(hand.items()))
    return str(hand)


def hand_size_parse(text: str) -> tuple[int | dict[str, int] | None, str]:
    """"7" (every number of players) or "2: 9, 4: 6" as the engine's
    hand_size; with a sentence saying what is wrong instead."""
    if ":" not in text:
        size = _number(text)
        if size is None or size < 1:
            return None, HAND_SIZE_HELP
        return size, ""
    sizes: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.replace(";", ",").split(","))):
        players, colon, tiles = (piece.strip() for piece in part.partition(":"))
        size = _number(tiles)
        if not colon or size is None or size < 1:
            return None, HAND_SIZE_HELP
        if players not in ("2", "3", "4"):
            return None, f"A hand size is for 2, 3 or 4 players, not {players or 'none'}: {HAND_SIZE_HELP}"
        if players in sizes:
            return None, f"The hand size for {players} players is given twice."
        sizes[players] = size
    if not sizes:
        return None, HAND_SIZE_HELP
    return sizes, ""


def penalties_text(penalties: dict[str, str]) -> str:
    return "; ".join(f"{offence}: {action}" for offence, action in penalties.items())


def penalties_parse(text: str) -> dict[str, str] | None:
    """"misplay: deduct 10; over-peg: none" as the engine's penalties object."""
    parsed = {}
    for part in filter(None, (p.strip() for p in text.replace("\n", ";").split(";"))):
        offence, colon, action = part.partition(":")
        if not colon or offence.strip() not in OFFENCES or not action.strip():
            return None
        parsed[offence.strip()] = action.strip()
    return parsed


class FormatForm(forms.Form):
    """A match format's own fields; its rubbers are rows (above)."""

    name = OneLineField(max_length=80, help_text="As captains and the public pages will see it.")
    slug = forms.SlugField(label="Short name", max_length=36, required=False,
                           help_text="Lower-case letters, digits and hyphens: the league names it own:<short name>.")
    pairs = forms.ChoiceField(label="How pairs are chosen", choices=PAIRS, widget=forms.RadioSelect, initial="named")
    max_singles = forms.IntegerField(label="Most singles rubbers one player may play", required=False, min_value=1,
                                     help_text="Empty: no limit.")
    max_pairs = forms.IntegerField(label="Most pairs rubbers one player may play", required=False, min_value=1,
                                   help_text="Empty: no limit.")
    min_players = forms.IntegerField(label="Fewest players a team must field", min_value=1, initial=1)
    substitutes = forms.IntegerField(label="Substitutes allowed", min_value=0, initial=0,
                                     help_text="Players a team may bring on during a match, agreed before it starts.")
    concede_score = forms.IntegerField(label="Score of a conceded rubber's game", required=False, min_value=1,
                                       max_value=MAX_NUMBER,
                                       help_text="A conceded rubber's game is scored this many to 0. "
                                                 "Empty: the rubber's target (61-0, or 121-0 for a game to 121).")

    def __init__(self, *args: Any, creating: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if creating:
            self.fields["slug"].required = True
        else:
            del self.fields["slug"]

    def data_with(self, rubbers: list[dict[str, Any]]) -> dict[str, Any]:
        data = self.cleaned_data
        return {"name": data["name"], "rubbers": rubbers, "max_singles": data.get("max_singles"),
                "max_pairs": data.get("max_pairs"), "min_players": data["min_players"], "pairs": data["pairs"],
                "substitutes": data["substitutes"], "concede_score": data.get("concede_score")}


def format_initial(fmt: MatchFormat) -> dict[str, Any]:
    return {"name": fmt.name, "pairs": fmt.pairs, "max_singles": fmt.max_singles, "max_pairs": fmt.max_pairs,
            "min_players": fmt.min_players, "substitutes": fmt.substitutes, "concede_score": fmt.concede_score}


class SchemeForm(forms.Form):
    name = OneLineField(max_length=80)
    slug = forms.SlugField(label="Short name", max_length=36, required=False,
                           help_text="Lower-case letters, digits and hyphens: the league names it own:<short name>.")
    win = forms.IntegerField(label="Points for a win", min_value=0)
    draw = forms.IntegerField(label="Points for a draw", min_value=0)
    loss = forms.IntegerField(label="Points for a defeat", min_value=0, initial=0)
    per_game = forms.IntegerField(label="Points for each game won", min_value=0, initial=0)
    bonus_points = forms.IntegerField(label="Losing bonus: points", min_value=1, required=False,
                                      help_text="Empty: no losing bonus.")
    bonus_within = forms.IntegerField(label="Losing bonus: for losing by at most this many games", min_value=1,
                                      required=False)
    walkover_won = forms.IntegerField(label="Walkover score: games to the side that turned up", min_value=0,
                                      initial=0)
    walkover_lost = forms.IntegerField(label="Walkover score: games to the side that gave it", min_value=0,
                                       initial=0)
    walkover_loser_points = forms.IntegerField(label="Points to the side that gave a walkover", min_value=0,
                                               initial=0)

    def __init__(self, *args: Any, creating: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if creating:
            self.fields["slug"].required = True
        else:
            del self.fields["slug"]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if (data.get("bonus_points") is None) != (data.get("bonus_within") is None) and not self.errors:
            self.add_error("bonus_within", "Give a losing bonus both its points and its margin, or neither.")
        return data

    def scheme_data(self) -> dict[str, Any]:
        data = self.cleaned_data
        bonus = None if data.get("bonus_points") is None else {"points": data["bonus_points"],
                                                                "within": data["bonus_within"]}
        return {"name": data["name"], "win": data["win"], "draw": data["draw"], "loss": data["loss"],
                "per_game": data["per_game"], "losing_bonus": bonus,
                "walkover": {"score": [data["walkover_won"], data["walkover_lost"]],
                             "loser_points": data["walkover_loser_points"]}}


def scheme_initial(scheme: PointsScheme) -> dict[str, Any]:
    data = scheme_to_data(scheme)
    bonus = data["losing_bonus"] or {}
    return {"name": scheme.name, "win": scheme.win, "draw": scheme.draw, "loss": scheme.loss,
            "per_game": scheme.per_game, "bonus_points": bonus.get("points"), "bonus_within": bonus.get("within"),
            "walkover_won": scheme.walkover.score[0], "walkover_lost": scheme.walkover.score[1],
            "walkover_loser_points": scheme.walkover.loser_points}


# Where each problem of a scheme goes on its form.
SCHEME_FIELDS = {"name": "name", "win": "win", "draw": "draw", "loss": "loss", "per_game": "per_game",
                 "losing_bonus": "bonus_points", "losing_bonus.points": "bonus_points",
                 "losing_bonus.within": "bonus_within", "walkover": "walkover_loser_points",
                 "walkover.score": "walkover_won", "walkover.loser_points": "walkover_loser_points", "slug": "slug"}
FORMAT_FIELDS = {"name": "name", "pairs": "pairs", "max_singles": "max_singles", "max_pairs": "max_pairs",
                 "min_players": "min_players", "substitutes": "substitutes", "concede_score": "concede_score",
                 "slug": "slug"}


def problems_placed(form: forms.Form, rows: list[RubberRow], problems: list[tuple[str, str]],
                    fields: dict[str, str]) -> None:
    """Each problem beside its field: a row's, a form field's, or the form's."""
    for where, message in problems:
        if where.startswith("rubbers."):
            _, number, *rest = where.split(".")
            if number.isdigit() and 1 <= int(number) <= len(rows):
                rows[int(number) - 1].add_error(rest[0] if rest else "", message)
                continue
        target = fields.get(where)
        form.add_error(target if target in form.fields else None, message)


def _number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() else None


def _kept(text: str) -> dict[str, Any]:
    try:
        value = json.loads(text) if text else {}
    except json.JSONDecodeError:
        return {}
    return value if isinstance(value, dict) else {}
