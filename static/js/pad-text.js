// What the engine's events say, in words a pub table uses. Everything here
// is read from the events the server sends: nothing is scored in the page.

export function sideName(state, side) {
  return state.sides[side].map((seat) => state.seats[seat]).join(" & ");
}

function signed(points) {
  return points > 0 ? `+${points}` : `\u2212${Math.abs(points)}`;
}

export function penaltyText(state, penalty) {
  return `${penalty.offence.replace("-", " ")}: ${signed(penalty.points)} to ${sideName(state, penalty.side)}`;
}

function handEndText(state, event) {
  const parts = [`Hand ${event.hand + 1} ended: ${event.ended.replace("-", " ")}.`];
  for (const knock of event.false_knocks || []) {
    parts.push(`False knock by ${state.seats[knock.seat]} at move ${knock.move + 1} (held ${knock.tiles.join(", ")}).`);
  }
  for (const award of event.awards || []) {
    parts.push(`${sideName(state, award.side)} ${signed(award.points)} (${award.reason}).`);
  }
  return parts.join(" ");
}

export function eventText(state, event) {
  const who = event.seat !== undefined ? state.seats[event.seat] : "";
  switch (event.type) {
    case "play": {
      let text = `${who} played ${event.tile}${event.end ? ` on the ${event.end}` : ""}: ends ${event.total}, scores ${event.points}`;
      if (event.verdict === "over" || event.verdict === "under") text += ` (pegged ${event.peg}, rules give ${event.worth})`;
      return text;
    }
    case "knock": return `${who} knocked`;
    case "draw": return `${who} drew ${event.count}`;
    case "misplay": return `${who} misplayed ${event.tile}`;
    case "ruling": return `Ruling: ${event.offence.replace("-", " ")} by ${who}`;
    case "hand-end": return handEndText(state, event);
    case "void": return `Undone: ${moveText(state, event.move)}`;
    default: return event.type;
  }
}

// The penalties and awards an event carries, one line each.
export function penaltyLines(state, event) {
  return (event.penalties || []).map((penalty) => penaltyText(state, penalty));
}

// A move as the scorer entered it (for moves waiting to be sent).
export function moveText(state, move) {
  const who = state.seats[move.seat] ?? `seat ${move.seat}`;
  if (move.tile) return `${who} plays ${move.tile}${move.end ? ` on the ${move.end}` : ""}${move.peg !== undefined ? `, pegs ${move.peg}` : ""}`;
  if (move.knock) return `${who} knocks`;
  if (move.misplay) return `${who} misplays ${move.misplay}`;
  if (move.draw) return `${who} draws ${move.draw}`;
  return JSON.stringify(move);
}

// Whose turn it is, or how the hand or the game stands. The scoreboard,
// read from across the room, names the hand as well (`withHand`).
export function turnText(state, { withHand = false } = {}) {
  const hand = `Hand ${state.hand + 1}`;
  if (state.status === "won") return `${sideName(state, state.winner)} won the game`;
  if (state.status === "hand-ended") return `${hand} is over${state.turn !== null ? `: ${state.seats[state.turn]} leads the next` : ""}`;
  const now = state.turn === null ? "waiting for the down" : `${state.seats[state.turn]} to play`;
  return withHand ? `${hand}: ${now}` : capitalised(now);
}

function capitalised(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// The engine counts hands and moves from 0 ("hand 0, move 3 (seat 1): ...");
// a person counts from 1. Its messages are shown as it wrote them, but for
// where they say it happened.
export function counted(message) {
  return String(message).replace(/^hand (\d+)(, move (\d+))?/, (_, hand, __, move) =>
    `Hand ${Number(hand) + 1}${move === undefined ? "" : `, move ${Number(move) + 1}`}`);
}
