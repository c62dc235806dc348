"""A table late in a hand on a phone held upright uses the room its box has: a long arm on one
side of the first tile is not crowded into half the table while the other half stays empty, so
the layout fits its box (no pan cue) with tiles at least 20 px a half, the legend of its marks under
it; a tile picked, the words of its places ("needs 3", "only a matador"), small on such a table's
markers, are said by the message ("the 7 needs 3"), the table as it was, each place whole in the table's box
with its ring (Matador's deal 7 at 360x740: a 44 px marker at the line's top edge was cut). The draw game (double-9,
four seats) and Matador (eight seats), two moves before the hand's end (records played natively,
imported). A tile's ways round (a matador either way round) take room under
the hand: the table is drawn again in the room left, and the words ask which way round."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import SCREEN_TIMEOUT_MS, App, computer_speed, two_taps, until_still
from .native_records import native_record, open_record
from .screen_sizes import round_over

LAYOUT = """() => { const box = document.querySelector('.layout-box');
  return {unit: Number(box.dataset.unit), fits: box.dataset.fits, more: box.dataset.more || ''}; }"""
CASES = {  # name -> (game, options, players, seed, viewport): where the table panned with room left
    "matador-360": ("matador", {"set": "double-9", "players": 8}, 8, 7, (360, 740)),
    "matador-360-b": ("matador", {"set": "double-9", "players": 8}, 8, 5, (360, 740)),
    "draw-390": ("draw", {"set": "double-9", "players": 4}, 4, 5, (390, 844)),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_late_table_fits_its_box_upright(phone: App, case: str) -> None:
    game, options, players, seed, (width, height) = CASES[case]
    _, last = native_record(game, options, players, seed, round_over)
    late = last["moves"] - 2
    record, view = native_record(game, options, players, seed,
                                 lambda v: (v["moves"] >= late and v["to_move"] == 0) or round_over(v))
    page = phone.page
    computer_speed(page, "instant")
    page.set_viewport_size({"width": width, "height": height})
    open_record(phone, game, options, players, seed, record)
    until_still(page)
    layout = page.evaluate(LAYOUT)
    assert layout["fits"] == "true" and layout["more"] == "", layout
    assert layout["unit"] >= 22, layout  # a tile at least 20 px a half
    worded = [m["tile"] for m in view["legal"] if m["kind"] == "play" and ("needs" in m or "only" in m)]
    if worded:  # Matador: a tile picked, its places' words, small on the markers, are read in the message
        two_taps(page)
        page.locator(f'#hand .hand-tile[data-tile="{worded[0]}"]').click()
        until_still(page)
        words = page.evaluate(MARKER_WORDS_READ)
        assert words["shown"] and words["unread"] == [], words
        assert page.evaluate(MARKER_WORDS_CUT) == []
        assert page.evaluate(MARKERS_CUT) == []  # each place whole, its ring too, at the table's edge
        assert page.evaluate(LAYOUT) == layout  # the table as it was: the words take no room from it


TILES_IN_VIEW = """() => { const box = document.querySelector('.layout-box'), b = box.getBoundingClientRect();
  const rects = (s) => [...box.querySelectorAll(s)].map((t) => t.getBoundingClientRect());
  const tilesOut = rects('.layout-svg .domino').filter((r) => r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5
    || r.left < b.left - 0.5 || r.right > b.right + 0.5).length;
  // a place's touch target may reach past the box by its margin: its middle is in view
  const placesOut = rects('.end-marker.active').filter((r) => r.top + r.height / 2 < b.top
    || r.top + r.height / 2 > b.bottom || r.left + r.width / 2 < b.left || r.left + r.width / 2 > b.right).length;
  return {tilesOut, placesOut, fits: box.dataset.fits, more: box.dataset.more || ''}; }"""


def ways_round(view: dict[str, Any]) -> bool:
    """The person to move has a tile that goes on one place two ways round, the table well filled."""
    plays = [(m["tile"], m["to"]) for m in view["legal"] if m["kind"] == "play"]
    return view["to_move"] == 0 and len(view["board"]["tiles"]) >= 20 and len(set(plays)) < len(plays)


def test_a_tiles_ways_round_leave_the_table_whole_and_say_what_to_do(phone: App) -> None:
    """A matador that goes on an end either way round (Matador, four seats, deal 1: the person's
    3-7, 24 tiles on the table) on a phone upright: the two ways and Cancel take room under the
    hand, and the table is drawn again in the room left, every tile and the place picked in view;
    the turn's line and the message ask which way round it goes (not to pick a place, done already)."""
    options = {"set": "double-9", "players": 4}
    record, view = native_record("matador", options, 4, 1, ways_round)
    plays = [(m["tile"], m["to"]) for m in view["legal"] if m["kind"] == "play"]
    tile, place = next(p for p in plays if plays.count(p) > 1)
    page = phone.page
    page.set_viewport_size({"width": 390, "height": 844})
    computer_speed(page, "instant")
    two_taps(page)
    open_record(phone, "matador", options, 4, 1, record)
    expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=SCREEN_TIMEOUT_MS)
    until_still(page)
    page.locator(f'#hand .hand-tile[data-tile="{tile}"]').click()
    page.locator(f'.end-marker.active[data-slot="{place}"]').click()
    expect(page.locator("#actions [data-move]")).to_have_count(2)  # two ways round (and Cancel)
    until_still(page)
    assert page.evaluate(TILES_IN_VIEW) == {"tilesOut": 0, "placesOut": 0, "fits": "true", "more": ""}
    expect(page.locator("#turn")).to_have_text(f"Your turn: pick which way round {tile} goes.")
    expect(page.locator("#message")).to_have_text(f"Pick which way round {tile} goes.")
    page.locator("#actions button", has_text="Cancel").click()
    expect(page.locator("#actions [data-move]")).to_have_count(0)
    expect(page.locator("#turn")).not_to_contain_text("which way round")
    assert not phone.errors


