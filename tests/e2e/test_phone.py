"""Play on a phone: the person's whole hand in view at once, Matador's ends in words,
moving copies the size and content of what moves, round and game summaries that fit their
screen, Clock's messages whole at 360 px, table tiles that grow on a large board and plain
words. Positions come from records made natively (the same deal as in the browser) and
imported. With --screenshots, screenshots light and dark go to test-results/phone/ (git-ignored)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from engine.api import handle_request

from .conftest import (
    SCREEN_TIMEOUT_MS,
    App,
    box_of,
    computer_speed,
    follow_link,
    import_answered,
    play_a_move,
    record_file,
    settled,
    shoot,
    started_again,
    two_taps,
    until_still,
)
from .native_records import TABLES, View, drawer, game_over, native_record, open_midgame, open_record
from .page_measures import ROWS_IN_VIEW, SUMMARY_PROBLEMS
from .screen_sizes import resize
from .table_play import PLAYABLE, move_by_keyboard

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-results" / "phone"


def seat_name(page: Any, seat: int) -> str:
    """A seat card's name, without the marker of the seat to move ("▶ ")."""
    return str(page.locator(f'.seat[data-seat="{seat}"] .seat-name').inner_text()).lstrip("▶ ").strip()


@pytest.fixture(scope="module")
def touch(phone: App) -> App:
    """The session's touch screen at 360 x 740."""
    phone.page.set_viewport_size({"width": 360, "height": 740})
    return phone


# ---- 2. every tile of the person's hand in view at once

HAND_PROBLEMS = """least => {
  const problems = [];
  const hand = document.querySelector('#hand');
  const h = hand.getBoundingClientRect();
  const view = {left: Math.max(0, h.left + hand.clientLeft), top: Math.max(0, h.top + hand.clientTop)};
  view.right = Math.min(innerWidth, h.left + hand.clientLeft + hand.clientWidth);
  view.bottom = Math.min(innerHeight, h.top + hand.clientTop + hand.clientHeight);
  const tiles = [...hand.querySelectorAll('.hand-tile')];
  for (const tile of tiles) {
    const r = tile.getBoundingClientRect(), name = tile.dataset.tile;
    const px = (...v) => v.map(Math.round).join(',');
    if (r.left < view.left - 0.5 || r.right > view.right + 0.5 || r.top < view.top - 0.5 ||
        r.bottom > view.bottom + 0.5)
      problems.push(`${name} not wholly in view: ${px(r.left, r.top, r.width, r.height)} in ` +
        px(view.left, view.top, view.right, view.bottom));
    if (Math.min(r.width, r.height) < least) problems.push(`${name} is ${r.width.toFixed(1)}x${r.height.toFixed(1)}`);
  }
  if (document.scrollingElement.scrollHeight > innerHeight + 0.5) problems.push('the page scrolls');
  return [tiles.length, problems];
}"""


@pytest.mark.parametrize("tiles", [18, 20])
def test_a_long_hand_is_wholly_in_view_on_a_phone(touch: App, tiles: int) -> None:
    options = {"set": "double-12", "players": 2}
    record, view = native_record("draw", options, 2, 36,
                                 lambda v: v["to_move"] == 0 and len(v.get("hand") or []) >= tiles, person=drawer)
    open_record(touch, "draw", options, 2, 36, record)
    problems = []
    for size in [(360, 740), (844, 390), (390, 844)]:
        resize(touch, size)
        count, found = touch.page.evaluate(HAND_PROBLEMS, 24)
        assert count == len(view["hand"]) >= tiles
        problems += [f"{size}: {p}" for p in found]
        shoot(touch.page, SHOTS / f"hand-{count}-{size[0]}x{size[1]}")
    assert not problems, "\n".join(problems)
    assert not touch.errors


# ---- 3. Matador's ends in words

def test_matador_ends_never_show_a_negative_number(app: App) -> None:
    options = {"set": "double-12", "players": 3}

    def twelve_end(view: View) -> bool:
        return view["to_move"] == 0 and any(m.get("only") for m in view["legal"]) and \
            any(e["value"] in (11, 12) for e in view["board"]["ends"])

    record, _ = native_record("matador", options, 3, 1, twelve_end)
    resize(app, (1280, 800))
    open_record(app, "matador", options, 3, 1, record)
    page = app.page
    two_taps(page)
    page.locator(".hand-tile.playable").first.click()
    markers = page.eval_on_selector_all(".end-marker",
                                        "ms => ms.map(m => [m.textContent, m.getAttribute('aria-label')])")
    shoot(app.page, SHOTS / "matador-only-a-matador-1280x800")
    assert markers
    for text, label in markers:
        assert "-1" not in text and "-2" not in text and "needs -" not in label, markers
    assert any(text == "only a matador" for text, _ in markers), markers
    assert not app.errors


# ---- 4. a moving copy is the size and content of what moves

GHOSTS = """ms => new Promise((resolve) => {
  const seen = [];
  const start = performance.now();
  const root = document.documentElement;
  let began = false;  // the page was under way (web/settled.js) since the sample started
  const tick = () => {
    for (const g of document.querySelectorAll('.motion-ghost')) {
      const r = g.getBoundingClientRect();
      seen.push({key: g.dataset.ghost ?? '', w: r.width, h: r.height, text: g.textContent.trim().slice(0, 40)});
    }
    began = began || root.dataset.settled !== 'yes';
    const over = began && root.dataset.settled === 'yes';
    if (!over && performance.now() - start < ms) requestAnimationFrame(tick); else resolve(seen);
  };
  requestAnimationFrame(tick);
})"""


