"""A long round's summary on a phone held upright or in a laptop's short window: ten players
(Tiddle-A-Wink) at 1280x600, 360x740 and 390x844, the round's end of the first round: the hands'
tiles lie down so the rows are short, and the headline, every player's row and the buttons are in
view with nothing to scroll (the rows stood 52 px tall and the dialog scrolled); held sideways with
the browser's bars shown (740x340, 667x320) too, its one button beside the table (the last row took
a scroll); at the game's end
its score sheet, every round, shows every player's column whole (the last was cut in half at the
dialog's edge), and on shorter phones, upright and sideways, at least its last round (the dialog
scrolls, but for 740x340), with no line cut in half under its title or over its buttons as it scrolls (it fades there).
Each position is opened once and the page then resized."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .conftest import SCREEN_TIMEOUT_MS, App, computer_speed, settled, until_still
from .native_records import game_over, native_record, open_record
from .page_measures import (
    COVERED_PARTS,
    EDGE_LINES,
    HEADING_GAP,
    HEADLINE_IN_VIEW,
    LAST_ROW_IN_VIEW,
    ROWS_CUT,
    ROWS_IN_VIEW,
)
from .screen_sizes import each_size, resize, round_over

OPTIONS = {"set": "double-9", "players": 10}


UPRIGHT = [(360, 740), (390, 844)]
SHORT = (360, 560)  # a short phone upright (or one with its browser's bars shown): the game's end dialog scrolls
SHORT_SIDEWAYS = [(740, 340), (667, 320)]  # phones held sideways, their browser's bars shown


def test_a_ten_seat_round_summary_fits_a_phone_either_way_and_a_laptop(phone: App) -> None:
    """Opened in a laptop's short window (1280x600: its rows of upright tiles made the dialog's
    content 802 px in its 582), then the phone's sizes, upright and sideways."""
    record, _ = native_record("tiddle-a-wink", OPTIONS, 10, 3, round_over)
    page = phone.page
    computer_speed(page, "instant")
    page.set_viewport_size({"width": 1280, "height": 600})
    open_record(phone, "tiddle-a-wink", OPTIONS, 10, 3, record)
    dialog = page.locator("#round-summary")
    expect(dialog).to_have_attribute("open", "", timeout=SCREEN_TIMEOUT_MS)
    settled(page)
    found = {}
    for size in each_size(page, [(1280, 600), *UPRIGHT, *SHORT_SIDEWAYS]):
        rows = page.evaluate(ROWS_IN_VIEW)
        scroll = dialog.evaluate("d => [d.scrollHeight, d.clientHeight]")
        if not (len(rows) == 11 and all(r["inView"] for r in rows)):
            found[f"{size}: the rows"] = rows
        if scroll[0] > scroll[1] + 1:
            found[f"{size}: the dialog scrolls"] = scroll
    page.keyboard.press("Escape")
    assert found == {}, found


SHEET_HEIGHT = "() => document.querySelector('dialog[open] .score-sheet-scroll').getBoundingClientRect().height"


def unfaded(edges: dict[str, Any]) -> list[Any]:
    """What EDGE_LINES finds wrong: a line cut by the open dialog's title or buttons that shows outside
    the fade there, and a fade shown where nothing is under it (the title's at the dialog's top, the
    buttons' at its end)."""
    fades = edges["fades"]
    wrong: list[Any] = [(edge, line, fades[edge]) for edge in ("title", "buttons") for line in edges[edge]
                        if line["inView"] > fades[edge] + 0.5]
    if edges["at"] <= 0 and fades["title"]:
        wrong.append(("the title's fade at the top", edges))
    if edges["at"] >= edges["end"] - 1 and fades["buttons"]:
        wrong.append(("the buttons' fade at the end", edges))
    return wrong


