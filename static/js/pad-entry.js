// The part of the pad the scorer taps: who moved, the step being entered
// (the end, the peg, a wrong peg's warning, the tiles shown at a hand's
// end), the 28 tiles and the actions. What a tap does is in pad.js.
import { guarded } from "./broken.js";
import { byId, h } from "./pad-dom.js";
import { beyondAnyPlay } from "./pad-pick.js";
import { actions, deleteDigit, freshPick, isShowing, known, outbox, pad, pips, seatNames, seatToMove, typeDigit } from "./pad-state.js";
import { penaltyLines, sideName } from "./pad-text.js";
import { tileSvg } from "./tiles.js";

export function renderSeats() {
  const node = byId("seats");
  const choosable = pad.table.state.status !== "won" && (!known() || pad.table.state.turn === null) && !isShowing();
  if (!choosable) {
    node.replaceChildren();
    return;
  }
  const current = seatToMove();
  const kept = node.contains(document.activeElement) ? document.activeElement.textContent : null;
  node.replaceChildren(
    h("span", { class: "label" }, known() ? "Who puts the down?" : "Who moved?"),
    ...seatNames().map((name, seat) =>
      h("button", { type: "button", class: "seat", "aria-pressed": String(seat === current), onclick: () => { pad.pick.seat = seat; pad.notice = null; actions.render(); } }, name),
    ),
  );
  // The keyboard stays on the player it chose (the buttons are new).
  if (kept !== null && !pad.focusNext) [...node.querySelectorAll("button")].find((b) => b.textContent === kept)?.focus();
}

export function renderStep() {
  // Redrawing replaces the step's buttons: a key pressed on one (a digit,
  // Clear) must leave the keyboard where it was, not at the page's top.
  const was = document.activeElement;
  const kept = byId("step").contains(was) ? (was.id || was.textContent) : null;
  drawStep();
  renderSkip();
  if (kept !== null && !pad.focusNext) {
    const again = [...byId("step").querySelectorAll("button, output")].find((n) => (n.id || n.textContent) === kept);
    again?.focus();
  }
}

function drawStep() {
  const node = byId("step");
  if (isShowing()) return node.replaceChildren(showStep());
  if (!pad.pick.tile) {
    node.replaceChildren(h("p", { class: "hint" }, pad.pick.mode === "misplay" ? "Tap the tile that was laid and did not fit." : pad.table.state.status === "won" ? "The game is over." : "Tap the tile played."));
    return;
  }
  const cancel = h("button", { type: "button", class: "small", onclick: () => { pad.pick = freshPick(); pad.notice = null; actions.render(); } }, "Cancel");
  const title = h("p", { class: "step-title" }, `${pad.table.state.seats[seatToMove()]} plays `, tileSvg(...pips(pad.pick.tile.tile), {}), cancel);
  if (pad.pick.end === undefined) return node.replaceChildren(title, endChoices());
  if (pad.pick.preview || pad.pick.doubt) {
    // A peg no play scores is most often a slip: the keyboard waits on
    // "Change the peg" then, so that a second Enter does not send it.
    if (!byId("peg-warning")) pad.focusNext = `#peg-warning button.${beyondAnyPlay(Number(pad.pick.peg), pad.table) === null ? "primary" : "change"}`;
    return node.replaceChildren(title, pegWarning());
  }
  // Where the keyboard goes once a tile (and its end) is tapped: the peg,
  // where digits are typed and Enter records, not the keypad's first key.
  if (pad.focusNext) pad.focusNext = "#peg";
  node.replaceChildren(title, keypad());
}

