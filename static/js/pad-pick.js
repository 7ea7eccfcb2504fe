// A move being entered, kept true to the game it will be applied to. What
// the scorer tapped (the tile, the end they named, the peg) is theirs; what
// the pad worked out from a table (the way the tile goes, what it scores, a
// wrong peg's warning) belongs to that table, and is worked out again when
// the table changes under the pick: when the last move's answer arrives,
// the table catches up, or the connection drops. Pure functions: pad.js
// calls them.

// The most any one play scores under the game's rules, when `peg` is more
// than that; otherwise null. Such a peg is an over-peg like any other (the
// engine penalises it), but far more often a slip of the finger: the pad
// asks the scorer to confirm it before it is sent. The rules never change
// in a game, so any table of it answers, known or not.
export function beyondAnyPlay(peg, table) {
  const largest = table?.largest_peg;
  return Number.isInteger(largest) && Number.isInteger(peg) && peg > largest ? largest : null;
}

// With the table known, the end is asked only when it changes the result:
// otherwise the engine places the tile.
export function settleEnd(pick, tile) {
  if (tile.options.length === 1 || !tile.ask_end) return { ...pick, tile, option: tile.options[0], end: null };
  return { ...pick, tile, option: null, end: undefined };
}

// The pick worked out again for `table` (named `basis`; `known`: whether it
// is the game the move will be applied to). Answers { pick, lost }: `lost`
// says why the tile can no longer be played (the pick is then dropped).
export function rebase(pick, table, basis, known) {
  if (pick.basis === basis) return { pick, lost: null };
  const moved = { ...pick, basis, preview: null };
  if (!pick.tile || pick.mode === "misplay" || !table) return { pick: moved, lost: null };
  const tile = table.tiles.find((t) => t.tile === pick.tile.tile) ?? pick.tile;
  if (!known) return { pick: { ...moved, tile, option: null }, lost: null };
  if (tile.played || !tile.options.length) {
    return { pick: null, lost: `${tile.tile} ${tile.played ? "has been played" : "fits neither end"} now: tap the tile played.` };
  }
  if (pick.end === undefined || pick.end === null) return { pick: settleEnd(moved, tile), lost: null };
  const option = tile.options.find((o) => o.end === pick.end);
  // The end named no longer takes the tile: ask again, with the ends as they are.
  return { pick: option ? { ...moved, tile, option } : { ...moved, tile, option: null, end: undefined }, lost: null };
}