LEGEND_LINES = """() => { const l = document.querySelector('#table-legend');
  return l.clientHeight / parseFloat(getComputedStyle(l).lineHeight); }"""
# every frame painted (each read in the next frame's first callback, before the page's own draw): the room the
# table was fitted to beside the room its box has, the legend's marks, the box's pan cue
RECORD_FRAMES = """() => { const frames = window.tableFrames = []; let last = '';
  const read = () => { if (window.tableFrames !== frames) return;
    const box = document.querySelector('.layout-box'), marks = [...document.querySelectorAll('#table-legend li')];
    const frame = {fitted: box.dataset.room, room: `${box.clientWidth}x${box.clientHeight}`, unit: box.dataset.unit,
      marks: marks.map((li) => li.dataset.mark).join(' ')};
    if (JSON.stringify(frame) !== last) frames.push(frame);
    last = JSON.stringify(frame);
    requestAnimationFrame(read); };
  requestAnimationFrame(read); }"""
FRAMES = "() => { const frames = window.tableFrames; window.tableFrames = null; return frames; }"
# the words of each end marker in sight ("only a matador", "needs 7") that reach outside its button
MARKER_WORDS_CUT = """() => [...document.querySelectorAll('.end-marker > span')].filter((words) => {
  const button = words.parentElement, b = button.getBoundingClientRect(), r = words.getBoundingClientRect();
  return getComputedStyle(button).opacity !== '0' && (r.left < b.left - 0.5 || r.right > b.right + 0.5
    || r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5);
}).map((words) => `${words.textContent}: ${Math.round(words.scrollWidth)} px in ${words.parentElement.clientWidth}`)"""
# the end markers in sight that reach outside the table's box (its visible area, the box clipping its stage),
# each with its ring (an active one's glow, a hinted one's outline: 3 px) and how far past each side it reaches
MARKERS_CUT = """() => { const box = document.querySelector('.layout-box'), r = box.getBoundingClientRect();
  const [left, top] = [r.left + box.clientLeft, r.top + box.clientTop];
  const [right, bottom] = [left + box.clientWidth, top + box.clientHeight];
  return [...box.querySelectorAll('.end-marker')].filter((m) => getComputedStyle(m).opacity !== '0').map((m) => {
    const b = m.getBoundingClientRect(), ring = m.matches('.active, .hinted') ? 3 : 0;
    const past = [left - b.left, top - b.top, b.right - right, b.bottom - bottom].map((d) => Math.round(d + ring));
    return {slot: m.dataset.slot, past};
  }).filter(({past}) => past.some((d) => d > 0)); }"""
