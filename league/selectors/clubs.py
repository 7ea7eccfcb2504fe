"""Reading a league's plain records for the secretary's pages: its teams
with their venues and officials, the venues its teams play at, its players
(found by name), and who may change a venue or a player that belongs to no
one league."""
from django.contrib.auth.models import User
from django.db.models import Q, QuerySet

from league.authors import Author
from league.models import League, Player, Season, SquadRegistration, Team, Venue
from league.refusals import NotSecretary
from league.selectors.names import player_officials


def leagues_of(*, user: Author) -> QuerySet[League]:
    if user is None or not user.is_authenticated:
        return League.objects.none()
    return League.objects.filter(secretaries=user)


def league_team_list(*, league_id: int) -> list[Team]:
    """The league's teams by name, with venue, captain and scorers."""
    return list(Team.objects.filter(league_id=league_id).select_related("home_venue", "captain", "vice_captain")
                .prefetch_related("scorers").order_by("name"))


def team_get(*, team_id: int) -> Team:
    """Raises Team.DoesNotExist."""
    return Team.objects.select_related("league", "home_venue", "captain", "vice_captain").get(pk=team_id)


def venue_get(*, venue_id: int) -> Venue:
    """Raises Venue.DoesNotExist."""
    return Venue.objects.get(pk=venue_id)


def league_venues(*, league_id: int) -> list[Venue]:
    """The venues a secretary of the league works with: those its teams
    play at, and those no team plays at yet (a new pub joining)."""
    used = Team.objects.filter(league_id=league_id).values("home_venue_id")
    unused = Team.objects.values("home_venue_id")
    return list(Venue.objects.filter(Q(pk__in=used) | ~Q(pk__in=unused)).order_by("name"))


def venues_named(*, league_id: int, name: str, leaving_out: int | None = None) -> list[Venue]:
    """The league's venues (`league_venues`) called `name`, whatever its
    case and spacing, but `leaving_out` (a venue being renamed)."""
    wanted = " ".join(name.split()).casefold()
    return [venue for venue in league_venues(league_id=league_id)
            if " ".join(venue.name.split()).casefold() == wanted and venue.pk != leaving_out]


def venue_refusal(*, venue: Venue, user: Author) -> NotSecretary | None:
    """A venue belongs to no league: a secretary may change it when every
    team playing there is in a league they run (a pub shared with another
    league is theirs to change, in the admin)."""
    others = (Team.objects.filter(home_venue=venue).exclude(league__in=leagues_of(user=user))
              .values_list("league__name", flat=True).distinct())
    if not leagues_of(user=user).exists() or others.exists():
        shared = f" ({', '.join(sorted(others))} also play there)" if others.exists() else ""
        return NotSecretary(f"only a secretary of every league playing at {venue} may change it{shared}")
    return None


def league_players(*, league_id: int, search: str = "") -> list[Player]:
    """The players registered in any of the league's seasons, by name; with
    `search`, every player whose name holds it, so a secretary finds a
    player from another league or one not registered yet."""
    if search.strip():
        found = Player.objects.filter(name__icontains=search.strip())
    else:
        found = Player.objects.filter(registrations__season__league_id=league_id).distinct()
    return list(found.order_by("name", "id")[:200])


def player_manage_refusal(*, player: Player, user: Author) -> NotSecretary | None:
    """A player is the business of the secretaries of the leagues they were
    registered in; a player registered nowhere yet, of any secretary."""
    if player_officials(player_id=player.pk, user=user):
        return None
    if not SquadRegistration.objects.filter(player=player).exists() and leagues_of(user=user).exists():
        return None
    return NotSecretary("only a secretary of a league the player was registered in may change them")


def player_teams(*, player_id: int) -> list[SquadRegistration]:
    return list(SquadRegistration.objects.filter(player_id=player_id).select_related("team", "season__league")
                .order_by("-season__start"))


def login_choices(*, league_id: int) -> QuerySet[User]:
    """The logins a secretary may make a team's captain: the players of the
    league who have one, and the league's captains and scorers already."""
    players = Player.objects.filter(registrations__season__league_id=league_id, user__isnull=False).values("user_id")
    officials = (Q(teams_captained__league_id=league_id) | Q(teams_vice_captained__league_id=league_id)
                 | Q(teams_scored__league_id=league_id) | Q(pk__in=players))
    return User.objects.filter(officials, is_active=True).distinct().order_by("username")


def season_before(*, season: Season) -> Season | None:
    """The league's season that started last before this one."""
    return (Season.objects.filter(league_id=season.league_id, start__lt=season.start)
            .order_by("-start", "-id").first())


def teams_in_both(*, season: Season, earlier: Season) -> list[Team]:
    """The teams entered in a division of both seasons, by name: those whose
    squads carry over."""
    now = Team.objects.filter(division_entries__division__season=season).values("pk")
    return list(Team.objects.filter(division_entries__division__season=earlier, pk__in=now).distinct()
                .order_by("name"))


def players_named(*, name: str) -> list[Player]:
    """Every player whose name is `name`, whatever its case and spacing."""
    wanted = " ".join(name.split())
    return list(Player.objects.filter(name__iexact=wanted).order_by("id"))


def league_seasons(*, league_id: int) -> list[Season]:
    return list(Season.objects.filter(league_id=league_id).order_by("-start", "-id"))


def team_scorers(*, team: Team) -> list[User]:
    """Who may score the team's games, by username."""
    return list(team.scorers.order_by("username"))