def sample_ghosts(app: App, ms: int, act: Callable[[], None]) -> list[dict[str, Any]]:
    """The moving copies seen each frame from `act` on until the page has settled after it (nothing
    more moves until the person does), for at most `ms`."""
    app.page.evaluate(f"ms => {{ window.__ghosts = ({GHOSTS})(ms); }}", ms)
    act()
    answer: list[dict[str, Any]] = app.page.evaluate("() => window.__ghosts")
    return answer


def test_clock_turn_moves_a_card_only(app: App) -> None:
    page = app.page
    resize(app, (1280, 800))
    follow_link(app, "#/play/clock?deal=3&exchange=true")
    expect(page.locator("#board")).to_have_attribute("data-moves", "0", timeout=SCREEN_TIMEOUT_MS)
    page.evaluate("() => { document.documentElement.dataset.motion = 'normal'; }")
    ghosts: list[dict[str, Any]] = []
    for n in range(1, 7):
        ghosts += sample_ghosts(app, 700, lambda: page.click("[data-action=turn]"))
        expect(page.locator("#board")).to_have_attribute("data-moves", str(n), timeout=SCREEN_TIMEOUT_MS)
        assert page.locator(".ck-card.fresh").count() == 1
    until_still(page)
    card = box_of(page.locator(".ck-card.ck-up").first)
    # the turned tile flips where it lands (a Turn names no place it goes to: the tile was face down)
    wrong = [g for g in ghosts if g["key"].startswith("slot") or g["w"] > card["width"] * 1.1 + 1
             or g["h"] > card["height"] * 1.1 + 1 or "down" in g["text"]]
    assert not wrong, (card, wrong[:5])
    shoot(app.page, SHOTS / "clock-after-turns-1280x800")
    assert not app.errors


@pytest.mark.parametrize("size", [(844, 390), (390, 844)])
def test_computer_turns_move_tiles_not_seat_cards(app: App, size: tuple[int, int]) -> None:
    page = app.page
    options = {"set": "double-12", "players": 8}
    record, _ = native_record("matador", options, 8, 5, lambda v: v["to_move"] == 0 and v["moves"] >= 30)
    resize(app, size)
    computer_speed(page, "normal")
    open_record(app, "matador", options, 8, 5, record)
    page.evaluate("() => { document.documentElement.dataset.motion = 'normal'; }")
    moves = page.get_attribute("#table-screen", "data-moves")
    hand = box_of(page.locator(".hand-tile").first)
    tiles = [box_of(page.locator(".layout-svg [data-key]").nth(i)) for i in range(3)]
    biggest = max(max(b["width"], b["height"]) for b in [hand, *tiles])  # a tile in the hand or on the table

    ghosts = sample_ghosts(app, 6000, lambda: play_a_move(page))
    expect(page.locator("#table-screen")).not_to_have_attribute("data-moves", moves or "", timeout=SCREEN_TIMEOUT_MS)
    assert ghosts
    wrong = [g for g in ghosts if g["key"].startswith("seat:") or g["key"] == "stock"
             or max(g["w"], g["h"]) > biggest * 1.1 + 1]
    assert not wrong, (biggest, wrong[:5])
    # the computers' turns still to come (the sample ends after 6 s) made at once, at the instant pace
    # chosen on the screen, not played out at the normal one while the next test waits for the page
    page.evaluate("""() => { const speed = document.querySelector('#speed'); speed.value = 'instant';
      speed.dispatchEvent(new Event('change')); }""")
    settled(page)
    computer_speed(page, "normal")  # the pace kept as this test chose it
    assert not app.errors


# ---- 5. round and game summaries fit their screen

def round_over_twice(view: View) -> bool:
    """The second round (or a later one) is over and the game goes on."""
    over = bool((view.get("round") or {}).get("over"))
    return over and not view.get("outcome") and len(view.get("rounds") or []) >= 2


@pytest.mark.parametrize("kind", ["round", "game"])
def test_ten_seat_summaries_fit_desktop_and_phone(app: App, touch: App, kind: str) -> None:
    """Ten players' round and game summaries fit 1280x800, 360x740 and 844x390. Held sideways (the
    summary opened at 360x740 and the phone turned) the round's words and the score sheet stand
    beside the players' table, whose rows are short (the hands' tiles lie down), so the headline,
    every row and the buttons are in view and nothing scrolls (the dialog scrolled by 370 px)."""
    options = {"set": "double-12", "players": 10}
    stop = round_over_twice if kind == "round" else game_over
    record, _ = native_record("tiddle-a-wink", options, 10, 1, stop, most=20000)
    problems = []
    for who, sizes in ((app, [(1280, 800)]), (touch, [(360, 740), (844, 390)])):
        resize(who, sizes[0])
        open_record(who, "tiddle-a-wink", options, 10, 1, record)
        dialog = who.page.locator("#round-summary")
        expect(dialog).to_have_attribute("open", "", timeout=SCREEN_TIMEOUT_MS)
        expect(dialog).to_have_attribute("data-kind", "round" if kind == "round" else "game-over")
        for size in sizes:
            resize(who, size)
            problems += [f"{size}: {p}" for p in who.page.evaluate(SUMMARY_PROBLEMS)]
            if size == (844, 390):
                rows = who.page.evaluate(ROWS_IN_VIEW)
                problems += [f"{size}: {r['name']} is not in view" for r in rows if not r["inView"]]
                problems += [] if len(rows) == 11 else [f"{size}: {len(rows)} rows, not 11: {rows}"]
                scroll = dialog.evaluate("d => [d.scrollHeight, d.clientHeight]")
                problems += [f"{size}: the dialog scrolls: {scroll}"] if scroll[0] > scroll[1] + 1 else []
            shoot(who.page, SHOTS / f"summary-{kind}-10-seats-{size[0]}x{size[1]}")
        who.page.keyboard.press("Escape")
    assert not problems, "\n".join(problems)
    assert not app.errors and not touch.errors


