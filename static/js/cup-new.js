// The new cup form: only the settings that apply to who enters are shown.
// Two legs, the tie-breaks and a deciding match are for a cup whose ties
// are legs; a handicap for one whose ties are games; pairs of one team for
// one whose sides are pairs. What each kind of cup is comes from the page
// (league/competition_kinds.py). The server refuses the rest all the same,
// so without this script the form still works.
const kind = document.getElementById("id_kind");
const table = document.getElementById("cup-kinds");
const kinds = table ? JSON.parse(table.textContent) : {};

function fieldOf(name) {
  const input = document.querySelector(`[name="${name}"]`);
  return input ? input.closest(".field") : null;
}

function shown() {
  const rules = kinds[kind.value];
  if (!rules) return;
  const only = { legs: rules.legs, tie_break: rules.legs, level: rules.legs, handicap: rules.games,
                 pairs_one_team: rules.partners };
  for (const [name, applies] of Object.entries(only)) {
    const field = fieldOf(name);
    if (field) field.hidden = !applies;
  }
  if (!rules.legs) {
    const one = document.querySelector('[name="legs"][value="1"]');
    if (one) one.checked = true;
    const level = document.querySelector('[name="level"]');
    if (level) level.value = "replay";
  }
}

if (kind) {
  kind.addEventListener("change", shown);
  shown();
}
