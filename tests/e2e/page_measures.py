"""What several test files measure in the page, as functions for `page.evaluate`: a drawn tile's
flight from the stock sampled frame by frame (DRAWN_TILE_FLIGHT), an open summary dialog's fit
(SUMMARY_PROBLEMS), its rows in view (ROWS_IN_VIEW), its round's words (HEADLINE_IN_VIEW) and its
score sheet's last round (LAST_ROW_IN_VIEW), its rows' edges (ROWS_CUT) and the blank over its heading's
names (HEADING_GAP), its score sheet against its place (SHEET_FIT), its title and buttons
on top as it scrolls (COVERED_PARTS), the lines cut at their edges (EDGE_LINES), its buttons' rows and
the lines each hand's tiles take (ROWS_AND_LINES), Luzon's board on an upright phone (LUZON_UPRIGHT), and
the toolbar's lines (TOOLBAR_ROWS)."""

# Sample, every animation frame, the ghost in flight and the drawn tile's opacity, until `ms` after
# the draw is on screen (a ghost or the drawn tile: however long the engine took to answer), for at
# most `limit` ms in all. The ghost of the tile drawn, not the stock's (the stock pile itself may
# shift a little as it shrinks: each ghost names what it is a copy of in data-ghost).
DRAWN_TILE_FLIGHT = """(ms, limit = 10_000) => new Promise((resolve) => {
  const frames = [];
  const start = performance.now();
  let shown = null;
  const tick = () => {
    const now = performance.now();
    const ghost = document.querySelector(".motion-ghost:not([data-ghost=stock])");
    const drawn = document.querySelector("#board .bc-drawn[data-slot=drawn]");
    const g = ghost?.getBoundingClientRect();
    frames.push({ t: now - start, ghost: g ? [g.left + g.width / 2, g.top + g.height / 2] : null,
      ghosts: document.querySelectorAll(".motion-ghost").length,
      opacity: drawn ? Number(getComputedStyle(drawn).opacity) : null });
    if (shown === null && (ghost || drawn)) shown = now;
    if ((shown === null || now - shown < ms) && now - start < limit) requestAnimationFrame(tick); else resolve(frames);
  };
  requestAnimationFrame(tick);
})"""

SUMMARY_PROBLEMS = """() => {
  const problems = [];
  const dialog = document.querySelector('dialog[open]');
  if (!dialog) return ['no dialog open'];
  const d = dialog.getBoundingClientRect();
  const within = (r, box) => r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 &&
    r.bottom <= box.bottom + 0.5;
  const screen = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
  if (!within(d, screen)) problems.push(`the dialog is off the screen: ${JSON.stringify(d)}`);
  const seen = {left: d.left + dialog.clientLeft, top: d.top + dialog.clientTop};
  seen.right = seen.left + dialog.clientWidth;
  seen.bottom = seen.top + dialog.clientHeight;
  for (const el of [dialog.querySelector('h2'), ...dialog.querySelectorAll('.actions button')]) {
    const r = el.getBoundingClientRect();
    if (!within(r, seen) || !within(r, screen))
      problems.push(`${el.tagName} "${el.textContent}" is not wholly in view`);
  }
  for (const sheet of dialog.querySelectorAll('.score-sheet')) {
    const box = sheet.parentElement.getBoundingClientRect();
    for (const th of sheet.querySelectorAll('thead th')) {
      const r = th.getBoundingClientRect();
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.right > d.right + 0.5)
        problems.push(`the score sheet's column "${th.textContent}" is cut`);
    }
  }
  return problems;
}"""

# (the buttons beside the table, held sideways, leave it the dialog's height)
ROWS_IN_VIEW = """() => {
  const dialog = document.querySelector('#round-summary');
  const top = dialog.querySelector(':scope > h2').getBoundingClientRect().bottom;
  const [bar, table] = [dialog.querySelector(':scope > .actions'), dialog.querySelector('.summary-table')]
    .map((e) => e.getBoundingClientRect());
  const bottom = bar.left < table.right && bar.right > table.left ? bar.top
    : dialog.getBoundingClientRect().top + dialog.clientTop + dialog.clientHeight;
  return [...dialog.querySelectorAll('.summary-table tbody tr')].map((row) => {
    const r = row.getBoundingClientRect();
    return {name: row.querySelector('th').textContent, top: Math.round(r.top), bottom: Math.round(r.bottom),
            inView: r.top >= top - 0.5 && r.bottom <= bottom + 0.5 && r.bottom <= innerHeight};
  }).concat([{name: 'the space', top: Math.round(top), bottom: Math.round(bottom), inView: true}]);
}"""