WINNER_LINE = """() => {
  const row = document.querySelector('#round-summary .summary-table tr.winner');
  const top = (cell) => { const range = document.createRange(); range.selectNodeContents(cell);
    const rects = [...range.getClientRects()]; return [rects.length, Math.round(rects[0].top)]; };
  return {name: top(row.querySelector('th')), hand: top(row.querySelector('td'))};
}"""


@pytest.mark.parametrize("game", ["draw", "matador"])
def test_a_four_seat_summary_shows_every_row_on_a_phone_held_sideways(touch: App, game: str) -> None:
    """844x390: the round's words beside its table, so every player's row (the winner's too) is
    in view between the headline and the buttons without scrolling. Draw's summary is then turned
    upright (360x740, 390x844): the winner row's "★ Cleo" on one line, level with the rest of the row."""
    options = {"set": "double-6", "players": 4, "target": 100} if game == "draw" else {"set": "double-12", "players": 4}
    seed = 11 if game == "draw" else 5
    record, _ = native_record(game, options, 4, seed,
                              lambda v: bool((v.get("round") or {}).get("over") or v.get("outcome")))
    resize(touch, (844, 390))
    open_record(touch, game, options, 4, seed, record)
    dialog = touch.page.locator("#round-summary")
    expect(dialog).to_have_attribute("open", "", timeout=SCREEN_TIMEOUT_MS)
    settled(touch.page)
    until_still(touch.page)
    rows = touch.page.evaluate(ROWS_IN_VIEW)
    assert len(rows) == 5 and all(r["inView"] for r in rows), rows
    assert touch.page.evaluate("document.querySelector('#round-summary').scrollTop") == 0
    shoot(touch.page, SHOTS / f"summary-{game}-4-seats-844x390")
    for size in ((360, 740), (390, 844)) if game == "draw" else ():
        resize(touch, size)
        line = touch.page.evaluate(WINNER_LINE)
        assert line["name"] == line["hand"], (size, line)
    touch.page.keyboard.press("Escape")
    assert not touch.errors


# ---- 6. Clock at 360x740: the opening message and the exchange help whole

CUT = """selectors => {
  const problems = [];
  for (const sel of selectors) {
    const el = document.querySelector(sel);
    if (!el) { problems.push(`${sel} missing`); continue; }
    const r = el.getBoundingClientRect();
    if (r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)
      problems.push(`${sel} is off the screen`);
    // every box around it that clips shows it whole
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const b = box.getBoundingClientRect();
      if (r.top < b.top + box.clientTop - 0.5 || r.bottom > b.top + box.clientTop + box.clientHeight + 0.5 ||
          r.left < b.left - 0.5 || r.right > b.right + 0.5)
        problems.push(`${sel} is cut by ${box.className || box.tagName}`);
    }
    if (el.scrollHeight > el.clientHeight + 1) problems.push(`${sel} overflows itself`);
  }
  return problems;
}"""


def test_clock_messages_whole_at_360_and_the_exchange_help_at_every_size(touch: App) -> None:
    page = touch.page
    resize(touch, (360, 740))
    follow_link(touch, "#/play/clock?deal=1&exchange=true")
    expect(page.locator("#board")).to_have_attribute("data-moves", "0", timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator("#message")).not_to_be_empty()
    problems = page.evaluate(CUT, ["#message"])
    shoot(touch.page, SHOTS / "clock-start-360x740")
    record, _ = native_record("clock", {"exchange": True}, 1, 1, lambda v: bool(v["board"].get("exchange_pending")),
                              person=lambda v: next(m["id"] for m in v["legal"] if m["kind"] == "turn"))
    open_record(touch, "clock", {"exchange": True}, 1, 1, record)
    for size in ((360, 740), (390, 844), (844, 390), (1280, 800)):
        resize(touch, size)
        # the help whole (its heading, the best choices and "How the swap works"), the choices too
        problems += [f"{size}: {p}" for p in page.evaluate(CUT, ["#message", ".ck-exchange-help", ".ck-exchange"])]
        shoot(touch.page, SHOTS / f"clock-exchange-{size[0]}x{size[1]}")
    resize(touch, (360, 740))
    assert not problems, "\n".join(problems)
    assert not touch.errors


# ---- a table game at 360 px: the toolbar in one line, no room kept empty for a message

TOP_OF_TABLE = """() => {
  const bar = document.querySelector('.play-main > .toolbar');
  const shown = [...bar.children].filter((e) => e.getBoundingClientRect().width > 0);
  const box = (e) => e.getBoundingClientRect();
  return {tops: [...new Set(shown.map((e) => Math.round(box(e).top)))],
    right: Math.max(...shown.map((e) => box(e).right)), width: innerWidth,
    buttons: shown.map((e) => e.getAttribute('aria-label') || e.textContent),
    gap: box(document.querySelector('#turn')).top - box(bar).bottom,
    turn: box(document.querySelector('#turn')).top};
}"""


