"""The table games through the page (draw, matador, tiddle-a-wink, round-the-clock): each set up on the
setup screen and played to game over against computer opponents on a fixed seed: the draw game and
Matador move by move (the person's moves by click, keyboard and drag and drop), Tiddle-A-Wink and
Round the Clock from a record of the same deal played natively to a few moves before the end,
imported, the last moves played on the page. The table's legend of its marks, a hot-seat round with
every hand hidden between turns, resume after reload (no console error and no request off 127.0.0.1
in any test: conftest checks)."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Page, ViewportSize, expect

from tests.typed import known

from .conftest import App, box_of, follow_link, serious, settled, two_taps
from .native_records import import_record, native_record, near_the_end
from .screen_sizes import round_over
from .table_play import TIMEOUT, fresh, my_move, play_to_game_over, set_up, table_now


def check_game_over(app: App) -> None:
    page = app.page
    expect(page.locator("#table-screen")).to_have_attribute("data-over", "game")
    title = page.locator("#summary-title").inner_text()
    assert title.startswith("Game over:") and ("win" in title)
    scores = [int(s.split()[0]) for s in page.locator(".seat-score").all_inner_texts()]
    assert max(scores) >= int(page.locator("#round-summary .target").inner_text().split()[2].rstrip("."))


def test_draw_game_to_the_end_by_click_and_keyboard(app: App) -> None:
    fresh(app, "draw")
    set_up(app, {"set": "double-6", "players": "2", "target": "50"}, ["human", "ai:easy"], seed=3)
    page = app.page
    assert page.locator(".seat").count() == 2
    seen = play_to_game_over(app, ("keyboard", "click"))
    check_game_over(app)
    assert seen["moves"] > 3
    # every round's score arithmetic is spelled out ("You score 2 + 13 + 16 = 31 points.")
    assert seen["arithmetic"] and all(re.fullmatch(r"\w+ scores? \d[\d +=,-]* points\.", a) for a in seen["arithmetic"])
    # the whole layout is drawn: one SVG tile per tile the engine placed in the last round
    session = page.get_attribute("#table-screen", "data-session")
    answer = page.evaluate("session => boneyard.request({op: 'view', session})", session)
    placed = sorted(tile["tile"] for tile in answer["view"]["board"]["tiles"])
    drawn = page.eval_on_selector_all("#layout [data-placed]", "tiles => tiles.map((t) => t.dataset.placed)")
    assert len(placed) > 1 and sorted(drawn) == placed, (drawn, placed)


def test_matador_to_the_end_by_drag_and_drop(app: App) -> None:
    fresh(app, "matador")
    set_up(app, {"set": "double-9", "players": "3"}, ["human", "ai:easy", "ai:medium"], seed=2)
    page = app.page
    assert page.locator(".seat").count() == 3
    expect(page.locator(".seat .seat-kind").nth(2)).to_contain_text("medium")
    play_to_game_over(app, ("drag", "click"))
    check_game_over(app)


LEGEND = {"last": "last played", "since": "since your turn", "first": "first", "fits": "fits here", "hint": "hint"}
DRAWN = {"last": ".layout-svg .last-played", "since": ".layout-svg .since-turn:not(.last-played)",
         "first": ".layout-svg .root-tile", "fits": ".end-marker.active",
         "hint": ".end-marker.hinted, .hand-tile.hinted"}


def legend_matches_the_table(app: App) -> list[str]:
    """The legend names each mark the table draws now, in its words, and no other; its line lies
    between the layout and the hand, over neither. Returns the marks named."""
    page = app.page
    named: list[str] = page.eval_on_selector_all("#table-legend li", "items => items.map((li) => li.dataset.mark)")
    drawn = [mark for mark, selector in DRAWN.items() if page.locator(f"#table {selector}").count()]
    assert named == drawn, (named, drawn)
    for mark in named:
        expect(page.locator(f"#table-legend li[data-mark={mark}]")).to_have_text(LEGEND[mark])
    legend, layout, hand = (box_of(page.locator(s)) for s in ("#table-legend", "#layout", ".hand-area"))
    assert layout["y"] + layout["height"] <= legend["y"] + 1 and legend["y"] + legend["height"] <= hand["y"] + 1
    assert page.eval_on_selector("#table-legend", "l => l.scrollWidth <= l.clientWidth")  # every word in view
    if "hint" not in named:  # one line: only the hint's marks wrap it on a phone
        lines = page.eval_on_selector("#table-legend",
                                      "l => l.clientHeight / parseFloat(getComputedStyle(l).lineHeight)")
        assert lines < 1.5, lines
    return named


MARK_COLOURS = """() => [getComputedStyle(document.querySelector('.layout-svg .last-played .face')).stroke,
  getComputedStyle(document.querySelector('.layout-svg .root-tile .face')).fill,
  getComputedStyle(document.querySelector('.legend-last')).borderTopColor,
  getComputedStyle(document.querySelector('.legend-first')).backgroundColor]"""


def hue_and_saturation(css: str) -> tuple[float, float]:
    """The hue (degrees) and HSL saturation of a computed rgb() colour."""
    r, g, b = (int(v) / 255 for v in re.findall(r"\d+", css)[:3])
    top, low = max(r, g, b), min(r, g, b)
    if top == low:
        return 0.0, 0.0
    span = top - low
    saturation = span / (1 - abs(top + low - 1))
    if top == r:
        hue = 60 * (((g - b) / span) % 6)
    elif top == g:
        hue = 60 * ((b - r) / span + 2)
    else:
        hue = 60 * ((r - g) / span + 4)
    return hue, saturation


def marks_differ_in_colour(app: App) -> None:
    """The last tile played (outlined amber) and the round's first tile (filled) are told apart at a
    glance, on the board and in the legend, light and dark: their colours are of hues at least 60
    degrees apart (the first tile's pale yellow was an amber's near twin), each a colour, not a grey."""
    page = app.page
    expect(page.locator(".layout-svg .last-played").first).to_be_attached()
    expect(page.locator(".layout-svg .root-tile")).to_have_count(1)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        last, first, last_swatch, first_swatch = page.evaluate(MARK_COLOURS)
        assert (last_swatch, first_swatch) == (last, first), scheme  # the legend draws each mark as the board does
        (last_hue, last_sat), (first_hue, first_sat) = hue_and_saturation(last), hue_and_saturation(first)
        apart = min(abs(last_hue - first_hue), 360 - abs(last_hue - first_hue))
        assert apart >= 60 and last_sat > 0.3 and first_sat > 0.3, (scheme, last, first, apart)
    page.emulate_media(color_scheme="light")


def test_the_tables_legend_names_each_mark_it_draws_with_a_swatch_drawn_as_the_mark(app: App) -> None:
    """The marks on the table (the last tile played, the tiles played since your turn, the round's
    first tile filled yellow, where the picked tile fits, the hint) are named in one line under the
    layout while they are drawn, each beside a swatch of the mark's own colour, on a phone as on a
    desktop; screen readers read the same words. On the same table (desktop), the last tile played
    and the first tile differ in colour in both themes (marks_differ_in_colour)."""
    fresh(app, "matador")
    set_up(app, {"set": "double-9", "players": "3"}, ["human", "ai:easy", "ai:easy"], seed=4)
    page = app.page
    for size in (ViewportSize(width=1280, height=900), ViewportSize(width=360, height=740)):
        page.set_viewport_size(size)
        for _ in range(6):  # to your turn, the computers having played two tiles since your last
            settled(page)
            if page.locator(f"#turn[data-whose=you] ~ #table {DRAWN['since']}").count():
                break
            assert my_move(app)
        expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=TIMEOUT)
        assert legend_matches_the_table(app) == ["last", "since", "first"]
        if size["width"] == 1280:
            marks_differ_in_colour(app)
        colours = page.evaluate("""() => ['last', 'since'].map((mark) => [
          getComputedStyle(document.querySelector('.legend-' + mark)).borderTopColor,
          getComputedStyle(document.querySelector(mark === 'last' ? '.last-played .face'
            : '.since-turn:not(.last-played) .face')).stroke])""")
        assert all(swatch == stroke for swatch, stroke in colours), colours
        fills = page.evaluate("""() => [getComputedStyle(document.querySelector('.legend-first')).backgroundColor,
          getComputedStyle(document.querySelector('.root-tile .face')).fill,
          getComputedStyle(document.querySelector('.layout-svg .domino:not(.root-tile) .face')).fill]""")
        assert fills[0] == fills[1] != fills[2], fills  # the swatch is filled as the first tile, unlike the others
        page.locator(".hand-tile.playable").first.click()
        expect(page.locator(".end-marker.active").first).to_be_visible()
        assert legend_matches_the_table(app) == ["last", "since", "first", "fits"]
        page.keyboard.press("Escape")
        page.click("button[data-action=hint]")
        expect(page.locator("#table-legend li[data-mark=hint]")).to_have_text("hint", timeout=TIMEOUT)
        assert "hint" in legend_matches_the_table(app)
        expect(page.locator("#table-legend")).to_have_attribute("aria-label", "Marks on the table")
        my_move(app)
        settled(page)
    assert not app.errors, app.errors


def test_tiddle_a_wink_to_the_end_ten_seats_at_phone_width(app: App) -> None:
    page = app.page
    page.set_viewport_size({"width": 360, "height": 740})
    try:
        fresh(app, "tiddle-a-wink")
        set_up(app, {"set": "double-12", "players": "10"}, ["human"] + ["ai:easy"] * 9, seed=5)
        assert page.locator(".seat").count() == 10
        # the layout fits the phone's width; measured in one task, since the computers' moves redraw the stage
        widths = page.evaluate("""() => {
            const box = document.querySelector("#layout");
            const stage = box.querySelector(".layout-stage");
            return [box.getBoundingClientRect().width, stage.getBoundingClientRect().width];
        }""")
        assert 0 < widths[1] <= widths[0] + 1
        import_record(app, near_the_end("tiddle-a-wink", {"set": "double-12", "players": 10}, 10, 5, 10))
        play_to_game_over(app)
        check_game_over(app)
        assert page.evaluate("document.documentElement.scrollWidth") <= 361
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


def test_round_the_clock_to_the_end_with_resume(app: App) -> None:
    fresh(app, "round-the-clock")
    set_up(app, {"players": "3", "target": "50"}, ["human", "ai:easy", "ai:easy"], seed=4)
    page = app.page
    # a few moves, then reload: the game comes back where it was
    deadline = time.monotonic() + 30
    while int(page.get_attribute("#table-screen", "data-moves") or 0) < 4 and time.monotonic() < deadline:
        if not my_move(app):
            settled(page)
    settled(page)
    expect(page.locator("#table-screen")).to_have_attribute("data-busy", "false")
    moves = page.get_attribute("#table-screen", "data-moves")
    placed = page.locator("#layout [data-placed]").count()
    page.reload()
    app.wait_ready()
    expect(page.locator("#table-screen[data-session]")).to_be_attached(timeout=TIMEOUT)
    assert int(known(page.get_attribute("#table-screen", "data-moves"))) >= int(known(moves))
    assert page.locator("#layout [data-placed]").count() >= placed
    expect(page.locator("#log")).to_contain_text("Resumed the game in progress")  # no deal number: hidden hands
    import_record(app, near_the_end("round-the-clock", {"players": 3, "target": 50}, 3, 4, 6))
    play_to_game_over(app)
    check_game_over(app)


def test_hot_seat_round_hides_every_hand_between_turns(app: App) -> None:
    fresh(app, "draw")
    set_up(app, {"set": "double-6", "players": "3", "target": "50"}, ["human", "human", "ai:easy"], seed=11,
           names=["Ann", "Bob", "Cy"])
    page = app.page
    passes = 0
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        now = table_now(app)  # the screen in one look
        if now["summary"] is not None:
            break
        if now["passing"]:
            # while the pass screen is up, no tile of any hand is in the page
            assert now["hand"] == 0
            assert now["markers"] == 0
            seat = int(known(page.get_attribute("#pass-ready", "data-seat")))
            name = ["Ann", "Bob"][seat]
            expect(page.locator("#pass-title")).to_have_text(f"Pass the device to {name}")
            page.click("#pass-ready")
            expect(page.locator("#table-screen")).to_have_attribute("data-viewer", str(seat))
            expect(page.locator("#hand-head")).to_contain_text(f"{name}'s tiles")
            passes += 1
            continue
        if now["to_move"] == "2":
            # the computer's turn: no person's tiles are on show meanwhile
            assert now["hand"] == 0 or page.get_attribute("#table-screen", "data-to-move") != "2"
        if not my_move(app, now=now):
            settled(page)
    assert page.locator("#round-summary[open]").count(), "the hot-seat round did not end"
    assert passes >= 2
    expect(page.locator("#round-summary .summary-table tbody tr")).to_have_count(3)


def test_a_table_of_computers_only_deals_its_next_round_on_continue(app: App) -> None:
    """A computer dealer: Continue on the round summary lets it deal (it is not played as the
    person's "next-round", which the engine refuses for a computer's seat)."""
    page = app.page
    fresh(app, "draw")
    phase = page.locator("section.game")
    expect(phase).to_have_attribute("data-screen-phase", "setup")  # the controller's state machine
    set_up(app, {"set": "double-6", "players": "2", "target": "100"}, ["ai:easy", "ai:easy"], 4)
    expect(page.locator("#round-summary[open]")).to_be_visible(timeout=TIMEOUT)
    expect(phase).to_have_attribute("data-screen-phase", "round-over")
    page.click("#next-round")
    expect(page.locator("#table-screen")).to_contain_text("Round 2 ·", timeout=TIMEOUT)
    expect(page.locator("#message[data-kind=error]")).to_have_count(0)
    assert not app.errors



def test_table_has_no_serious_axe_violation(app: App) -> None:
    """The table mid-game, a tile selected (legal places shown), light and dark; then the round summary."""
    page = app.page
    follow_link(app, "#/play/draw?deal=7&set=double-6&target=50&seats=human,ai:easy,ai:medium")
    deadline = time.monotonic() + 30
    while not page.locator(".hand-tile.playable").count() and time.monotonic() < deadline:
        if not my_move(app):  # draws until a tile fits
            settled(page)
    # picked, not played: my_move turns "one tap plays it" off only when it plays a tile itself, and the
    # loop may end without it (the draws' tile shown before the next look), leaving one tap on
    two_taps(page)
    page.locator(".hand-tile.playable").first.click()
    expect(page.locator(".end-marker.active").first).to_be_visible()

    found = both_schemes(page, "the table")
    # the round's end of the same deal (played natively), its summary open over the table
    record, _ = native_record("draw", {"set": "double-6", "target": 50, "players": 3}, 3, 7, round_over)
    import_record(app, record)
    expect(page.locator("#round-summary[open]")).to_be_visible()
    found += both_schemes(page, "the round summary")
    assert found == []


def both_schemes(page: Page, what: str) -> list[str]:
    """The page's serious axe violations in light and then dark colours, each named by `what`."""
    found = [f"{what}, light: {v}" for v in serious(page)]
    page.emulate_media(color_scheme="dark")
    try:
        found += [f"{what}, dark: {v}" for v in serious(page)]
    finally:
        page.emulate_media(color_scheme="light")
    return found