function endChoices() {
  const ends = pad.table.state.ends;
  if (!known()) {
    // No engine to ask: name the end as seen, and the server will judge it.
    return h("div", { class: "choices" },
      ...["left", "right"].map((end, i) => h("button", { type: "button", class: "choice", "data-end": end, onclick: () => actions.chooseEnd(end, null) }, `${end === "left" ? "Left" : "Right"} end${ends.length === 2 ? ` (was ${ends[i]})` : ""}`)),
      h("button", { type: "button", class: "choice", "data-end": "", onclick: () => actions.chooseEnd(null, null) }, "It fits one way only"));
  }
  return h("div", { class: "choices", role: "group", "aria-label": "Which end" },
    ...pad.pick.tile.options.map((option) => {
      const side = ["left", "right"].indexOf(option.end);
      const at = side >= 0 && ends.length === 2 ? `on the ${ends[side]} (${option.end})` : `on ${option.end}`;
      return h("button", { type: "button", class: "choice", "data-end": option.end, "data-ends": [...option.ends].sort((a, b) => a - b).join(","), onclick: () => actions.chooseEnd(option.end, option) },
        h("span", {}, `${at}`), h("span", { class: "worth" }, `ends ${option.total}: scores ${option.worth}`));
    }));
}

function keypad() {
  const worth = known() && pad.pick.option ? pad.pick.option.worth : null;
  // Focusable, so that typed digits and Enter go to the peg (see typePeg in pad.js).
  const display = h("output", { class: "peg-display", "aria-live": "polite", id: "peg", tabindex: "0", "aria-label": `Pegged: ${pad.pick.peg || "nothing yet"} (type the digits, Enter records)` }, pad.pick.peg === "" ? "–" : pad.pick.peg);
  const key = (label, value, name = null) => h("button", { type: "button", class: "key", "aria-label": name, onclick: () => { pad.pick.peg = value(pad.pick.peg); actions.render(); } }, label);
  const digit = (n) => key(String(n), (peg) => typeDigit(peg, String(n)));
  const keys = [1, 2, 3, 4, 5, 6, 7, 8, 9].map(digit);
  keys.push(key("Clear", () => ""), digit(0), key("⌫", deleteDigit, "Delete the last digit"));
  const send = h("button", { type: "button", class: "primary", id: "record", disabled: pad.pick.peg === "", onclick: actions.record }, "Record");
  const rules = worth === null ? h("p", { class: "hint" }, "Not connected: the server checks the peg when the move is sent.")
    : h("p", { class: "hint" }, `Rules give ${worth}. Enter what the player pegged.`);
  // The usual play is pegged as the rules give: one tap records it.
  const asGiven = worth === null ? null
    : h("button", { type: "button", class: "primary as-given", id: "record-worth", "data-peg": String(worth), onclick: actions.recordWorth }, `Pegs ${worth}`);
  return h("div", { class: "peg" }, h("div", { class: "peg-read" }, h("label", { for: "peg" }, "Pegged"), display, rules),
    asGiven, h("div", { class: "keypad" }, ...keys), send);
}

// A peg the rules disagree with, before it is sent: what the dry run says
// it will cost, and for a peg no play could score, the question whether it
// was really pegged (with no dry run, only that question).
function pegWarning() {
  const event = pad.pick.preview;
  const state = pad.table.state;
  const peg = Number(pad.pick.peg);
  const largest = beyondAnyPlay(peg, pad.table);
  const lines = [];
  if (largest !== null) lines.push(h("p", { class: "warning-title" }, `No play scores ${peg}: under these rules the most is ${largest}. Was ${peg} really pegged?`));
  if (event) {
    lines.push(h("p", { class: largest === null ? "warning-title" : null }, `Rules give ${event.worth}; you pegged ${event.peg}.`),
      h("p", {}, `${event.verdict === "over" ? "Over-peg" : "Under-peg"}: ${sideName(state, event.side)} will be credited ${event.points}.`),
      ...penaltyLines(state, event).map((line) => h("p", { class: "penalty" }, `Penalty: ${line}`)));
  } else {
    lines.push(h("p", {}, "If it was, it is an over-peg: the server records it with the over-peg penalty when it is sent."));
  }
  const change = () => { pad.pick.preview = null; pad.pick.doubt = false; pad.pick.peg = ""; pad.focusNext = "#peg"; actions.render(); };
  return h("div", { class: "alert warning", role: "alert", id: "peg-warning" }, ...lines,
    h("div", { class: "choices" },
      h("button", { type: "button", class: "primary", onclick: () => actions.sendMove(actions.move()) }, largest === null ? "Record as pegged" : `Yes: record ${peg} as pegged`),
      h("button", { type: "button", class: "choice change", onclick: change }, "Change the peg")));
}