# the words of the end markers in sight, and those shown below 10 px (a crowded table's markers on a phone) that
# the message in view does not say at 10 px or more ("the 7 needs 3", "the blank takes only a matador")
MARKER_WORDS_READ = """() => { const px = (el) => parseFloat(getComputedStyle(el).fontSize);
  const message = document.querySelector('#message'), style = getComputedStyle(message);
  const said = message.getClientRects().length && style.visibility !== 'hidden' && px(message) >= 10
    ? message.textContent : '';
  const shown = [...document.querySelectorAll('.end-marker.active > span')].filter((s) => s.textContent);
  const sentence = (words) => words.replace(/^only /, 'takes only ');
  return {shown: shown.map((s) => `${s.textContent} at ${px(s).toFixed(1)} px`), said,
    unread: shown.filter((s) => px(s) < 10 && !said.includes(` ${sentence(s.textContent)}`))
      .map((s) => s.textContent)}; }"""
PHONES = [(390, 844), (360, 740)]


@pytest.mark.parametrize("size", PHONES)
def test_the_table_is_fitted_to_its_box_in_every_frame_as_a_hint_comes_and_goes(
    phone: App, size: tuple[int, int]
) -> None:
    """The hint's marks wrap the legend to a second line on a phone, and its words take room over
    the board (Matador, four seats, deal 1, 24 tiles on the table): the move's words in a line beside
    "Why?" (which says why where a message shows), so the whole table stays in view even at 360x740
    (where three lines of words made it pan); its tile's two ways round take a
    row under the hand; one played, all go. In every frame painted the table is drawn for the room
    its box has then (no frame overflows its box or leaves a gap, to be fitted again in the next:
    the table would jump); every tile is in its box; the words of the ends in sight fit their markers;
    the legend is back on one line once the move is played."""
    options = {"set": "double-9", "players": 4}
    record, _ = native_record("matador", options, 4, 1, ways_round)
    page = phone.page
    computer_speed(page, "instant")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_record(phone, "matador", options, 4, 1, record)
    expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=SCREEN_TIMEOUT_MS)
    until_still(page)
    assert page.evaluate(LEGEND_LINES) < 1.5  # one line before the hint
    page.evaluate(RECORD_FRAMES)
    page.click("button[data-action=hint]")
    expect(page.locator("#table-legend li[data-mark=hint]")).to_have_count(1, timeout=SCREEN_TIMEOUT_MS)
    until_still(page)
    frames = page.evaluate(FRAMES)
    assert page.evaluate(LEGEND_LINES) > 1.5  # the hint's marks took a second line
    assert any("hint" in frame["marks"] for frame in frames), frames
    assert all(frame["fitted"] == frame["room"] for frame in frames), ("hint", frames)
    assert page.evaluate(MARKER_WORDS_CUT) == []  # each end's words in its marker, whatever the tiles' size
    assert page.evaluate(MARKERS_CUT) == []  # each place whole in the table's box, its ring too
    assert page.evaluate(TILES_IN_VIEW) == {"tilesOut": 0, "placesOut": 0, "fits": "true", "more": ""}
    hint = page.locator("#hint-text")
    expect(hint.locator(".hint-move")).to_have_text("Hint: Play 3-7 on the 0-0, leaving 3 open.")
    assert hint.evaluate("(p) => p.clientHeight") <= 50  # one line beside "Why?" (three lines of words took 77 px)
    page.locator("#hint-text .hint-why-button").click()
    expect(page.locator("#message")).to_have_text("The hard computer player would play this.")
    expect(page.locator("#message")).to_be_visible()
    page.evaluate(RECORD_FRAMES)
    page.locator(".end-marker.hinted").click()  # the hint's tile is picked: its place asks which way round
    expect(page.locator("#actions [data-move]")).to_have_count(2)  # their row takes room under the hand
    page.locator("#actions [data-move]").first.click()
    expect(page.locator("#table-legend li[data-mark=hint]")).to_have_count(0, timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=SCREEN_TIMEOUT_MS)
    until_still(page)
    frames = page.evaluate(FRAMES)
    assert page.evaluate(LEGEND_LINES) < 1.5  # the line given back
    assert all(frame["fitted"] == frame["room"] for frame in frames), ("played", frames)
    assert not phone.errors
