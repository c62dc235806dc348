// The status line keeps the tallest height it has had in a round at one window size, so that a status a
// line shorter does not move the board: The Big Clock's, two lines on a phone upright while a double is in
// trouble and one while the drawn tile waits, moved the board 21 px up at each draw and down again at
// each placing. A new round or game, or a new window size, measures it afresh.

/**
 * Keep `line` at its tallest (min-height) until told of another round, or the window changes size.
 * @param {HTMLElement} line the status line
 * @returns {{round: (key: string) => void, detach: () => void}} round: told the round on screen at each drawing
 *   (its game's and its own); detach: the screen goes away
 */
export function keepTallest(line) {
  let tallest = 0;
  let shown = "";
  const observer = new ResizeObserver(([entry]) => {
    const height = entry.borderBoxSize[0]?.blockSize ?? 0;
    if (height > tallest + 0.5) { // (as tall as it is: its size does not change, nothing is observed again)
      tallest = height;
      line.style.minHeight = `${height}px`;
    }
  });
  const afresh = () => {
    tallest = 0;
    line.style.removeProperty("min-height");
    observer.unobserve(line); // (observed anew: told its height even where that stays the same)
    observer.observe(line);
  };
  let size = `${innerWidth}x${innerHeight}`;
  const resized = () => { // (a phone's browser sends "resize" as its bars come and go: only a new size counts)
    const now = `${innerWidth}x${innerHeight}`;
    if (now === size) return;
    size = now;
    afresh();
  };
  observer.observe(line);
  addEventListener("resize", resized);
  return {
    round(key) {
      if (key === shown) return;
      shown = key;
      afresh();
    },
    detach() {
      observer.disconnect();
      removeEventListener("resize", resized);
    },
  };
}