# every cell of the game-over dialog's score sheet: its box against the sheet's scroll box and the dialog's
SHEET_CELLS = """() => {
  const dialog = document.querySelector("dialog[open]");
  const scroller = dialog.querySelector(".score-sheet-scroll");
  const [d, s] = [dialog.getBoundingClientRect(), scroller.getBoundingClientRect()];
  const seen = {left: Math.max(d.left, s.left), right: Math.min(d.right, s.right)};
  return [...scroller.querySelectorAll(".score-sheet :is(th, td)")].map((cell) => {
    const box = cell.getBoundingClientRect();
    return {text: cell.textContent, left: box.left, right: box.right, seen,
      font: parseFloat(getComputedStyle(cell).fontSize),
      whole: box.left >= seen.left - 0.5 && box.right <= seen.right + 0.5};
  });
}"""


def test_a_ten_seat_score_sheet_shows_every_column_whole_on_a_phone(phone: App) -> None:
    """The game's end: the sheet's every column whole and readable; the dialog opens on its round's
    words, under its title, and the sheet, taking the height they leave, shows its last round above
    the buttons (the dialog had scrolled the words under the title to bring the sheet's total row up,
    where the buttons covered it), every row it shows whole (the row above the latest showed its lower
    half under the sheet's heading) with no blank band over the heading's names (the heading was made
    taller for that; the sheet's box is made shorter instead), there and at every size below; on a
    shorter phone, where the dialog scrolls, its title and buttons stay over the sheet passing under them
    (its heading and total row showed through and over the buttons), a line they cut in part fades into
    the panel there (the half left in view read as garbled), and scrolled to its end it shows the sheet's
    last round, there and held sideways at 740x340 and 667x320 (the sheet was squeezed to its heading and
    total row: no round in view however it was scrolled), a line cut at its edges faded there too,
    scrolled half way and at its end; at 740x340 the dialog fits with nothing to scroll (it scrolled 25 px).
    The window made taller (360x740 to 360x844), the sheet grows as the dialog opened there has it (its box,
    shortened to whole rows, kept its height: the frame fits it again)."""
    record, view = native_record("tiddle-a-wink", OPTIONS, 10, 3, game_over)
    assert view["outcome"] and len(view["rounds"]) > 1  # the game's end: its dialog has the sheet of every round
    page = phone.page
    computer_speed(page, "instant")
    page.set_viewport_size({"width": 360, "height": 740})
    open_record(phone, "tiddle-a-wink", OPTIONS, 10, 3, record)
    sheet = page.locator("dialog[open] .score-sheet")
    expect(sheet).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    settled(page)
    expect(sheet.locator("thead th")).to_have_count(11)  # the rounds' column and every player's
    found = {}
    for size in each_size(page, UPRIGHT):
        cells = page.evaluate(SHEET_CELLS)
        cut = [c for c in cells if not c["whole"]]
        if cut:
            found[f"{size}: cut"] = cut[:3]
        if min(c["font"] for c in cells) < 11:  # whole, and still readable
            found[f"{size}: small"] = cells
        for name, seen in (("words", page.evaluate(HEADLINE_IN_VIEW)),
                           ("last round", page.evaluate(LAST_ROW_IN_VIEW, "dialog[open]"))):
            if not seen["whole"]:
                found[f"{size}: {name}"] = seen
        rows = page.evaluate(ROWS_CUT, "dialog[open]")
        if rows["cut"]:  # (the sheet scrolls at these sizes: its rows' edges are what is checked)
            found[f"{size}: rows in part"] = rows
        if (gap := page.evaluate(HEADING_GAP, "dialog[open]")) > 2:  # whole rows, and no blank band over the names
            found[f"{size}: a band over the heading"] = gap
    for size in each_size(page, [SHORT]):  # the dialog scrolls: its title and buttons stay over what passes
        dialog = page.locator("dialog[open]")
        end = dialog.evaluate("d => d.scrollHeight - d.clientHeight")
        assert end > 100, f"the dialog does not scroll at {size}"
        for top in range(0, end + 40, 40):
            dialog.evaluate("(d, top) => { d.scrollTop = top; }", top)
            if covered := page.evaluate(COVERED_PARTS):
                found[f"{size} scrolled {top}: covered"] = covered
            if wrong := unfaded(page.evaluate(EDGE_LINES)):
                found[f"{size} scrolled {top}: lines cut"] = wrong
    for size in each_size(page, [SHORT, *SHORT_SIDEWAYS]):  # at the dialog's end, the sheet's last round in view
        dialog = page.locator("dialog[open]")
        if size == "740x340" and (end := dialog.evaluate("d => d.scrollHeight - d.clientHeight")) > 1:
            found[f"{size}: the dialog scrolls"] = end  # (25 px, its tables' rows 3 px taller each)
        dialog.evaluate("d => { d.scrollTop = (d.scrollHeight - d.clientHeight) / 2; }")
        if wrong := unfaded(page.evaluate(EDGE_LINES)):
            found[f"{size} half way: lines cut"] = wrong
        dialog.evaluate("d => { d.scrollTop = d.scrollHeight; }")
        seen = page.evaluate(LAST_ROW_IN_VIEW, "dialog[open]")
        if not seen["whole"]:
            found[f"{size}: last round at the dialog's end"] = seen
        if (gap := page.evaluate(HEADING_GAP, "dialog[open]")) > 2:
            found[f"{size}: a band over the heading"] = gap
        if wrong := unfaded(page.evaluate(EDGE_LINES)):
            found[f"{size} at the end: lines cut"] = wrong
    # the window taller (a phone's bars put away), the dialog's drawing the same: its sheet as tall as the
    # dialog opened at that size makes it
    resize(phone, UPRIGHT[0])
    resize(phone, (360, 844))
    grown = page.evaluate(SHEET_HEIGHT)
    page.keyboard.press("Escape")
    page.click("[data-action=show-result]")
    expect(page.locator("dialog[open] .score-sheet")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    until_still(page)
    if abs(grown - (opened := page.evaluate(SHEET_HEIGHT))) > 1:  # (it kept the height it had at 360x740)
        found["360x844, grown to: the sheet's height"] = [grown, opened]
    page.keyboard.press("Escape")
    assert found == {}, found


# each term of the round's sum ("Finn 35 - 21 = 14", after "points: ", parted by ", ") in the open
# summary: the lines its words take (a range over the text, whatever elements hold it)
TERMS_LINES = """() => {
  const words = document.querySelector('#summary-arithmetic');
  const text = words.textContent;
  const nodes = [];
  const walk = document.createTreeWalker(words, NodeFilter.SHOW_TEXT);
  for (let at = 0, node; (node = walk.nextNode()); at += node.length) nodes.push({node, at});
  // a range's start in the node the offset begins, its end in the node it closes
  const point = (offset, end) => { const n = nodes.findLast((x) => (end ? x.at < offset : x.at <= offset));
    return [n.node, offset - n.at]; };
  const start = text.indexOf('points: ') + 'points: '.length;
  let from = start;
  return text.slice(start).replace(/\\.$/, '').split(', ').map((term) => {
    const range = document.createRange();
    range.setStart(...point(from, false));
    range.setEnd(...point(from + term.length, true));
    from += term.length + 2;
    return {text: term, lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size};
  });
}"""


def test_a_blocked_matador_round_s_sum_keeps_each_term_on_a_line_upright(phone: App) -> None:
    """Matador's blocked round, eight players, each hand less the winner's pips, written term by term
    on a phone held upright: no term is broken over two lines ("Finn 35 -" / "21 = 14" was)."""
    options = {"set": "double-9", "players": 8}
    record, view = native_record("matador", options, 8, 3,
                                 lambda v: bool((v.get("round") or {}).get("over") or v.get("outcome")))
    assert len(view["last_round"]["score"]["terms"]) == 7, view["last_round"]["score"]
    page = phone.page
    computer_speed(page, "instant")
    page.set_viewport_size({"width": 390, "height": 844})
    open_record(phone, "matador", options, 8, 3, record)
    expect(page.locator("#round-summary")).to_have_attribute("open", "", timeout=SCREEN_TIMEOUT_MS)
    settled(page)
    found = {}
    for size in each_size(page, [(390, 844), (360, 740)]):
        terms = page.evaluate(TERMS_LINES)
        if len(terms) != 7 or any(t["lines"] != 1 for t in terms):
            found[size] = terms
    page.keyboard.press("Escape")
    assert found == {}, found

