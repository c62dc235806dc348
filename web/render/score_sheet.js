// The score sheet of a table game: one row per finished round (the view's `rounds`), one column
// per seat with the pips left in that seat's hand, the points it scored and its running total;
// the round's winner starred. View in, DOM out: the play screen, the round summary and a replay
// can all draw it.

import { h } from "./dom.js";

const plural = (/** @type {number} */ n, /** @type {string} */ word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * A <table> of the rounds of `view` (empty text when no round is over yet). name(seat) -> a seat's name.
 * @param {import("../engine_types.js").View} view
 * @param {(seat: number) => string} name
 */
export function scoreSheet(view, name) {
  const rounds = view.rounds ?? [];
  if (!rounds.length) return h("p", { class: "score-sheet-empty" }, "No round is over yet.");
  const seats = view.seats.map((_, i) => i);
  const head = h("tr", {}, h("th", { scope: "col" }, "Round"),
    ...seats.map((i) => h("th", { scope: "col", class: "num" }, h("span", { class: "sheet-name" }, name(i)))));
  const rows = rounds.map((round) => h("tr", { "data-round": String(round.round) },
    h("th", { scope: "row" }, String(round.round), round.reason === "blocked" ? h("span", { class: "sheet-note" }, " blocked") : null),
    ...seats.map((i) => {
      const won = round.winner === i;
      return h("td", { class: `num${won ? " sheet-winner" : ""}`, "data-seat": String(i),
        "aria-label": `${name(i)}: ${plural(round.pips[i], "pip")} left, ${won ? "won the round, " : ""}` +
          `${plural(round.points[i], "point")}, total ${round.scores[i]}` },
      h("span", { class: "sheet-total" }, String(round.scores[i])),
      h("span", { class: "sheet-detail" }, `${won ? "★ " : ""}${round.points[i] ? `+${round.points[i]}` : "0"} · ${plural(round.pips[i], "pip")}`));
    })));
  const last = /** @type {import("../engine_types.js").RoundSummary} */ (rounds.at(-1));
  const foot = h("tr", { class: "sheet-foot" }, h("th", { scope: "row" }, "Total"),
    ...seats.map((i) => h("td", { class: "num" }, String(view.scores?.[i] ?? last.scores[i]))));
  return showLatestRounds(h("div", { class: "score-sheet-scroll" },
    h("table", { class: "score-sheet", id: "score-sheet" },
      h("caption", {}, `Score sheet${view.target ? `: first to ${view.target} wins` : ""}`),
      h("thead", {}, head), h("tbody", {}, ...rows), h("tfoot", {}, foot))));
}

/** Each place a sheet is drawn in (its parent), with whether its sheet was in view when last measured. */
const shownIn = new WeakMap();

/**
 * `box` (the sheet's scroll box) scrolled to the latest rounds whenever it is drawn at a size: a long
 * game's sheet opens at its end, not at round 1. Only when its place opens outside a dialog (the
 * side panel's sheet unfolded) are the boxes around it scrolled to its total row too: a sheet redrawn
 * in a place already in view (a move made with the side panel's sheet open) never moves the page,
 * and a dialog opens at its headline (style.css gives its sheet the height its words leave).
 * @param {HTMLElement} box
 */
function showLatestRounds(box) {
  const sized = new ResizeObserver(() => {
    const place = box.parentElement;
    if (!box.isConnected || !place) return sized.disconnect();
    const shown = box.clientHeight > 0;
    const head = stickyHeading(box);
    if (head) keepRoundsInView(box, head);
    if (shown) fittedToPlace(place); // (first: the sheet scrolled and its rows whole at the height it keeps)
    if (shown) box.scrollTop = box.scrollHeight;
    if (shown && head) rowsWholeUnderHeading(box, head);
    if (shown && !shownIn.get(place) && !place.closest("dialog")) box.querySelector("tfoot tr")?.scrollIntoView({ block: "nearest", inline: "nearest" });
    shownIn.set(place, shown);
  });
  sized.observe(box);
  return box;
}

/**
 * The sheet's heading where it stays in view as the sheet scrolls (the round summary's: style.css), the
 * sheet's box at the height its place gives it again (rowsWholeUnderHeading shortens it, for the size it
 * measured); else null.
 * @param {HTMLElement} box the sheet's scroll box
 */
function stickyHeading(box) {
  const head = box.querySelector("thead");
  if (!head?.rows[0] || getComputedStyle(head).position !== "sticky") return null;
  box.style.removeProperty("max-height");
  return head;
}

/**
 * A sheet that scrolls under its sticky heading is given the least height of its place, in
 * `--sheet-least` (style.css): its title, heading, total row and its last round, so a short screen's
 * dialog scrolls instead of squeezing every round out of the sheet (held sideways at 740x340 it showed
 * its heading and total row only, the rounds a scroll away under them). Beside the round's table (held
 * sideways), as far down as the table at least: the dialog's rows beside it grew for the sheet only, and
 * the table's last rows ran under the buttons, out of reach (Ivo's at 740x340). Measured at each size.
 * @param {HTMLElement} box the sheet's scroll box
 * @param {HTMLTableSectionElement} head its sticky heading, at its own height
 */
function keepRoundsInView(box, head) {
  const place = box.parentElement;
  if (!place) return;
  const height = (/** @type {Element | null | undefined} */ e) => e?.getBoundingClientRect().height ?? 0;
  const own = [place.querySelector(":scope > summary"), head, box.querySelector("tbody tr:last-child"), box.querySelector("tfoot")]
    .reduce((sum, part) => sum + height(part), 0);
  const [at, table] = [place.getBoundingClientRect(), place.parentElement?.querySelector(":scope > .summary-scroll")?.getBoundingClientRect()];
  const least = Math.max(own, table && table.left >= at.right ? table.bottom - at.top : 0);
  if (least > 0) place.style.setProperty("--sheet-least", `${Math.ceil(least)}px`);
}

/**
 * A sheet scrolled to its latest rounds under its sticky heading shows whole rows only: its box is made
 * shorter by the part of a row the heading would leave in view (its lower half, read as garbled figures),
 * the heading kept at its own height (made taller, it showed a blank band above its names), the height
 * freed left to the dialog.
 * @param {HTMLElement} box the sheet's scroll box, scrolled to its end, at the height its place gives it
 * @param {HTMLTableSectionElement} head its sticky heading
 */
function rowsWholeUnderHeading(box, head) {
  const bottom = head.getBoundingClientRect().bottom;
  const cut = [...box.querySelectorAll("tbody tr")].map((r) => r.getBoundingClientRect())
    .find((r) => r.top < bottom - 1 && r.bottom > bottom + 1); // (under a pixel of a row above is none)
  if (box.scrollHeight <= box.clientHeight + 1 || !cut) return;
  box.style.maxHeight = `${box.getBoundingClientRect().height - (cut.bottom - bottom)}px`;
  box.scrollTop = box.scrollHeight;
}

/**
 * A dialog's sheet is whole, its place as tall as it (style.css, held sideways), unless the dialog would
 * scroll: then its place is squeezed (`.squeezed`), the sheet scrolling within the height the dialog
 * leaves it. (With the sheet's row always flexible, WebKit gave it all the height the dialog could take,
 * however short the sheet: a blank band under it, 84 px under two rounds at 844x390; and at a new window
 * height it sized such a dialog by its margins at the height before, the sheet scrolling in a dialog
 * shorter than the window left it.)
 * @param {HTMLElement} place the sheet's place (the <details> around it)
 */
function squeezedWhereDialogScrolls(place) {
  const dialog = place.closest("dialog");
  if (dialog && dialog.scrollHeight > dialog.clientHeight + 1) place.classList.add("squeezed");
}

/**
 * The sheet's place squeezed where its dialog would scroll, and the sheet kept within its place: a sheet
 * running past it is given the place's height. Firefox before 143 (ESR 140) has no `::details-content`, so a
 * <details>' content does not shrink with it: ten players' game end ran its total row under the dialog's
 * buttons (held sideways at 844x390; upright at 390x844 half of it; a six-player one at 1280x800).
 * @param {HTMLElement} place the sheet's place (the <details> around it)
 */
function fittedToPlace(place) {
  squeezedWhereDialogScrolls(place);
  const box = place.querySelector(".score-sheet-scroll");
  if (!(box instanceof HTMLElement)) return;
  const [room, sheet] = [place.getBoundingClientRect(), box.getBoundingClientRect()];
  if (sheet.bottom > room.bottom + 1) box.style.maxHeight = `${Math.max(0, room.bottom - sheet.top)}px`;
}

/**
 * The sheets in `root` measured again at a new window size (the frame's dialogs call it as the window
 * changes size): a box shortened to whole rows (rowsWholeUnderHeading) would not grow with its place at
 * that height, nor its observer be told (a phone's browser bars put away); at its full height it is.
 * Each sheet whole again, then fitted to its place (fittedToPlace).
 * @param {ParentNode} root
 */
export function sheetsFitAgain(root) {
  for (const box of root.querySelectorAll(".score-sheet-scroll")) {
    if (box instanceof HTMLElement) box.style.removeProperty("max-height");
    box.parentElement?.classList.remove("squeezed");
  }
  for (const place of root.querySelectorAll(".sheet-box")) {
    if (place instanceof HTMLElement) fittedToPlace(place);
  }
}
