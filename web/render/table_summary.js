// The table games' round summary (the dialog at a round's end and the game's end: each hand
// left, the round's score in words, the running totals) and the log lines of a new round.

import { tileSvg } from "./tiles.js";
import { h, mediaHolds } from "./dom.js";
import { scoreSheet } from "./score_sheet.js";

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").RoundSummary} RoundSummary */
/** @typedef {import("../engine_types.js").TableRound} TableRound */

const SIDEWAYS = "(max-height: 560px) and (orientation: landscape)"; // a phone held sideways (style.css)
const NARROW = "(max-width: 560px)"; // a phone held upright (style.css)
/** A player's row of upright tiles, and the rest of the dialog (title, words, buttons, a score sheet at its least), in px. */
const UPRIGHT_ROW_PX = 52;
const DIALOG_REST_PX = 360;
/** A window too short for `seats` rows of upright tiles and the rest of the dialog (a laptop's, ten players). */
const tooShortFor = (/** @type {number} */ seats) => `(max-height: ${seats * UPRIGHT_ROW_PX + DIALOG_REST_PX}px)`;
/** From this many players, a phone held upright or such a window lies the hands' tiles down too: short rows. */
const COMPACT_SEATS = 5;
const plural = (/** @type {number} */ n, /** @type {string} */ word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * A round's score in words: "31 + 40 = 71 points." as it is summed; where each hand counts less
 * the winner's own pips, "70 points: Ben 76 - 6 = 70, Cleo 6 - 6 = 0." (each term by its seat).
 * @param {import("../engine_types.js").RoundScore} score
 * @param {(seat: number) => string} name
 */
function scoreWords(score, name) {
  const terms = score.terms ?? [];
  if (!terms.some((t) => t.minus !== null && t.minus !== undefined)) {
    return [h("strong", {}, score.text), " points."];
  }
  // each term one piece on its line ("Finn 35 - 21 = 14" broke after its "-")
  const term = (/** @type {string} */ text) => h("span", { class: "term" }, text);
  const parts = terms.map((t) => term(`${name(t.seat)} ${t.minus === null ? t.pips : `${t.pips} - ${t.minus} = ${t.value}`}`));
  const less = score.less === null || score.less === undefined ? [] : [", then ", term(`${score.sum} - ${score.less} = ${score.total}`)];
  return [h("strong", {}, String(score.total)), " points: ", ...parts.flatMap((part, i) => (i ? [", ", part] : [part])), ...less, "."];
}

/**
 * Held sideways, where each hand counts less the winner's own pips: the words say so once
 * ("171 points: the others' pips less Dev's 21 each.") and the table's "Less 21" column gives
 * each hand's count, so the sum takes a line or two beside the table (written out term by
 * term it ran four). Null where the terms are not all less the same pips.
 * @param {import("../engine_types.js").RoundScore} score
 * @param {string} winner the winner's name
 */
function scoreLess(score, winner) {
  const minus = new Set((score.terms ?? []).map((t) => t.minus));
  const [less] = minus;
  if (minus.size !== 1 || less === null || less === undefined) return null;
  const whose = winner === "You" ? "your" : `${winner}'s`;
  const then = score.less === null || score.less === undefined ? "" : `, then ${score.sum} - ${score.less} = ${score.total}`;
  return { less, counts: new Map(score.terms.map((t) => [t.seat, t.value])),
    words: [h("strong", {}, String(score.total)), ` points: the others' pips less ${whose} ${less} each${then}.`] };
}

/**
 * The round summary's body for a renderer's context: roundSummary(view, last) -> nodes.
 * @param {import("../play/renderer_contract.js").RendererContext} ctl
 */
export function roundSummaryOf(ctl) {
  /**
   * The summary's parts, as the screen's shape has them (the frame draws an open dialog's body again
   * when the window changes size: frame_dialogs.js).
   * @param {View} view @param {RoundSummary | null | undefined} last
   */
  function roundSummary(view, last) {
    if (!last) return [];
    // a phone held sideways, or many players on a phone upright or in a window too short for their
    // upright tiles: the hands' tiles lie down, so every player's row is short (style.css: .compact)
    const sideways = mediaHolds(SIDEWAYS);
    const hands = /** @type {[number, number][][]} */ (last.hands);
    const compact = !sideways && hands.length >= COMPACT_SEATS && (mediaHolds(NARROW) || mediaHolds(tooShortFor(hands.length)));
    const winner = last.winner ?? null;
    const name = winner === null ? null : ctl.name(winner);
    const score = /** @type {import("../engine_types.js").RoundScore} */ (last.score);
    const less = sideways && name !== null && score ? scoreLess(score, name) : null;
    const rows = hands.map((tiles, i) => h("tr", { class: i === last.winner ? "winner" : "" },
      h("th", { scope: "row" }, ctl.name(i)),
      h("td", { class: "summary-hand" }, tiles.length
        ? h("span", { class: "mini-tiles" }, ...tiles.map(([a, b]) => h("span", { class: "mini-tile", title: `${a}-${b}` },
          tileSvg(`${a}-${b}`, { vertical: !sideways && !compact }))))
        : "out"),
      h("td", { class: "num" }, String(last.pips[i])),
      less ? h("td", { class: "num summary-count" }, String(less.counts.get(i) ?? "")) : null,
      h("td", { class: "num" }, last.points[i] ? `+${last.points[i]}` : "0"),
      h("td", { class: "num" }, String(last.scores[i]))));
    return [
      h("p", { class: "summary-headline" }, roundHeadline(last, ctl.name)),
      winner === null ? null : h("p", { class: "arithmetic", id: "summary-arithmetic", "data-key": "round-score" },
        `${name} ${name === "You" ? "score" : "scores"} `, ...(less?.words ?? scoreWords(score, ctl.name))),
      h("div", { class: "summary-scroll" }, h("table", { class: `summary-table${compact ? " compact" : ""}` },
        h("thead", {}, h("tr", {}, h("th", {}, "Player"), h("th", {}, "Tiles left"), h("th", { class: "num" }, "Pips"),
          less ? h("th", { class: "num summary-count" }, `Less ${less.less}`) : null,
          h("th", { class: "num" }, "Round"), h("th", { class: "num" }, "Total"))),
        h("tbody", {}, ...rows))),
      view.target ? h("p", { class: "target" }, `First to ${view.target} wins.`) : null,
      (view.rounds ?? []).length > 1 ? h("details", { class: "sheet-box", open: "" }, h("summary", {}, "Score sheet, every round"),
        scoreSheet(view, ctl.name)) : null,
    ].filter((node) => node !== null);
  }

  return roundSummary;
}

/**
 * How a round ended, in the engine's words after the winner's name ("You went out.").
 * @param {RoundSummary} last
 * @param {(seat: number) => string} name
 */
function roundHeadline(last, name) {
  const { label, you } = last.headline;
  const who = last.winner === null || last.winner === undefined ? null : name(last.winner);
  return who === null ? label : who === "You" ? `You ${you}` : `${who} ${label}`;
}

/**
 * A round's end told in short: how it ended and what its winner scores ("Finn went out. Finn
 * scores 143 points."), for the turn banner while the round's summary is closed.
 * @param {RoundSummary} last
 * @param {(seat: number) => string} name
 */
export function roundStory(last, name) {
  const headline = roundHeadline(last, name);
  if (last.winner === null || last.winner === undefined || !last.score) return headline;
  const who = name(last.winner);
  return `${headline} ${who} ${who === "You" ? "score" : "scores"} ${plural(last.score.total, "point")}.`;
}

/** The log lines of a new round: who leads with what (the leader's last action). */
/**
 * @param {View} view
 * @param {View | null} before
 * @param {(seat: number) => string} name
 * @returns {import("../play/renderer_contract.js").RoundLine[]}
 */
export function roundLines(view, before, name) {
  /** @type {TableRound | undefined} */
  const round = view.round;
  if (!round || round.number === before?.round?.number) return [];
  const leader = name(round.leader);
  const redeal = round.redeals ? ` after ${plural(round.redeals, "redeal")}` : "";
  const drew = round.lead_draws?.some((n) => n > 0)
    ? ` (${round.lead_draws.map((n, i) => (n ? `${name(i)} drew ${n}` : "")).filter(Boolean).join(", ")} looking for it)` : "";
  return [{ text: `Round ${round.number}: ${leader} ${leader === "You" ? "lead" : "leads"} with ${round.lead_tile}${redeal}${drew}.`,
    seat: round.leader, action: `led ${round.lead_tile}` }];
}
