// The captain's card's check of a game's final scores as they are typed:
// the same words the server uses when it refuses them
// (league.services.match_games.final_score_winner). A convenience only:
// the card is sent whatever this says, and the server judges it.

// What is wrong with `home`-`away` as the final score of a game to
// `target` (won on exactly `target` when `exact`), or "" when nothing is.
// A box left empty is not judged yet.
export function scoreProblem(home, away, target, exact) {
  if (home === "" || away === "") return "";
  const [h, a] = [Number(home), Number(away)];
  if (!Number.isInteger(h) || !Number.isInteger(a)) return "a score is a whole number";
  const score = `${h}-${a}`;
  const [high, low] = [Math.max(h, a), Math.min(h, a)];
  if (low < 0) return `${score}: a final score is not below 0`;
  if (high === low) return `${score}: a game of Fives and Threes always has a winner`;
  if (exact && high !== target) return `${score}: a game to ${target} is won on exactly ${target}`;
  if (high < target) return `${score}: nobody has reached ${target}`;
  if (low >= target) return `${score}: the game ended when the first side reached ${target}`;
  return "";
}

// The message when only one of a game's boxes is filled in, once the
// scorer has left them.
export function halfProblem(home, away) {
  return (home === "") !== (away === "") ? "enter both final scores from the card" : "";
}
