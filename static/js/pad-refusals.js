// What the server's refusals mean, in the scorer's words: "seq 6 is stale:
// the game is at seq 7" becomes "Another tablet recorded Bob's 6-4 first".
// Also what the server scored differently from what the pad showed. Pure
// functions of what the server sent: nothing here is judged in the page.

// The engine's own place for a refusal ("hand 0, move 1 (seat 1): ..."),
// counted from 0 as the scoresheet counts.
const ENGINE_PLACE = /^hand (\d+)(?:, move (\d+))?(?: \(seat (\d+)\))?: (.*)$/s;
const STALE = /^seq \d+ is stale|^another write to this game came first/;

function seatName(state, seat) {
  return state?.seats?.[seat] ?? `seat ${Number(seat) + 1}`;
}

// A move as a person names it: "Bob's 6-4", "Bob's knock".
export function moveName(state, move) {
  if (!move) return "a move";
  const who = `${seatName(state, move.seat)}'s`;
  if (move.tile) return `${who} ${move.tile}`;
  if (move.knock) return `${who} knock`;
  if (move.misplay) return `${who} misplay of ${move.misplay}`;
  if (move.draw) return `${who} draw`;
  if (move.penalty) return `a ruling against ${seatName(state, move.seat)}`;
  return "a move";
}

// A row of the game's log (GET /log) as a person names it.
function rowName(state, row) {
  if (row.kind === "undo") return "an undo";
  if (row.kind === "shown") return `the tiles shown after hand ${row.hand + 1}`;
  return moveName(state, row.payload);
}

function listed(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

// The engine's message with its place in people's numbers: hands and moves
// counted from 1, the seat by its player's name.
export function engineReason(state, message) {
  const found = ENGINE_PLACE.exec(message ?? "");
  if (!found) return message;
  const [, hand, move, seat, reason] = found;
  const place = [`Hand ${Number(hand) + 1}`];
  if (move !== undefined) place.push(`move ${Number(move) + 1}`);
  const who = seat !== undefined ? ` (${seatName(state, seat)})` : "";
  return `${place.join(", ")}${who}: ${reason}`;
}

function heldLine(held) {
  if (!held) return [];
  return [`${held === 1 ? "The move" : `The ${held} moves`} after it ${held === 1 ? "is" : "are"} kept on this tablet and sent once this one is changed or deleted.`];
}

// What to tell the scorer about a write the server refused.
// refusal: { status, error }; item: the write ({ label, body, seq });
// state: the game's state now (for the players' names); log: the game's
// log (GET /log), if fetched, to name what another tablet recorded;
// held: how many writes wait behind this one.
// Answers { title, lines, kind }: kind "refused" (this write must be
// changed or deleted) or "paused" (nothing wrong with the writes: they wait).
export function refusalWords({ status, error }, { item, state = null, log = null, held = 0 }) {
  const label = item?.label ?? "A move";
  if (status === 401) {
    return { kind: "paused", title: "Logged out", lines: ["This tablet is no longer logged in: log in again; your moves are kept on this tablet and sent once you have."] };
  }
  if (status === 403) {
    return { kind: "paused", title: "You may not score this game", lines: [
      `The server says: ${error}.`,
      "Your moves are kept on this tablet, and sent once a secretary or the game's creator lets you score it (or log in as someone who may).",
    ] };
  }
  if (status === 409 && STALE.test(error ?? "")) {
    const theirs = (log ?? []).filter((row) => row.seq > (item?.seq ?? Infinity)).map((row) => rowName(state, row));
    const first = theirs.length ? `Another tablet recorded ${listed(theirs)} first; here is the game now.` : "Another tablet recorded a move first; here is the game now.";
    return { kind: "refused", title: "Not recorded", lines: [
      first,
      `${label}: not recorded. Delete it if the other tablet recorded it already; otherwise change it or send it again as it is.`,
      ...heldLine(held),
    ] };
  }
  if (status === 409) {
    return { kind: "refused", title: "Not recorded", lines: [`${label}: the game had changed (${error}); here is the game now.`, ...heldLine(held)] };
  }
  if (status === 422 && ENGINE_PLACE.test(error ?? "")) {
    return { kind: "refused", title: "Not recorded", lines: [`${label}: the rules do not allow it. ${engineReason(state, error)}`, ...heldLine(held)] };
  }
  if (status === 422) {
    // The league's refusal rather than the rules' (a match whose result is in, say).
    return { kind: "refused", title: "Not recorded", lines: [`${label}: not allowed: ${error}.`, ...heldLine(held)] };
  }
  return { kind: "refused", title: "Not recorded", lines: [`${label}: the server could not take it (${error}).`, ...heldLine(held)] };
}

// When the server's score for a move differs from what the pad showed for
// it (worked out before it was sent): the words to show, or null.
// showed: { worth } as the pad showed it; events: the server's answer.
export function differenceText(state, move, showed, events) {
  if (!showed || showed.worth === undefined || showed.worth === null) return null;
  const play = (events ?? []).find((event) => event.type === "play");
  if (!play || play.worth === showed.worth) return null;
  return `The server scored ${moveName(state, move)} as ${play.worth}, the pad showed ${showed.worth}.`;
}
