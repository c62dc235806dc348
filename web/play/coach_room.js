// The room the coach's board has on a phone held upright: the screen's body less the coach's
// control lines above the board at its opening (the head, the replay's bar, "Review my moves" beside
// "Move N of M", the move; a line the layout puts under the board does not count). Measured, not counted: a button line is 44 px by
// touch and less with a mouse, and the move's words or a wider screen change the lines. The
// review's lines that come above the board later do not count (a key moment picked scrolls the
// board into view under its toggle, so the room stays the opening's). style.css sizes the board
// from it (--coach-room) only on a phone held upright.

/**
 * The height `lines` take above `board`, each the tallest of its visible boxes there (a line's boxes
 * side by side at the opening), with the gap after it; a line with nothing shown there takes none.
 * @param {HTMLElement[][]} lines
 * @param {HTMLElement} board
 * @param {number} gap
 */
function linesHeight(lines, board, gap) {
  const top = board.getBoundingClientRect().top;
  const above = (/** @type {DOMRect} */ box) => (box.bottom <= top + 0.5 ? box.height : 0);
  const heights = lines.map((line) => Math.max(0, ...line.map((element) => above(element.getBoundingClientRect()))));
  return heights.filter((height) => height > 0).reduce((sum, height) => sum + height + gap, 0);
}

/**
 * Keep the coach's --coach-room the height its `board` has under `controls` in the screen's body
 * (the coach's parent, which scrolls), measured again whenever the body or a control changes size.
 * @param {HTMLElement} coach
 * @param {HTMLElement} board
 * @param {HTMLElement[][]} controls the lines above the board at the coach's opening, each its boxes
 * @returns {() => void} stops measuring
 */
export function keepBoardRoom(coach, board, controls) {
  /** @type {Element | null} */
  let watched = null;
  let stopped = false;
  const measure = () => {
    const body = coach.parentElement;
    if (stopped || !body) return;
    if (body !== watched) watch.observe((watched = body));
    const style = getComputedStyle(coach);
    // what is above the coach's first line in the body's scrolled content: its edges, the coach's own
    const above = coach.getBoundingClientRect().top - body.getBoundingClientRect().top - body.clientTop + body.scrollTop
      + parseFloat(style.paddingTop);
    const room = body.clientHeight - Math.max(0, above) - linesHeight(controls, board, parseFloat(style.rowGap) || 0);
    coach.style.setProperty("--coach-room", `${Math.floor(room)}px`);
  };
  // measured in the next frame, not while the observer delivers (a board sized anew is a change due in the same frame)
  const watch = new ResizeObserver(() => requestAnimationFrame(measure));
  for (const element of [coach, ...controls.flat()]) watch.observe(element);
  return () => {
    stopped = true;
    watch.disconnect();
  };
}