@pytest.mark.parametrize("game", list(TABLES))
def test_table_toolbar_is_one_line_with_no_empty_message_area_at_360(touch: App, game: str) -> None:
    page = touch.page
    resize(touch, (360, 740))
    computer_speed(page, "slow")
    open_midgame(touch, game)
    expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=SCREEN_TIMEOUT_MS)
    until_still(page)
    top = page.evaluate(TOP_OF_TABLE)
    assert len(top["tops"]) == 1 and top["right"] <= top["width"], top  # one line, in the screen
    assert "Hint" in top["buttons"], top
    assert top["gap"] <= 10, top  # the turn right under the toolbar: no empty message area between
    # a message shows over the table: nothing under it moves
    two_taps(page)
    page.locator(".hand-tile").first.click()  # "... selected: pick a highlighted place", or "... cannot be played now"
    expect(page.locator("#message")).not_to_be_empty()
    assert page.locator("#message").is_visible()
    assert page.evaluate(TOP_OF_TABLE)["turn"] == top["turn"]
    shoot(touch.page, SHOTS / f"{game}-message-360x740")
    if page.locator(".hand-tile.selected").count():
        page.locator(".hand-tile.selected").click()  # put back
    # the computers' turns: "Skip to my turn" shows, in the same line
    skip = page.locator('[data-action="skip"]')
    for _ in range(30):  # a draw keeps the turn: the person moves until the computers play
        if skip.is_visible() or page.get_attribute("#turn", "data-whose") != "you":
            break
        moves = page.get_attribute("#table-screen", "data-moves")
        page.locator(PLAYABLE).first.focus()
        move_by_keyboard(touch)
        expect(page.locator("#table-screen")).not_to_have_attribute("data-moves", str(moves))
    expect(skip).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    top = page.evaluate(TOP_OF_TABLE)
    assert len(top["tops"]) == 1 and top["right"] <= top["width"], top
    assert "Skip to my turn" in top["buttons"], top
    shoot(touch.page, SHOTS / f"{game}-skip-360x740")
    skip.click()
    expect(page.locator('#turn[data-whose="you"], dialog[open]').first).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    computer_speed(page, None)
    assert not touch.errors


MESSAGE_COVERS = """() => {
  const problems = [];
  const main = document.querySelector('.play-main');
  const board = main.lastElementChild;  // the renderer's board (a table's starts with whose turn it is)
  const kept = [board, document.querySelector('#turn'), main.querySelector(':scope > .statusline'),
    main.querySelector(':scope > .guide'), document.querySelector('.lesson-offer')]
    .filter((el) => el && el.getClientRects().length);
  for (const sel of ['#message', '#hint-text']) {
    const el = document.querySelector(sel);
    if (!el || !el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') continue;
    const r = el.getBoundingClientRect();
    if (r.top < -0.5 || r.bottom > innerHeight + 0.5) problems.push(`${sel} is off the screen`);
    if (el.scrollHeight > el.clientHeight + 1) problems.push(`${sel} is cut: it scrolls within`);
    for (const other of kept) {
      const o = other.getBoundingClientRect();
      if (Math.min(r.bottom, o.bottom) - Math.max(r.top, o.top) > 0.5 &&
          Math.min(r.right, o.right) - Math.max(r.left, o.left) > 0.5)
        problems.push(`${sel} "${el.textContent.slice(0, 30)}" covers ${other.id || other.className}`);
    }
  }
  return problems;
}"""


