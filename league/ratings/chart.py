"""A player's rating history drawn as an SVG chart, worked out here and
written by a template (the site's pages carry no scripts): the rating
after each game as a line, with a band of one sigma either side for its
uncertainty. Coordinates are in the chart's own units (`WIDTH` by
`HEIGHT`); the SVG's viewBox scales it to any screen."""
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

WIDTH, HEIGHT = 600, 240
LEFT, RIGHT, TOP, BOTTOM = 44, 8, 10, 26  # room for the axis labels


@dataclass(frozen=True)
class Point:
    played_on: date
    mu: float
    sigma: float


@dataclass(frozen=True)
class Tick:
    at: float  # the y of a rating tick, or the x of a date tick
    label: str


@dataclass(frozen=True)
class Chart:
    line: str  # the polyline's points
    band: str  # the polygon's points: mu + sigma forwards, mu - sigma back
    last_x: float
    last_y: float
    y_ticks: list[Tick]
    x_ticks: list[Tick]
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    bottom_y: int = HEIGHT - BOTTOM
    right_x: int = WIDTH - RIGHT


def chart_of(points: Sequence[Point]) -> Chart | None:
    """The chart of these ratings in game order; None for no games."""
    if not points:
        return None
    low = min(p.mu - p.sigma for p in points)
    high = max(p.mu + p.sigma for p in points)
    step = _step(high - low)
    low, high = step * (low // step), step * -(-high // step)
    count = len(points)

    def x(index: int) -> float:
        return LEFT + (WIDTH - LEFT - RIGHT) * (index / (count - 1) if count > 1 else 0.5)

    def y(value: float) -> float:
        return TOP + (HEIGHT - TOP - BOTTOM) * (high - value) / (high - low)

    line = " ".join(f"{x(i):.1f},{y(p.mu):.1f}" for i, p in enumerate(points))
    upper = [f"{x(i):.1f},{y(p.mu + p.sigma):.1f}" for i, p in enumerate(points)]
    lower = [f"{x(i):.1f},{y(p.mu - p.sigma):.1f}" for i, p in reversed(list(enumerate(points)))]
    ticks = int(round((high - low) / step))
    y_ticks = [Tick(at=round(y(low + step * n), 1), label=f"{low + step * n:g}") for n in range(ticks + 1)]
    firsts = sorted({0, count - 1})
    x_ticks = [Tick(at=round(x(i), 1), label=points[i].played_on.strftime("%b %Y")) for i in firsts]
    return Chart(line=line, band=" ".join(upper + lower), last_x=round(x(count - 1), 1),
                 last_y=round(y(points[-1].mu), 1), y_ticks=y_ticks, x_ticks=x_ticks)


def _step(span: float) -> float:
    """A round tick step giving three to six ticks over the span."""
    for step in (1, 2, 5, 10, 20, 50):
        if span / step <= 5:
            return float(step)
    return 100.0