LUZON_UPRIGHT = """() => {
  const board = document.querySelector('#board'), inner = board.getBoundingClientRect();
  const pad = parseFloat(getComputedStyle(board).paddingTop);
  const rects = (s) => [...document.querySelectorAll(s)].map((t) => t.getBoundingClientRect());
  const places = rects('#board .tile, #board .slot-empty'), drawn = [...places, ...rects('#board .pips')];
  const column = rects('#board .column .tile');
  const meets = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
    && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const top = Math.max(0, inner.top), bottom = Math.min(innerHeight, inner.bottom);
  // a column's top tile from the board's middle: constant as columns shorten
  const middle = inner.top + inner.height / 2;
  const first = [...document.querySelectorAll('#board .column')].map((c) => {
    const tile = c.querySelector('.tile');
    return tile ? tile.getBoundingClientRect().top - middle : null;
  });
  const span = Math.max(...drawn.map((r) => r.bottom)) - Math.min(...drawn.map((r) => r.top));
  return {layout: board.dataset.layout, first, fill: span / (inner.height - 2 * pad),
          // a tile's short side (a half's size, its pips') and its long side
          tile: Math.min(...column.map((r) => Math.min(r.width, r.height))),
          long: Math.min(...column.map((r) => Math.max(r.width, r.height))),
          overlaps: places.flatMap((a, i) => places.slice(i + 1).filter((b) => meets(a, b))).length,
          inView: places.every((r) => r.top >= top - 0.5 && r.bottom <= bottom + 0.5
                                      && r.left >= inner.left - 0.5 && r.right <= inner.right + 0.5)};
}"""

TOOLBAR_ROWS = """() => {  // the toolbar's lines: its items' middles, a new line where one is 10 px lower than the last
  const middles = [...document.querySelectorAll('.play-main > .toolbar > *')].map((e) => e.getBoundingClientRect())
    .filter((r) => r.height > 0).map((r) => (r.top + r.bottom) / 2).sort((a, b) => a - b);
  return middles.filter((m, i) => i === 0 || m - middles[i - 1] > 10).length;
}"""


# the last round's row of the score sheet in `scope`: whole within the viewport and within every box
# around it that clips (the sheet's own scroll box, the dialog, the side panel), less what the box's
# sticky parts cover (the dialog's title and buttons, the sheet's heading and total rows)
LAST_ROW_IN_VIEW = """scope => {
  const row = document.querySelector(`${scope} .score-sheet tbody tr:last-child`);
  const r = row.getBoundingClientRect();
  const clips = (e) => e.scrollHeight > e.clientHeight + 1 && /auto|scroll|hidden/.test(getComputedStyle(e).overflowY);
  const scrollerOf = (e) => {
    for (let p = e.parentElement; p; p = p.parentElement) if (clips(p)) return p;
    return null;
  };
  const boxes = [{top: 0, bottom: innerHeight}];
  for (let e = row.parentElement; e; e = e.parentElement) {
    if (!clips(e)) continue;
    const b = e.getBoundingClientRect();
    let top = b.top + e.clientTop, bottom = top + e.clientHeight;
    for (const part of e.querySelectorAll("*")) {
      const style = getComputedStyle(part);
      if (style.position !== "sticky" || part.contains(row) || scrollerOf(part) !== e) continue;
      const at = part.getBoundingClientRect();
      if (style.top !== "auto") top = Math.max(top, at.bottom);
      if (style.bottom !== "auto") bottom = Math.min(bottom, at.top);
    }
    boxes.push({top, bottom});
  }
  const whole = r.height > 0 && boxes.every((b) => r.top >= b.top - 1 && r.bottom <= b.bottom + 1);
  return {row: [r.top, r.bottom], boxes, scrolls: boxes.length > 1, whole};
}"""