@pytest.mark.parametrize("size", [(360, 740), (390, 844)])
def test_a_message_never_covers_whose_turn_or_the_board_on_a_phone(touch: App, size: tuple[int, int]) -> None:
    """A portrait phone keeps no room for a message: a fresh one shows whole at the top of the screen,
    over the site's bar and the game's title, never over the two-line turn banner, a solitaire's status,
    the guided deal's offer or the top of the board; a hint (asked for) sits above the board."""
    page = touch.page
    resize(touch, size)
    tag = f"{size[0]}x{size[1]}"
    problems: list[str] = []

    def look(what: str) -> None:
        expect(page.locator("#message")).not_to_be_empty()
        expect(page.locator("#message")).to_be_visible()
        problems.extend(f"{what}: {p}" for p in page.evaluate(MESSAGE_COVERS))
        shoot(touch.page, SHOTS / f"message-{what}-{tag}")

    computer_speed(page, "instant")
    follow_link(touch, "#/play/draw?deal=3&set=double-6&players=2&target=50&seats=human,ai:easy")
    expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=SCREEN_TIMEOUT_MS)
    until_still(page)
    two_taps(page)
    page.locator(".hand-tile").first.click()  # "... selected: pick a highlighted place", or "... cannot be played now"
    look("draw")
    page.click("button[data-action=hint]")
    expect(page.locator("#hint-text")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    look("draw-hint")
    follow_link(touch, "#/play/clock?deal=1&exchange=true")  # the opening message: three lines at 360 px
    expect(page.locator("#board")).to_have_attribute("data-moves", "0", timeout=SCREEN_TIMEOUT_MS)
    look("clock")
    # a new player's first sight of a game: its guided deal offered under the title, the opening
    # message over the title and the site's bar, never over the offer
    page.evaluate("() => ['boneyard.lessons.v1', 'boneyard.game.clock'].forEach((k) => localStorage.removeItem(k))")
    follow_link(touch, "#/play/clock")
    expect(page.locator(".lesson-offer")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator("#board")).to_have_attribute("data-moves", "0", timeout=SCREEN_TIMEOUT_MS)
    look("clock-offer")
    follow_link(touch, "#/play/luzon?deal=5&variant=twelve")
    expect(page.locator("#board")).to_have_attribute("data-moves", "0", timeout=SCREEN_TIMEOUT_MS)
    page.click('#board [data-slot="r1"]')
    page.click('#board [data-slot="r2"]')  # refused, in a long sentence
    expect(page.locator("#message")).to_have_attribute("data-kind", "error")
    look("luzon-refused")
    page.click("button[data-action=hint]")
    expect(page.locator("#hint-text")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    look("luzon-hint")
    computer_speed(page, None)
    assert not problems, "\n".join(problems)
    assert not touch.errors


SEAT_CARDS = """() => {
  const strip = document.querySelector('#seats'), s = strip.getBoundingClientRect();
  const right = s.left + strip.clientLeft + strip.clientWidth;
  return [...strip.querySelectorAll('.seat')].map((seat) => {
    const r = seat.getBoundingClientRect(), name = seat.querySelector('.seat-name');
    return {seat: seat.dataset.seat, inView: r.left >= s.left - 0.5 && r.right <= right + 0.5,
            nameWhole: name.scrollWidth <= name.clientWidth + 0.5,
            words: [...seat.querySelectorAll('.seat-line')].every((l) => l.scrollWidth <= l.clientWidth + 0.5)};
  });
}"""


def test_four_seat_cards_all_in_view_on_a_phone(touch: App) -> None:
    """Four players on a portrait phone (360x740, 390x844): every seat card whole in the strip, none
    scrolled off its edge (a phone shows no scroll bar, so a card off the edge is a player nobody sees)."""
    page = touch.page
    resize(touch, (360, 740))
    computer_speed(page, "instant")
    follow_link(touch, "#/play/matador?deal=5&set=double-12&players=4&seats=human,ai:easy,ai:easy,ai:easy")
    expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=SCREEN_TIMEOUT_MS)
    for size in ((360, 740), (390, 844)):
        resize(touch, size)
        cards = page.evaluate(SEAT_CARDS)
        assert len(cards) == 4, (size, cards)
        assert all(c["inView"] and c["nameWhole"] and c["words"] for c in cards), (size, cards)
        shoot(touch.page, SHOTS / f"matador-four-seats-{size[0]}x{size[1]}")
    computer_speed(page, None)
    assert not touch.errors


HAND_AREA = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left,
    right: r.right}; };
  const actions = document.querySelector("#actions");
  return {hand: box(document.querySelector("#hand")), actions: box(actions),
    choosing: actions.classList.contains("choosing"),
    tiles: [...document.querySelectorAll("#hand .hand-tile")].map(box),
    buttons: [...actions.querySelectorAll("button")].map(box), vw: innerWidth, vh: innerHeight};
}"""


def test_sideways_the_moves_that_are_not_a_tile_sit_beside_the_hand(touch: App) -> None:
    """A phone held sideways: a move that is not a tile (Draw, Pass, Go) sits beside the hand's
    tiles, under the zoom buttons, so the table keeps the height; a tile's ways to go (a matador
    either way round) take a row of their own under the hand, whole, the hand still whole."""
    page = touch.page
    resize(touch, (844, 390))
    computer_speed(page, "instant")
    # deal 3: the person's 3-7 goes on either end, each either way round
    follow_link(touch, "#/play/matador?deal=3&players=3&seats=human,ai:easy,ai:easy")
    expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=SCREEN_TIMEOUT_MS)
    until_still(page)
    tile = page.locator('#hand .hand-tile[data-tile="3-7"]')
    two_taps(page)
    tile.click()
    page.locator(".end-marker.active").first.click()
    expect(page.locator("#actions button")).to_have_count(3)  # two ways round and Cancel
    until_still(page)
    area = page.evaluate(HAND_AREA)

    def inside(r: dict[str, float]) -> bool:
        return r["left"] >= -0.5 and r["top"] >= -0.5 and r["right"] <= area["vw"] + 0.5 \
            and r["bottom"] <= area["vh"] + 0.5

    assert area["choosing"] and area["actions"]["top"] >= area["hand"]["bottom"] - 0.5, area
    assert all(inside(r) for r in area["tiles"] + area["buttons"]), area
    shoot(touch.page, SHOTS / "matador-choice-844x390")
    page.locator("#actions button", has_text="Cancel").click()
    expect(page.locator("#actions.choosing")).to_have_count(0)
    open_midgame(touch, "matador")  # the person has no tile to play: Draw
    expect(page.locator("#actions [data-move]")).to_have_text("Draw", timeout=SCREEN_TIMEOUT_MS)
    until_still(page)
    area = page.evaluate(HAND_AREA)
    assert not area["choosing"] and area["actions"]["left"] >= area["hand"]["right"] - 0.5, area
    assert area["actions"]["bottom"] <= area["hand"]["bottom"] + 12, area  # no row of its own under the tiles
    assert all(inside(r) for r in area["tiles"] + area["buttons"]), area
    shoot(touch.page, SHOTS / "matador-draw-844x390")
    computer_speed(page, None)
    assert not touch.errors


# ---- 7. table tiles grow on a large board

def test_table_tiles_grow_on_a_large_board(app: App) -> None:
    page = app.page
    resize(app, (1280, 800))
    follow_link(app, "#/play/draw?deal=11&set=double-12&players=6&target=100&seats=human," + ",".join(["ai:easy"] * 5))
    expect(page.locator("#table-screen[data-session]")).to_be_attached(timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator(".game.busy")).to_have_count(0, timeout=SCREEN_TIMEOUT_MS)
    until_still(page)
    box = box_of(page.locator("#layout"))
    root = box_of(page.locator(".layout-svg .root-tile"))
    assert box and root and box["width"] > 600 and box["height"] > 250, box
    shoot(app.page, SHOTS / "draw-start-1280x800")
    assert max(root["width"], root["height"]) > 64 and min(root["width"], root["height"]) > 32, root
    assert max(root["width"], root["height"]) <= 112, root  # a comfortable maximum
    assert not app.errors


# ---- the last move after an import and after the page started again

def test_an_imported_game_shows_its_last_move_and_each_seats_last_action(app: App) -> None:
    """After an import (and again after the page started again from what it stored, as a reload
    starts it) the last-move line tells the last move made, not the round's opening, and each seat's
    note its last action; the round's opening is logged once."""
    page = app.page
    resize(app, (1280, 800))
    options = {"set": "double-12", "players": 4}

    def after_a_play(view: View) -> bool:
        events = view.get("events") or []
        return view["to_move"] == 0 and view["moves"] >= 30 and bool(events) and events[-1]["kind"] == "play" \
            and events[-1]["seat"] != 0

    record, _ = native_record("matador", options, 4, 5, after_a_play)
    events = handle_request({"op": "load", "record": record, "seat": 0})["view"]["events"]
    computer_speed(page, "instant")
    open_record(app, "matador", options, 4, 5, record)
    last = events[-1]
    words = {"draw": "drew", "pass": "passed"}
    actions = {e["seat"]: f"played {e['tile']}" if e["kind"] == "play" else words[e["kind"]] for e in events}
    assert len(actions) == 4, events
    for when in ("imported", "started-again"):
        expect(page.locator("#last-move")).to_have_text(f"{seat_name(page, last['seat'])} {last['label']}")
        notes = page.eval_on_selector_all(".seat .seat-last", "ns => ns.map((n) => n.textContent)")
        assert notes == [actions[i] for i in range(4)], (when, notes, actions)
        log = page.eval_on_selector_all("#log li", "ls => ls.map((l) => l.textContent)")
        assert len([line for line in log if line.startswith("Round 1:")]) == 1, (when, log)
        shoot(app.page, SHOTS / f"matador-{when}-1280x800")
        if when == "imported":  # the same game, opened again from what the page saved (the page started
            url = page.url  # again from what it stored, as a load starts it, without one: conftest.started_again)
            started_again(page, url)
            expect(page.locator("#table-screen")).to_have_attribute("data-moves", str(len(record["moves"])),
                                                                    timeout=SCREEN_TIMEOUT_MS)
    computer_speed(page, None)
    assert not app.errors