function showStep() {
  const { state, held } = pad.table;
  const seats = held.map((count, seat) => ({ count, seat })).filter(({ count }) => count > 0);
  if (pad.showing.seat === null && seats.length) pad.showing.seat = seats[0].seat;
  const complete = seats.every(({ count, seat }) => (pad.showing.tiles[seat] || []).length === count);
  return h("div", { class: "showing" },
    h("p", { class: "step-title" }, `Hand ${state.hand + 1} is over. Tap the tiles each player turns face up.`),
    h("div", { class: "choices", role: "group", "aria-label": "Whose tiles" }, ...seats.map(({ count, seat }) =>
      h("button", { type: "button", class: "seat", "aria-pressed": String(seat === pad.showing.seat), onclick: () => { pad.showing.seat = seat; actions.render(); } },
        `${state.seats[seat]}: ${(pad.showing.tiles[seat] || []).length} of ${count}`))),
    h("div", { class: "choices" },
      h("button", { type: "button", class: "primary", id: "record-shown", disabled: !complete, onclick: actions.recordShown }, "Record the tiles shown"),
      h("button", { type: "button", class: "choice", onclick: () => { pad.showing.skipped = state.seq; actions.render(); } }, "Skip")));
}

export function renderTiles() {
  const node = byId("tiles");
  // While a tile is being entered, its step is all the scorer needs to see.
  if (!pad.table || pad.table.state.status === "won" || pad.pick.tile !== null) return node.replaceChildren();
  const queued = new Set(outbox.items.map((item) => item.body.tile).filter(Boolean));
  const onLine = new Set(pad.table.line.map((laid) => laid.tile));
  const upright = PHONE.matches;
  const buttons = pad.table.tiles.map((tile) => {
    const [a, b] = pips(tile.tile);
    const button = h("button", { type: "button", class: a >= 4 ? "tile-button folds" : "tile-button", "data-tile": tile.tile, style: gridPlace(a, b) }, tileSvg(a, b, { upright }));
    if (isShowing()) return showingTile(button, tile, onLine);
    const fits = tile.options.length > 0;
    button.hidden = tile.played || queued.has(tile.tile);
    button.disabled = known() && (pad.pick.mode === "misplay" ? fits : !fits);
    const worths = [...new Set(tile.options.map((o) => o.worth))];
    if (known() && fits && pad.pick.mode === "play") {
      button.append(h("span", { class: `badge${worths.some(Boolean) ? "" : " nil"}` }, worths.map((w) => `+${w}`).join(" / ")));
    }
    button.setAttribute("aria-label", `${tile.tile}${known() && fits ? `, scores ${worths.join(" or ")}` : ""}`);
    button.onclick = guarded(() => { roving = null; actions.tapTile(tile); });
    return button;
  });
  // Redrawn when the server answers: the keyboard stays on its tile (or
  // the first that can be tapped, when its own was just played).
  const had = node.contains(document.activeElement) ? document.activeElement.dataset.tile : null;
  node.replaceChildren(...buttons);
  if (had) roving = had;
  rove(node);
  if (had) node.querySelector('button[tabindex="0"]')?.focus();
}

// A tile's place: row by the smaller pip, column by the larger, a triangle.
// On a phone the triangle is folded (--fold-row, --fold-col: the rows of 4s,
// 5s and 6s fill the gap under the 0s), so that the 28 tiles take four rows
// and stand upright, big enough to read, with the scores still in sight.
function gridPlace(a, b) {
  const folded = a <= 3 ? [a + 1, b + 1] : [8 - a, b - a + 1];
  return `--row: ${a + 1}; --col: ${b + 1}; --fold-row: ${folded[0]}; --fold-col: ${folded[1]}`;
}

const PHONE = window.matchMedia("(max-width: 30rem)");
PHONE.addEventListener("change", guarded(() => actions.render()));

// The tiles are one stop for the Tab key (the actions after them are one
// Tab away, not 28) and the arrow keys move between them, a roving focus.
let roving = null; // the tile that keeps the Tab stop, by its name

