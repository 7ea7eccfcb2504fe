"""The captain's card: the team sheet's selects (`TeamSheetForm`) and,
beside each rubber, a pair of score boxes for each of its games not yet
recorded (`r3_g1_home`, `r3_g1_away`; an unchecked rubber's game also has
`r3_g1_winner`). As on the night page, a form checks only what a form can:
the services judge the sheet and every score."""
from typing import Any

from django import forms

from league.models import Player
from league.pages.night_forms import TeamSheetForm, score_field
from league.selectors.night_page import Target
from league.services.match_cards import CardGame

WINNERS = [("", "Not played"), ("home", "home"), ("away", "away")]


class CardSheetForm(TeamSheetForm):
    def __init__(self, *args: Any, rubbers: list[dict[str, Any]], teams: tuple[str, str],
                 squads: tuple[list[Player], list[Player]], targets: dict[int, Target], **kwargs: Any) -> None:
        super().__init__(*args, rubbers=rubbers, teams=teams, squads=squads, **kwargs)
        self.teams, self.targets = teams, targets
        for rubber in rubbers:
            if rubber["games"] and not rubber["conceded_by"]:
                # Its games were played by them: the sheet keeps them, and so does the form.
                for side in ("home", "away"):
                    for name in self._names(rubber, side):
                        self.fields[name].disabled = True
            for number in self.open_games(rubber):
                self._game_fields(rubber, number)

    @staticmethod
    def open_games(rubber: dict[str, Any]) -> range:
        """The numbers of the rubber's games the card may still give: none
        once it is decided, conceded or has a game being scored live."""
        games = rubber["games"]
        if rubber["winner"] is not None or rubber["conceded_by"] or any(g["playing"] for g in games):
            return range(0)
        return range(len(games) + 1, rubber["best_of"] + 1)

    def _game_fields(self, rubber: dict[str, Any], number: int) -> None:
        prefix = f"r{rubber['number']}_g{number}"
        target = self.targets.get(rubber["number"])
        for side, team in (("home", self.teams[0]), ("away", self.teams[1])):
            field = score_field()
            field.required = False
            field.label = team
            field.widget.attrs["aria-describedby"] = f"{prefix}-check"
            if target is not None:
                field.widget.attrs.update({"data-target": target.points, "data-exact": str(target.exact).lower()})
            self.fields[f"{prefix}_{side}"] = field
        if rubber["unchecked"]:
            self.fields[f"{prefix}_winner"] = forms.ChoiceField(
                label="Won by", required=False, widget=forms.RadioSelect,
                choices=[("home", self.teams[0]), ("away", self.teams[1])])

    def sheet_changed(self) -> bool:
        """Whether the sheet must be entered: there is none yet, or a player
        (or a concession) was changed."""
        if not any(rubber["home"] or rubber["away"] or rubber["conceded_by"] for rubber in self.rubbers):
            return True
        return any(name in self.changed_data for rubber in self.rubbers for side in ("home", "away")
                   for name in self._names(rubber, side))

    def games(self) -> list[CardGame]:
        """The games filled in, rubber by rubber, as `match_card_enter` takes
        them; a game with nothing in it is left out."""
        data, found = self.cleaned_data, []
        for rubber in self.rubbers:
            for number in self.open_games(rubber):
                prefix = f"r{rubber['number']}_g{number}"
                home, away = data.get(f"{prefix}_home"), data.get(f"{prefix}_away")
                winner = data.get(f"{prefix}_winner") or None
                if home is None and away is None and winner is None:
                    continue
                found.append(CardGame(rubber=rubber["number"], number=number, home_score=home, away_score=away,
                                      winner=winner))
        return found

    def card_rows(self) -> list[dict[str, Any]]:
        """Rubber by rubber for the template: its players' fields, the
        games recorded, and the boxes of the games to come."""
        rows = []
        for row in self.rows():
            rubber = row["rubber"]
            games = []
            for number in self.open_games(rubber):
                prefix = f"r{rubber['number']}_g{number}"
                winner = f"{prefix}_winner"
                games.append({"number": number, "id": prefix, "home": self[f"{prefix}_home"],
                              "away": self[f"{prefix}_away"],
                              "winner": self[winner] if winner in self.fields else None,
                              "errors": [e for side in ("home", "away", "winner")
                                         for e in self.errors.get(f"{prefix}_{side}", [])]})
            rows.append({**row, "games": games, "target": self.targets.get(rubber["number"])})
        return rows