# ---- a long line uses the board's room

TABLE_TILES = """() => [...document.querySelectorAll('.layout-svg [data-key]')].map((t) => {
  const r = t.getBoundingClientRect();
  return Math.max(r.width, r.height);
})"""


@pytest.mark.parametrize(("moves", "least", "fits"), [(70, 48, True), (106, 41, True)])
def test_a_long_matador_line_uses_the_boards_room(app: App, moves: int, least: int, fits: bool) -> None:
    """A line of 28 and of 36 tiles (Matador, double-12, three players): it snakes as narrow as draws its
    tiles largest, so at 390x844 they stay countable (the 28-tile line was drawn 16 units wide, its tiles
    43 px long, half the board's height empty), and a desktop board's height is used too. The 36-tile
    line fits 390x844 too, its table's middle moved toward its longer arm (centred on the first tile it
    fitted only below 20 px a half, and panned)."""
    options = {"set": "double-12", "players": 3}
    record, view = native_record("matador", options, 3, 20, lambda v: v["to_move"] == 0 and v["moves"] >= moves)
    page = app.page
    computer_speed(page, "instant")
    resize(app, (390, 844))
    open_record(app, "matador", options, 3, 20, record)
    sizes = {}
    for size, want in (((390, 844), least), ((1280, 800), 64)):
        resize(app, size)
        lengths = page.evaluate(TABLE_TILES)
        assert len(lengths) == len(view["board"]["tiles"]), lengths
        sizes[size] = (round(min(lengths), 1), want)
        assert page.locator("#layout").get_attribute("data-fits") == str(fits or size[0] > 1000).lower(), size
        shoot(app.page, SHOTS / f"matador-line-{len(lengths)}-{size[0]}x{size[1]}")
    computer_speed(page, None)
    assert all(got >= want for got, want in sizes.values()), sizes
    assert not app.errors


# ---- The Big Clock's double-6 dial uses a tall board

DIAL_PROBLEMS = """() => {
  const problems = [];
  const board = document.querySelector('#board'), b = board.getBoundingClientRect();
  if (board.scrollHeight > board.clientHeight + 1 || board.scrollWidth > board.clientWidth + 1)
    problems.push('the board scrolls');
  const tiles = [...document.querySelectorAll('.bc-slot .bc-stack')].map((t) => [t.closest('.bc-slot').dataset.slot,
    t.getBoundingClientRect()]);
  for (const [slot, r] of tiles) {
    if (r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5)
      problems.push(`${slot} is not wholly on the board`);
  }
  for (let i = 0; i < tiles.length; i++) for (let j = i + 1; j < tiles.length; j++) {
    const [a, c] = [tiles[i][1], tiles[j][1]];
    if (Math.min(a.right, c.right) - Math.max(a.left, c.left) > 0.5 &&
        Math.min(a.bottom, c.bottom) - Math.max(a.top, c.top) > 0.5)
      problems.push(`${tiles[i][0]} overlaps ${tiles[j][0]}`);
  }
  return [Math.min(...tiles.map(([, r]) => r.width)), tiles.length, problems];
}"""


