"""A scorecard an appeals committee can read: one line per move.

Terminology: each line gives the move number, the seat's player, what was
done (tile and end, knock, misplay, ruling), the counted ends and their
total, the award, the peg and its verdict, and the running scores; a
hand's end and every penalty stand on lines of their own. Hands and moves
are counted from 1 here, as people count them; the sheet, the events and
the engine's messages count from 0 (docs/scoresheet.md).

>>> from scoring.sheet import check
>>> sheet = {"format": "fives-and-threes/1", "rules": {"preset": "pub", "hand_size": 3},
...          "seats": ["Ann", "Bob"], "partners": False, "start": [0, 0],
...          "hands": [{"leader": 0, "moves": [{"seat": 0, "tile": "6-3", "peg": 3}]}]}
>>> card = scorecard(sheet, check(sheet)).splitlines()
>>> card[0]
'Ann v Bob - rules: pub (hand_size 3)'
>>> card[4].split()
['1', 'Ann', '6-3', 'down', '6+3', '9', '3', '3', 'correct', '3-0']
"""

from __future__ import annotations

from typing import Any, Mapping

from .events import HandEnd, MoveEvent, Penalty, Result

_HEADER = f"{'move':>4}  {'player':<12}{'did':<16}{'ends':<12}{'total':>5}{'award':>7}  {'peg':<14}scores"


def scorecard(sheet: Mapping[str, Any], result: Result) -> str:
    """The readable scorecard of a sheet and ``check``'s result for it."""
    seats = list(sheet["seats"])
    sides = result["sides"]
    names = [" & ".join(seats[s] for s in side) for side in sides]
    lines = [_title(sheet, names)]
    for event in result["events"]:
        if event["type"] == "hand-end":
            lines.extend(_hand_end(event, seats, names))
            continue
        if event["move"] == 0:
            lines.extend(["", f"Hand {event['hand'] + 1}", _HEADER])
        lines.append(_move_line(event, seats))
        lines.extend(_penalty_lines(event["penalties"], names))
    lines.append("")
    winner = result["winner"]
    lines.append(f"Winner: {names[winner]}" if winner is not None else "No winner yet")
    return "\n".join(lines) + "\n"


def _title(sheet: Mapping[str, Any], names: list[str]) -> str:
    rules = sheet.get("rules") or "pub"
    if isinstance(rules, Mapping):
        extra = ", ".join(f"{k} {v}" for k, v in rules.items() if k != "preset")
        rules = rules.get("preset", "pub") + (f" ({extra})" if extra else "")
    return f"{' v '.join(names)} - rules: {rules}"


def _move_line(event: MoveEvent, seats: list[str]) -> str:
    player = seats[event["seat"]][:11]
    ends = total = award = peg = ""
    if event["type"] == "play":
        did = f"{event['tile']} {event['end'] or 'down'}"
        ends = "+".join(str(e) for e in event["ends"])
        total = str(event["total"])
        award = str(event["award"]) + (f"+{event['bonus']}" if event["bonus"] else "")
        award += " bust" if event["bust"] else ""
        peg = f"{'-' if event['peg'] is None else event['peg']} {event['verdict']}"
    elif event["type"] == "misplay":
        did = f"misplay {event['tile']}"
    elif event["type"] == "ruling":
        did = f"ruling {event['offence']}"
    elif event["type"] == "draw":
        did = f"draws {event['count']}"
    else:
        did = event["type"]
    scores = "-".join(str(s) for s in event["scores"])
    return f"{event['move'] + 1:>4}  {player:<12}{did:<16}{ends:<12}{total:>5}{award:>7}  {peg:<14}{scores}"


def _penalty_lines(penalties: list[Penalty], names: list[str]) -> list[str]:
    return [
        f"{'':>6}penalty: {p['offence']}, {names[p['side']]} {p['points']:+d}" for p in penalties
    ]


def _hand_end(event: HandEnd, seats: list[str], names: list[str]) -> list[str]:
    lines = [f"{'':>6}hand {event['hand'] + 1} ends: {event['ended']}"]
    for knock in event["false_knocks"]:
        lines.append(
            f"{'':>6}false knock: {seats[knock['seat']]} at move {knock['move'] + 1} "
            f"held {', '.join(knock['tiles'])}"
        )
    for item in event["awards"]:
        lines.append(f"{'':>6}award: {names[item['side']]} +{item['points']} ({item['reason']})")
    lines.extend(_penalty_lines(event["penalties"], names))
    scores = ", ".join(f"{name} {score}" for name, score in zip(names, event["scores"], strict=True))
    lines.append(f"{'':>6}scores: {scores}")
    return lines
