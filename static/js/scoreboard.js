// What the pad and the scoreboard both show of a game: each side's score on
// a card and on the cribbage-style board, and the open ends with their total.
import { byId, h } from "./pad-dom.js";
import { sideName } from "./pad-text.js";
import { SIDE_COLOURS, cribBoard } from "./tiles.js";

// `before`: each side's score before the last change (the back pegs).
export function drawScores(table, before) {
  const { state } = table;
  const toMove = state.turn === null ? null : state.sides.findIndex((side) => side.includes(state.turn));
  byId("sides").replaceChildren(...state.sides.map((_, side) =>
    h("div", { class: `side${side === toMove ? " to-move" : ""}${state.winner === side ? " winner" : ""}`, style: `--side: ${SIDE_COLOURS[side]}` },
      h("span", { class: "side-name" }, sideName(state, side)),
      h("span", { class: "side-score", "data-side": side }, String(state.scores[side])))));
  const names = state.sides.map((_, side) => sideName(state, side));
  byId("crib").replaceChildren(cribBoard({ scores: state.scores, before, target: table.target, names }));
}

// "Open ends 4 and 3: total 10", the total as the engine counted the last
// play; "" before the down and between hands.
export function endsText(table) {
  const { state } = table;
  if (!state.ends.length || state.status !== "playing") return "";
  const lastPlay = [...table.events].reverse().find((e) => e.type === "play");
  return `Open ends ${state.ends.join(" and ")}${lastPlay ? `: total ${lastPlay.total}` : ""}`;
}
