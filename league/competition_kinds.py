"""What differs between the kinds of cup, in one table.

A team cup, a singles cup and a pairs cup (`Competition.Kind`) run on the
same services, selectors, pages and templates. What one kind does
differently from another (who enters, how a tie is played and recorded,
how it is dated, who answers for a side, the words its pages use) is its
entry in `KINDS`; the code that needs the difference reads the entry
(`kind_rules(competition.kind)`) rather than asking which kind the cup is.
Where the work itself differs, the code keeps one function for each way of
working (a `Play`, a `Dating`, an entry by a team or by players) and picks
it by the entry's answer, so a new kind that plays, dates and enters as an
existing one does needs no new branch.

A new kind is a new `Competition.Kind` member, its entry here, and its words
in the templates if it needs new ones; tests/league/test_competition_kinds.py
fails while a kind has no entry, and when a kind is compared outside this
module.
"""
from dataclasses import dataclass
from enum import StrEnum

from league.models import Competition


class Play(StrEnum):
    """How a tie is played and recorded."""

    # One leg or two (home and away), each a fixture between the two teams on
    # a match night, played and confirmed as a league match is: by the
    # match format, on the night's card, its result confirmed by the
    # captains (or a secretary). Level after the tie-breaks: a replay or a
    # deciding match.
    LEGS = "legs"
    # One best-of of games between the two sides, each scored live on the
    # pad or entered from the card by one side and confirmed by the other
    # (or a secretary); never level. The games count for the ratings, and a
    # handicap can start them.
    GAMES = "games"


class Dating(StrEnum):
    """How a tie gets its date."""

    # Each leg is arranged as a fixture of the cup's division: the home
    # captain offers dates, the away captain picks one (or a secretary sets
    # it), which puts the leg in the fixtures with its venue.
    LEGS = "legs"
    # The tie itself is dated: the home side offers dates, the away side
    # picks one (or a secretary sets it); a finals night dates the
    # semi-finals and the final still undated.
    TIE = "tie"


@dataclass(frozen=True)
class KindRules:
    """One kind of cup: what its entries are and how its ties are played."""

    # One entry, in the pages' words: "Enter a team", "the pair".
    noun: str
    # The kind among the choices of the new cup form ("Who enters").
    choice: str
    # The players an entry names: 0 when a team enters (its captain enters
    # it and its squad plays), otherwise the players of a side, who enter
    # themselves (a pair: the player and the partner they name).
    players: int
    play: Play
    dating: Dating
    # Who picks a date the other side offers, as the pages say it.
    picker: str

    @property
    def by_team(self) -> bool:
        """A team enters, by its captain; otherwise players do."""
        return self.players == 0

    @property
    def partners(self) -> bool:
        """A side is two players, partners at the table."""
        return self.players == 2

    @property
    def plays_legs(self) -> bool:
        """The ties are legs, fixtures on match nights: two legs, a
        deciding match and a group stage are for such a cup only."""
        return self.play is Play.LEGS

    @property
    def plays_games(self) -> bool:
        """The ties are games scored on the pad or from the card: a
        handicap and the ratings are for such a cup only."""
        return self.play is Play.GAMES

    @property
    def dates_ties(self) -> bool:
        """The tie is dated itself (and by the finals night), not its legs."""
        return self.dating is Dating.TIE


KINDS: dict[Competition.Kind, KindRules] = {
    Competition.Kind.TEAM: KindRules(noun="team", choice="Teams", players=0, play=Play.LEGS,
                                     dating=Dating.LEGS, picker="the other side's captain"),
    Competition.Kind.SINGLES: KindRules(noun="player", choice="Players (singles)", players=1, play=Play.GAMES,
                                        dating=Dating.TIE, picker="the other side"),
    Competition.Kind.PAIRS: KindRules(noun="pair", choice="Pairs", players=2, play=Play.GAMES,
                                      dating=Dating.TIE, picker="the other side"),
}


def kind_rules(kind: str) -> KindRules:
    """The rules of a kind, by its stored value ("team"). Raises ValueError
    for a value that is no kind."""
    return KINDS[Competition.Kind(kind)]


def kinds_playing(play: Play) -> list[str]:
    """The kinds whose ties are played so, as stored: for a query."""
    return [kind.value for kind, rules in KINDS.items() if rules.play is play]


def kinds_dating(dating: Dating) -> list[str]:
    """The kinds whose ties are dated so, as stored: for a query."""
    return [kind.value for kind, rules in KINDS.items() if rules.dating is dating]


def kind_choices() -> list[tuple[str, str]]:
    """The kinds as a form offers them."""
    return [(kind.value, rules.choice) for kind, rules in KINDS.items()]