def test_the_double_six_dial_uses_a_tall_board(touch: App) -> None:
    """On a phone held upright the double-6 dial stands as the right half of a clock face, so its six
    tiles are larger (70 px wide at 390x844 on a half circle across the top), whole, apart, and nothing
    scrolls; at the start and mid-game, each at 390x844 and 360x740."""
    page = touch.page
    least = {(390, 844): 90, (360, 740): 66}  # the narrowest tile's width, in px
    resize(touch, (390, 844))
    follow_link(touch, "#/play/big-clock?deal=21&set=double-6")
    expect(page.locator("#board")).to_have_attribute("data-moves", "0", timeout=SCREEN_TIMEOUT_MS)
    record, _ = native_record("big-clock", {"set": "double-6"}, 1, 21, lambda v: v["moves"] >= 14)
    problems = []
    for when in ("start", "mid"):
        if when == "mid":
            open_record(touch, "big-clock", {"set": "double-6"}, 1, 21, record)
        for size, narrowest in least.items():
            resize(touch, size)
            width, count, found = page.evaluate(DIAL_PROBLEMS)
            assert count == 6, (when, size, count)
            problems += [f"{when} {size}: {p}" for p in found]
            problems += [f"{when} {size}: tiles {width:.0f} px wide"] if width < narrowest else []
            shoot(touch.page, SHOTS / f"big-clock-6-{when}-{size[0]}x{size[1]}")
    assert not problems, "\n".join(problems)
    assert not touch.errors


# ---- 8. plain words

def test_table_words_by_name_and_in_grammar(app: App) -> None:
    """A blocked Matador round the person wins: "You have the lowest hand", the score by name
    ("41 points: Ada 97 - 60 = 37, Ben 64 - 60 = 4."), the score sheet's "0 · 1 pip" (never "+0"
    or "1 pips"); the end of a game by name ("You reached 50.", never "seat 0")."""
    page = app.page
    resize(app, (1280, 800))
    options = {"set": "double-9", "players": 3}

    def blocked_mine(view: View) -> bool:
        last = view.get("last_round") or {}
        over = bool((view.get("round") or {}).get("over"))
        return over and last.get("reason") == "blocked" and last.get("winner") == 0

    record, view = native_record("matador", options, 3, 1, blocked_mine)
    open_record(app, "matador", options, 3, 1, record)
    dialog = page.locator("#round-summary")
    expect(dialog).to_have_attribute("data-kind", "round", timeout=SCREEN_TIMEOUT_MS)
    shoot(app.page, SHOTS / "matador-blocked-summary-1280x800")
    expect(dialog.locator(".summary-headline")).to_have_text("You have the lowest hand: the round is blocked.")
    names = [seat_name(page, i) for i in (1, 2)]
    terms = view["last_round"]["score"]["terms"]
    expected = f"You score {view['last_round']['score']['total']} points: " + ", ".join(
        f"{names[t['seat'] - 1]} {t['pips']} - {t['minus']} = {t['value']}" for t in terms) + "."
    expect(dialog.locator("#summary-arithmetic")).to_have_text(expected)
    details = page.eval_on_selector_all(".score-sheet .sheet-detail", "ds => ds.map((d) => d.textContent)")
    assert details and not [d for d in details if "+0" in d or re.search(r"(^|\D)1 pips", d)], details
    page.keyboard.press("Escape")

    # the last move of a game, made by the computer: the end in words, by name
    options = {"set": "double-6", "players": 2, "target": 50}
    record, view = native_record("draw", options, 2, 3, game_over)
    record = {**record, "moves": record["moves"][:-1]}
    computer_speed(page, "instant")
    follow_link(app, "#/play/draw?deal=3&set=double-6&players=2&target=50&seats=human,ai:easy")
    expect(page.locator("#table-screen[data-session]")).to_be_attached(timeout=SCREEN_TIMEOUT_MS)
    import_answered(page, record_file(record, "end.json"),  # the computer's last move follows at once
                    "#table-screen[data-over=game]", SCREEN_TIMEOUT_MS)
    seat = view["outcome"]["winners"][0]
    winner = "You" if seat == 0 else seat_name(page, seat)
    expect(page.locator("#message")).to_have_text(f"{winner} reached 50.")
    assert not app.errors


def test_hint_reads_as_sentences(app: App) -> None:
    page = app.page
    follow_link(app, "#/play/draw?deal=3&set=double-6&players=2&target=50&seats=human,ai:easy")
    expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=SCREEN_TIMEOUT_MS)
    page.click("button[data-action=hint]")
    hint = page.locator("#hint-text")
    expect(hint).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    text = hint.inner_text()
    assert re.fullmatch(r"Hint: [A-Z][^.]*\. [A-Z].*[.!?]", text), text  # two sentences, each with its stop
    assert not app.errors