# the score sheet's rows (in `scope`) that show in part between its sticky heading and total row:
# a row half under the heading reads as garbled figures ("-" of a round's digits)
ROWS_CUT = """scope => {
  const box = document.querySelector(`${scope} .score-sheet-scroll`);
  const rect = (e) => e.getBoundingClientRect();
  const [head, foot] = [rect(box.querySelector("thead")), rect(box.querySelector("tfoot"))];
  const top = rect(box).top + box.clientTop;
  const band = {top: Math.max(top, head.bottom), bottom: Math.min(top + box.clientHeight, foot.top)};
  const cut = [...box.querySelectorAll("tbody tr")].map((row) => ({round: row.dataset.round, ...rect(row).toJSON()}))
    .filter((r) => r.bottom > band.top + 1 && r.top < band.bottom - 1
      && (r.top < band.top - 1 || r.bottom > band.bottom + 1))
    .map(({round, top, bottom}) => ({round, top, bottom}));
  return {band, scrolls: box.scrollHeight > box.clientHeight + 1, cut};
}"""


# the blank above the names of the score sheet's heading (in `scope`): from the heading's top to the
# highest of its cells' words (a range over each cell's text, the upright names' own boxes), less each
# cell's padding; none (a pixel or so of the text's own line) when the heading is at its own height (it was
# made taller for whole rows under it, and showed a blank band above the names)
HEADING_GAP = """scope => {
  const head = document.querySelector(`${scope} .score-sheet thead`);
  const top = head.getBoundingClientRect().top;
  return Math.min(...[...head.querySelectorAll("th")].map((th) => {
    const range = document.createRange();
    range.selectNodeContents(th);
    const words = Math.min(...[...range.getClientRects(), ...[...th.children].map((e) => e.getBoundingClientRect())]
      .map((r) => r.top));
    return words - top - parseFloat(getComputedStyle(th).paddingTop);
  }));
}"""

# the open dialog's title and buttons, which stay in view as it scrolls (sticky): the points of each
# (its two ends and middle) where something else is on top
COVERED_PARTS = """() => {
  const dialog = document.querySelector("dialog[open]");
  const parts = [dialog.querySelector(":scope > h2"), ...dialog.querySelectorAll(":scope > .actions button")];
  return parts.flatMap((part) => {
    const r = part.getBoundingClientRect();
    const y = r.top + r.height / 2;
    return [r.left + 6, r.left + r.width / 2, r.right - 6].map((x) => [x, document.elementFromPoint(x, y)])
      .filter(([, top]) => !part.contains(top))
      .map(([x, top]) => ({part: part.textContent, x, y, top: `${top?.tagName} ${top?.textContent.slice(0, 20)}`}));
  });
}"""


# the round's words in the open dialog (who won, how): whole in view under its title (sticky), not
# scrolled under it
HEADLINE_IN_VIEW = """() => {
  const dialog = document.querySelector("dialog[open]");
  const [title, words] = [dialog.querySelector("h2"), dialog.querySelector(".summary-headline")];
  const [t, w] = [title.getBoundingClientRect(), words.getBoundingClientRect()];
  const bottom = Math.min(innerHeight, dialog.getBoundingClientRect().bottom);
  return {title: [t.top, t.bottom], words: [w.top, w.bottom], text: words.textContent,
    whole: w.height > 0 && w.top >= t.bottom - 1 && w.bottom <= bottom};
}"""


