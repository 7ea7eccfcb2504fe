// Checks each game of the captain's card as it is typed, and says what is
// wrong beside the game's boxes (static/js/card-check.js has the rules).
// Nothing here stops the card being sent: the server is the judge, and
// says the same beside the same boxes if it is sent as it is.
import { halfProblem, scoreProblem } from "./card-check.js";

function check(game, leaving) {
  const [home, away] = game.querySelectorAll("input[data-target]");
  const said = game.querySelector(".check");
  if (!home || !away || !said) return;
  const target = Number(home.dataset.target);
  const exact = home.dataset.exact === "true";
  const problem = scoreProblem(home.value.trim(), away.value.trim(), target, exact)
    || (leaving ? halfProblem(home.value.trim(), away.value.trim()) : "");
  said.textContent = problem ? `Check this score: ${problem}.` : "";
  for (const box of [home, away]) {
    if (problem) box.setAttribute("aria-invalid", "true");
    else if (!game.classList.contains("refused")) box.removeAttribute("aria-invalid");
  }
}

for (const game of document.querySelectorAll(".card-game")) {
  game.addEventListener("input", () => {
    game.classList.remove("refused");
    check(game, false);
  });
  game.addEventListener("focusout", (event) => {
    if (!game.contains(event.relatedTarget)) check(game, true);
  });
}

// A card the server sent back: the keyboard (and the screen) goes to what
// it refused, which may be a rubber far down a phone's page.
document.querySelector(".card-sheet #refusal, .card-game.refused input, .card-rubber .refusal")?.focus();