def test_luzon_words(app: App) -> None:
    """The last move in plain past tense, the rule that refuses two reserve tiles, a resignation
    titled as one."""
    page = app.page
    follow_link(app, "#/play/luzon?deal=5&variant=twelve")
    expect(page.locator("#board")).to_have_attribute("data-moves", "0", timeout=SCREEN_TIMEOUT_MS)
    page.click('#board [data-slot="r1"]')
    page.click('#board [data-slot="r2"]')  # 12 pips together, both in the reserve
    expect(page.locator("#message")).to_have_text(
        "Not allowed: two reserve tiles never pair: a pair takes at least one tile from the bottom of a column.")
    page.click('#board [data-slot="c1"]')
    page.click('#board [data-slot="r3"]')
    expect(page.locator("#board")).to_have_attribute("data-moves", "1", timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator("#message")).to_have_text("You discarded 1-4 and 3-4.")
    page.click("button[data-action=resign]")
    page.locator("#confirm button", has_text="Resign").click()
    expect(page.locator("#outcome h2")).to_have_text("You resigned", timeout=SCREEN_TIMEOUT_MS)
    shoot(app.page, SHOTS / "luzon-resigned-1280x800")
    assert not app.errors


def test_setup_player_limits_follow_the_set(app: App) -> None:
    page = app.page
    follow_link(app, "#/play/draw")
    expect(page.locator("#setup")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    help_text = page.locator("#setup-players-help")
    page.select_option("#setup-set", "double-6")
    expect(help_text).to_have_text("2 to 4 players with double-6")
    assert page.locator("#setup-players option[value='5']").is_disabled()
    page.select_option("#setup-set", "double-12")
    expect(help_text).to_have_text("2 to 6 players with double-12")
    assert page.locator("#setup-players option[value='6']").is_enabled()
    assert not app.errors


def test_settings_choices_keep_their_size_on_a_phone(touch: App) -> None:
    """At 360 px a choice whose words wrap keeps a whole, square radio button or box."""
    page = touch.page
    resize(touch, (360, 740))
    page.goto(f"{touch.url}#/settings")
    expect(page.locator(".settings-form")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    sizes = page.evaluate("""() => [...document.querySelectorAll('.choice input')].map((i) => {
      const r = i.getBoundingClientRect();
      return [`${i.name}=${i.value}`, Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10];
    })""")
    assert len(sizes) > 10, sizes
    squeezed = [s for s in sizes if s[1] != sizes[0][1] or s[2] != sizes[0][2] or s[1] != s[2]]
    assert not squeezed, (sizes[0], squeezed)
    shoot(touch.page, SHOTS / "settings-360x740")
    assert not touch.errors


def test_the_score_sheet_reads_as_something_that_opens_on_a_phone(touch: App) -> None:
    """On a touch screen the score sheet's summary (a 44 px flex box, no browser triangle) shows a
    triangle of its own: ▸ closed, ▾ open."""
    page = touch.page
    resize(touch, (360, 740))
    computer_speed(page, "instant")
    follow_link(touch, "#/play/draw?deal=3&set=double-6&players=2&target=50&seats=human,ai:easy")
    expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=SCREEN_TIMEOUT_MS)
    page.locator(".more-button").click()
    summary = page.locator("#sheet-box > summary")
    expect(summary).to_be_visible()
    marker = ("(s) => getComputedStyle(s).display === 'list-item' ? 'list-item'"
              " : getComputedStyle(s, '::before').content")
    assert summary.evaluate(marker) in ('"▸"', "list-item"), summary.evaluate(marker)
    summary.click()
    assert summary.evaluate(marker) in ('"▾"', "list-item"), summary.evaluate(marker)
    page.keyboard.press("Escape")
    computer_speed(page, None)
    assert not touch.errors


# ---- 1. the More panel closes every way

def test_more_panel_closes_every_way(touch: App) -> None:
    """At 360x740, then turned to 844x390: the More panel opens under (or beside) its button and
    closes by its Close button, Esc, a tap outside and Back, the focus back on More, the address kept."""
    page = touch.page
    resize(touch, (360, 740))
    computer_speed(page, "instant")
    follow_link(touch, "#/play/draw?deal=3&set=double-6&players=2&target=50&seats=human,ai:easy")
    expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=SCREEN_TIMEOUT_MS)
    more, panel = page.locator(".more-button"), page.locator("#side-panel")
    url = page.url

    def open_panel(size: tuple[int, int]) -> None:
        more.click()
        expect(panel, f"{size}").to_be_visible()
        m, p = box_of(more), box_of(panel)
        assert p["y"] >= m["y"] + m["height"] - 0.5 or p["x"] >= m["x"] + m["width"], (size, m, p)  # More in view
        expect(panel.locator(".side-close"), f"{size}").to_be_visible()

    def closed(size: tuple[int, int], how: str) -> None:
        how = f"{size}: {how}"
        expect(panel, how).to_be_hidden()
        expect(more, how).to_be_focused()
        expect(more, how).to_have_attribute("aria-expanded", "false")
        assert page.url == url, how

    for size in ((360, 740), (844, 390)):
        resize(touch, size)
        open_panel(size)
        shoot(touch.page, SHOTS / f"more-open-{size[0]}x{size[1]}")
        panel.locator(".side-close").click()
        closed(size, "the Close button")
        open_panel(size)
        page.keyboard.press("Escape")
        closed(size, "Esc")
        open_panel(size)
        board = box_of(page.locator("#turn"))
        page.mouse.click(board["x"] + 10, board["y"] + board["height"] / 2)  # a tap outside the panel
        closed(size, "a tap outside")
        open_panel(size)
        page.go_back()
        closed(size, "Back")
        expect(page.locator("#table-screen"), f"{size}").to_be_visible()
    assert not touch.errors
