// A game's scoring chances one move at a time: ← and → (or the buttons)
// step back and forward, the line is drawn as on the pad, and the address
// follows the move (#move-N) so it can be sent to an appeals committee.
// Without this script the page lists every move.
import { guarded } from "./broken.js";
import { lineNode } from "./tiles.js";

const steps = [...document.querySelectorAll("#steps > .step")];
const lines = JSON.parse(document.getElementById("analysis-lines")?.textContent || "[]");
const back = document.getElementById("step-back");
const forward = document.getElementById("step-forward");
const where = document.getElementById("step-where");
let current = 0;

function fromAddress() {
  const hash = /^#move-(\d+)$/.exec(window.location.hash);
  const asked = hash ? hash[1] : new URLSearchParams(window.location.search).get("move")
    || document.getElementById("analysis").dataset.chosen;
  const number = Number.parseInt(asked || "1", 10);
  return Number.isInteger(number) && number >= 1 && number <= steps.length ? number - 1 : 0;
}

function show(index, { record = true } = {}) {
  current = Math.max(0, Math.min(index, steps.length - 1));
  steps.forEach((step, i) => step.classList.toggle("current", i === current));
  const step = steps[current];
  const drawn = step.querySelector(".analysis-line");
  if (!drawn.firstChild) drawn.append(lineNode(lines[current]));
  back.disabled = current === 0;
  forward.disabled = current === steps.length - 1;
  where.textContent = `Move ${current + 1} of ${steps.length}`;
  if (record) history.replaceState(null, "", `#move-${current + 1}`);
}

function onKey(event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest("input, textarea, select")) return;
  if (event.key === "ArrowLeft") show(current - 1);
  else if (event.key === "ArrowRight") show(current + 1);
  else return;
  event.preventDefault();
}

if (steps.length) {
  document.getElementById("analysis").classList.add("stepping");
  document.getElementById("stepper").hidden = false;
  document.getElementById("stepper-hint").hidden = false;
  back.addEventListener("click", guarded(() => show(current - 1)));
  forward.addEventListener("click", guarded(() => show(current + 1)));
  document.addEventListener("keydown", guarded(onKey));
  window.addEventListener("hashchange", guarded(() => show(fromAddress(), { record: false })));
  show(fromAddress(), { record: false });
}