function usable(node) {
  return [...node.querySelectorAll("button.tile-button")].filter((b) => !b.hidden && !b.disabled);
}

function rove(node) {
  const tiles = usable(node);
  const keeper = tiles.find((b) => b.dataset.tile === roving) ?? tiles[0];
  for (const button of node.querySelectorAll("button.tile-button")) button.tabIndex = button === keeper ? 0 : -1;
}

function centre(button) {
  const box = button.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

// The tile an arrow key leads to: along the order of the pips for left and
// right, the nearest in the row above or below for up and down.
function arrowTarget(tiles, from, key) {
  const at = tiles.indexOf(from);
  if (key === "ArrowRight") return tiles[at + 1];
  if (key === "ArrowLeft") return tiles[at - 1];
  if (key === "Home") return tiles[0];
  if (key === "End") return tiles[tiles.length - 1];
  const here = centre(from);
  const down = key === "ArrowDown";
  const rows = tiles.map((b) => ({ b, c: centre(b) })).filter(({ c }) => (down ? c.y > here.y + 4 : c.y < here.y - 4));
  if (!rows.length) return undefined;
  const rowY = down ? Math.min(...rows.map(({ c }) => c.y)) : Math.max(...rows.map(({ c }) => c.y));
  const row = rows.filter(({ c }) => Math.abs(c.y - rowY) < 4);
  return row.reduce((best, item) => (Math.abs(item.c.x - here.x) < Math.abs(best.c.x - here.x) ? item : best)).b;
}

byId("tiles").addEventListener("keydown", guarded((event) => {
  if (!["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown", "Home", "End"].includes(event.key)) return;
  const node = byId("tiles");
  const tiles = usable(node);
  const target = tiles.includes(event.target) ? arrowTarget(tiles, event.target, event.key) : tiles[0];
  event.preventDefault();
  if (!target) return;
  roving = target.dataset.tile;
  rove(node);
  target.focus();
}));

// "Skip to the tiles", or to the peg while one is being entered: past the
// site's links and the scores, to where the scorer works.
function renderSkip() {
  const skip = byId("skip");
  const peg = Boolean(byId("peg"));
  skip.textContent = peg ? "Skip to the peg" : "Skip to the tiles";
  skip.setAttribute("href", peg ? "#peg" : "#tiles");
}

byId("skip").addEventListener("click", guarded((event) => {
  const target = byId("peg") ?? byId("step").querySelector("button") ?? byId("tiles").querySelector('button[tabindex="0"]');
  if (!target) return;
  event.preventDefault();
  target.focus();
}));

function showingTile(button, tile, onLine) {
  const seat = pad.showing.seat;
  const mine = (pad.showing.tiles[seat] || []).includes(tile.tile);
  const others = Object.entries(pad.showing.tiles).some(([s, tiles]) => Number(s) !== seat && tiles.includes(tile.tile));
  button.hidden = onLine.has(tile.tile) || others;
  button.setAttribute("aria-pressed", String(mine));
  button.setAttribute("aria-label", `${tile.tile}${mine ? ", shown" : ""}`);
  button.onclick = guarded(() => {
    const tiles = pad.showing.tiles[seat] || [];
    pad.showing.tiles[seat] = mine ? tiles.filter((t) => t !== tile.tile) : [...tiles, tile.tile];
    actions.render();
  });
  return button;
}

export function renderActions() {
  const over = pad.table.state.status === "won";
  const busy = pad.pick.tile !== null || isShowing();
  byId("knock").disabled = over || busy || pad.pick.mode === "misplay";
  // Only rules with a boneyard draw; the engine says how many tiles are left.
  const draw = byId("draw");
  draw.hidden = pad.table.boneyard === 0;
  draw.disabled = over || busy || pad.pick.mode === "misplay";
  const misplay = byId("misplay");
  misplay.disabled = over || busy;
  misplay.setAttribute("aria-pressed", String(pad.pick.mode === "misplay"));
  misplay.textContent = pad.pick.mode === "misplay" ? "Cancel misplay" : "Misplay";
  byId("undo").disabled = pad.pick.tile !== null;
}
