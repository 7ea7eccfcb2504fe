// Drawing for the pad and the scoreboard: domino tiles and the cribbage-style
// board, as SVG built in the page (no images to fetch, so they draw offline).
const SVG = "http://www.w3.org/2000/svg";

// Pip centres on a 3x3 grid (0..2), for each number of pips.
const PIPS = {
  0: [], 1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]], 5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
};

export const SIDE_COLOURS = ["#b3261e", "#1f4e9c", "#2e6b30", "#6a1b9a"];

function el(name, attrs = {}) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

function titled(text) {
  const title = el("title");
  title.textContent = text;
  return title;
}

function half(svg, pips, x, y) {
  for (const [col, row] of PIPS[pips]) {
    svg.append(el("circle", { cx: x + 10 + col * 10, cy: y + 10 + row * 10, r: 3.4, class: "pip" }));
  }
}

// One tile, `a` on the left (or top, when upright), drawn 80x40 or 40x80.
export function tileSvg(a, b, { upright = false, label = `${a}-${b}` } = {}) {
  const [w, h] = upright ? [40, 80] : [80, 40];
  const svg = el("svg", { viewBox: `0 0 ${w} ${h}`, class: upright ? "tile upright" : "tile", role: "img" });
  svg.append(titled(label));
  svg.append(el("rect", { x: 1, y: 1, width: w - 2, height: h - 2, rx: 6, class: "face" }));
  if (upright) {
    svg.append(el("line", { x1: 6, y1: 40, x2: 34, y2: 40, class: "bar" }));
    half(svg, a, 0, 0);
    half(svg, b, 0, 40);
  } else {
    svg.append(el("line", { x1: 40, y1: 6, x2: 40, y2: 34, class: "bar" }));
    half(svg, a, 0, 0);
    half(svg, b, 40, 0);
  }
  return svg;
}

// Holes in lanes, one track per side, with a front peg at the score and a
// back peg where the side stood before its last score, as on a crib board.
export function cribBoard({ scores, before, target, names }) {
  const perLane = target <= 40 ? target + 1 : target <= 121 ? 31 : 63;
  const lanes = Math.ceil((target + 1) / perLane);
  const gap = 12, laneHeight = 16, trackGap = 10, left = 8;
  const trackHeight = lanes * laneHeight;
  const width = left * 2 + perLane * gap;
  const height = scores.length * (trackHeight + trackGap);
  const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, class: "crib", role: "img" });
  const where = (n) => ({
    x: left + (n % perLane) * gap + gap / 2,
    y: Math.floor(n / perLane) * laneHeight + laneHeight / 2,
  });
  svg.append(titled(scores.map((s, i) => `${names[i]} ${s}`).join(", ") + ` of ${target}`));
  scores.forEach((score, side) => {
    const top = side * (trackHeight + trackGap);
    const track = el("g", { transform: `translate(0 ${top})` });
    track.append(el("rect", { x: 0, y: 0, width, height: trackHeight, rx: 6, class: "track" }));
    for (let n = 0; n <= target; n++) {
      const { x, y } = where(n);
      track.append(el("circle", { cx: x, cy: y, r: n % 5 === 0 ? 2.6 : 1.8, class: "hole" }));
    }
    const back = before?.[side];
    if (back !== undefined && back !== score) {
      const { x, y } = where(Math.min(Math.max(back, 0), target));
      track.append(el("circle", { cx: x, cy: y, r: 4.5, fill: "none", stroke: SIDE_COLOURS[side], "stroke-width": 2 }));
    }
    const { x, y } = where(Math.min(Math.max(score, 0), target));
    track.append(el("circle", { cx: x, cy: y, r: 5.5, fill: SIDE_COLOURS[side], class: "peg" }));
    svg.append(track);
  });
  return svg;
}

// The line of a hand as it lies: doubles crosswise.
export function lineNode(line) {
  const row = document.createElement("div");
  row.className = "line-tiles";
  for (const laid of line) {
    const [a, b] = laid.faces;
    const tile = tileSvg(a, b, { upright: laid.double, label: `${a}-${b}` });
    row.append(tile);
  }
  return row;
}
