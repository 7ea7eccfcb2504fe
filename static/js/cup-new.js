// The new cup form: only the settings that apply to who enters are shown.
// Two legs, the tie-breaks and a deciding match are a team cup's; a
// handicap a singles or pairs cup's; pairs of one team a pairs cup's. The
// server refuses them for the other kinds all the same, so without this
// script the form still works.
const kind = document.getElementById("id_kind");

function fieldOf(name) {
  const input = document.querySelector(`[name="${name}"]`);
  return input ? input.closest(".field") : null;
}

function shown() {
  const value = kind.value;
  const only = { legs: "team", tie_break: "team", level: "team", pairs_one_team: "pairs" };
  for (const [name, wanted] of Object.entries(only)) {
    const field = fieldOf(name);
    if (field) field.hidden = value !== wanted;
  }
  const handicap = fieldOf("handicap");
  if (handicap) handicap.hidden = value === "team";
  if (value !== "team") {
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