# the open dialog's lines of text and its tiles (as drawn: each line box of a text, clipped by the boxes
# around it that scroll) cut by its title's lower edge or its buttons' upper edge, with the part of each left
# in view, and the fade drawn at each edge (its height, 0 when none shows): a line cut there shows only
# within the fade (its letters cut in half read as garbled), and no fade shows where nothing is under it
EDGE_LINES = """async () => {
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))); // (a scroll just made)
  const dialog = document.querySelector("dialog[open]");
  const title = dialog.querySelector(":scope > h2"), bar = dialog.querySelector(":scope > .actions");
  const fade = (e, pseudo) => { const s = getComputedStyle(e, pseudo);
    return s.content !== "none" && s.display !== "none" && s.visibility === "visible" ? parseFloat(s.height) : 0; };
  const [top, bottom] = [title.getBoundingClientRect().bottom, bar.getBoundingClientRect().top];
  const clipped = (e, r) => {
    let [t, b] = [r.top, r.bottom];
    for (let p = e.parentElement; p && p !== dialog; p = p.parentElement) {
      if (!/auto|scroll|hidden/.test(getComputedStyle(p).overflowY)) continue;
      const box = p.getBoundingClientRect();
      [t, b] = [Math.max(t, box.top + p.clientTop), Math.min(b, box.top + p.clientTop + p.clientHeight)];
    }
    return b - t > 0.5 ? {top: t, bottom: b} : null;
  };
  const lines = [];
  const walk = document.createTreeWalker(dialog, NodeFilter.SHOW_TEXT);
  for (let node; (node = walk.nextNode());) {
    const e = node.parentElement;
    if (!node.textContent.trim() || title.contains(e) || bar.contains(e) || !e.checkVisibility()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) lines.push({text: node.textContent.slice(0, 24), box: clipped(e, r)});
  }
  for (const tile of dialog.querySelectorAll(".mini-tile")) {
    lines.push({text: tile.title, box: clipped(tile, tile.getBoundingClientRect())});
  }
  const cut = (edge, inView) => lines.filter((l) => l.box && l.box.top < edge - 0.5 && l.box.bottom > edge + 0.5)
    .map((l) => ({text: l.text, inView: Math.round(inView(l.box))}));
  return {fades: {title: fade(title, "::after"), buttons: fade(bar, "::before")},
    title: cut(top, (b) => b.bottom - top), buttons: cut(bottom, (b) => bottom - b.top),
    end: dialog.scrollHeight - dialog.clientHeight, at: dialog.scrollTop};
}"""


# the open dialog's buttons' rows (their tops) and the words they show, and each player's row of the
# round's summary: the lines its hand's tiles take, and whether it is whole between the title and the buttons
ROWS_AND_LINES = """() => {
  const dialog = document.querySelector("dialog[open]");
  const buttons = [...dialog.querySelectorAll(":scope > .actions button")];
  const lines = (tiles) => new Set(tiles.map((t) => Math.round(t.getBoundingClientRect().top))).size;
  return {buttonRows: new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top))).size,
    said: buttons.map((b) => b.innerText), names: buttons.map((b) => b.getAttribute("aria-label") ?? b.innerText),
    scrolls: dialog.scrollHeight > dialog.clientHeight + 1,
    hands: [...dialog.querySelectorAll(".summary-table tbody tr")].map((row) => ({
      name: row.querySelector("th").textContent, lines: lines([...row.querySelectorAll(".mini-tile")])}))};
}"""


# the round summary's score sheet: the height its place takes beyond its parts' (a blank band), how far the
# sheet and the dialog scroll, how far the sheet runs past its place, how far it is from its latest rounds,
# how far its total row runs under the dialog's buttons (null: no sheet open)
SHEET_FIT = """() => { const dialog = document.querySelector('#round-summary[open]');
  const place = dialog?.querySelector('.sheet-box'), box = place?.querySelector('.score-sheet-scroll');
  if (!box) return null;
  const height = (e) => e.getBoundingClientRect().height, bottom = (e) => e.getBoundingClientRect().bottom;
  return { band: height(place) - [...place.children].reduce((sum, part) => sum + height(part), 0),
    sheetScrolls: box.scrollHeight - box.clientHeight, dialogScrolls: dialog.scrollHeight - dialog.clientHeight,
    pastPlace: bottom(box) - bottom(place), fromEnd: box.scrollHeight - box.clientHeight - box.scrollTop,
    totalUnderButtons: bottom(box.querySelector('tfoot tr'))
      - dialog.querySelector('.actions').getBoundingClientRect().top,
    height: innerHeight }; }"""
