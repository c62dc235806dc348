"""What the page survives: hostile settings, hostile requests and saved records, storage
full, the same game in two tabs, a dead worker, sessions left behind."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Route, expect

from engine.lessons import lesson_for
from tests.engine.helpers import call
from tests.typed import known

from . import lesson_play, solitaire_play
from .coach_records import counted, finished_record, load_with_record, native, open_coach_from_result
from .conftest import (
    DESKTOP,
    READY_TIMEOUT_MS,
    SCREEN_TIMEOUT_MS,
    App,
    attach,
    computer_speed,
    expect_moves,
    open_deal,
    open_table,
    record_file,
    settled,
    started_again,
    stats,
)
from .page_storage import clean
from .solitaire_play import LUZON_WON_SEED, click_move, play_line

line = solitaire_play.line  # the winning line of LUZON_WON_SEED (a module fixture)
RESTARTED = "The game engine stopped and was restarted"  # (web/guard.js) what a game screen put back follows
RELOADED = f"{RESTARTED}; the game was reloaded from its last save"  # (web/play/screen_kept.js)
RESTART_TIMEOUT_MS = 60_000  # a dead worker is noticed within seconds; a new one starts
REVIEW_TIMEOUT_MS = 180_000  # a whole review, on a loaded machine

# The worker dies as the page sends it the `nth` request of an op (counted from now): it is terminated
# instead of given that request (with `dies` false it lives on, never given it: the request is never
# answered). window.__kill: that request.
KILL_AT = """([op, nth, dies = true]) => {
  const worker = window.boneyard.engine.worker, post = worker.postMessage.bind(worker);
  let seen = 0;
  window.__kill = new Promise((resolve) => {
    worker.postMessage = (message) => {
      const request = message?.request && JSON.parse(message.request);
      if (request?.op === op && ++seen === nth) {
        if (dies) worker.terminate();
        resolve(request);
        return;
      }
      post(message);
    };
  });
}"""
# What the coach's review line said while its progress showed, from now on (the coach mounted again too)
WATCH_REVIEW = """() => {
  window.__reviewSaid = [];
  window.__reviewWatch = new MutationObserver(() => {
    const p = document.querySelector('#coach-progress'), text = document.querySelector('#coach-review-text');
    const said = window.__reviewSaid;
    if (p && !p.hidden && text && said.at(-1) !== text.textContent) said.push(text.textContent);
  });
  window.__reviewWatch.observe(document.getElementById('view'), {subtree: true, childList: true, characterData: true,
                                                                 attributes: true});
}"""

# The engine's answer to one request of an op, held until the test releases it (window.__release): a
# race's window opened as wide as the test needs. The page's own request is put back by UNHOLD, which
# lets an answer still held through (the next game screen waits for the answers of the screens left).
HOLD = """op => {
  const engine = window.boneyard.engine;
  engine.__plain ??= engine.request.bind(engine);
  let holding = true;
  engine.request = (request) => {
    const answer = engine.__plain(request);
    if (request.op !== op || !holding) return answer;
    holding = false;
    return new Promise((resolve, reject) => { window.__release = () => answer.then(resolve, reject); });
  };
}"""
UNHOLD = """() => {
  const engine = window.boneyard?.engine;
  if (engine?.__plain) { delete engine.request; delete engine.__plain; }
  window.__release?.();
  delete window.__release;
}"""

# hostile input is said in the console; uncaught errors still fail. (The engine's worker is terminated
# on the clocked page only: a module after would start there in place, with the engine the page
# restarted; on the desktop page only the engine's request is replaced, by HOLD, and put back, so
# the next module starts in place.)
pytestmark = [pytest.mark.console_errors, pytest.mark.patches_page(undo=UNHOLD)]


@pytest.fixture(autouse=True)
def nothing_held(request: pytest.FixtureRequest) -> Iterator[None]:
    """After each test on the desktop page, no engine answer is held any more (UNHOLD): one a failed
    test left held would keep every later game screen waiting for it (web/app.js screensLeft)."""
    yield
    if "app" in request.fixturenames:
        page = request.getfixturevalue("app").page
        if not page.is_closed():
            page.evaluate(UNHOLD)


def board_session(app: App) -> str | None:
    return app.page.locator("#board").get_attribute("data-session")


def saved_moves(app: App, game: str = "luzon") -> int | None:
    text = app.page.evaluate("key => localStorage.getItem(key)", f"boneyard.game.{game}")
    return None if text is None else len(json.loads(text)["record"]["moves"])


@pytest.mark.parametrize("settings", ['{"toString":1}', '{"constructor":1}', '{"__proto__":{"hints":false}}',
                                      '{"hasOwnProperty":"classic"}'])
def test_settings_with_built_in_names_open_every_screen(app: App, settings: str) -> None:
    page = app.page
    clean(app)
    page.evaluate("text => localStorage.setItem('boneyard.settings.v1', text)", settings)
    app.open("#/settings")
    expect(page.locator("#notice")).to_contain_text("settings", timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator("#view select, #view input").first).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    for game in ("draw", "matador"):
        page.goto(f"{app.url}#/play/{game}")
        expect(page.locator("#view button:visible").first).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
        expect(page.locator("#view [data-kind=error]:visible")).to_have_count(0)
    open_deal(app, "luzon", 3)
    assert not [e for e in app.errors if "includes" in e or "is not a function" in e], app.errors


def test_deep_json_gets_an_answer_and_a_saved_record_with_it_is_dropped(app: App) -> None:
    page = app.page
    clean(app)
    deep = "[" * 3000 + "]" * 3000
    answer = page.evaluate("text => boneyard.request({op: 'view', extra: JSON.parse(text)})", deep)
    assert answer["ok"] is False and answer["error"]["code"] == "bad_request", answer
    record = {"version": 1, "game": "luzon", "options": {"variant": "twelve"}, "seed": 5, "moves": []}
    saved = json.dumps({"format": 1, "record": {**record, "extra": "DEEP"}}).replace('"DEEP"', deep)
    page.evaluate("text => localStorage.setItem('boneyard.game.luzon', text)", saved)
    page.goto(f"{app.url}#/")
    # the menu on screen first: two address changes in a row may reach the page's router as one, and
    # #/play/luzon is the address of the game on screen (left from the test before), so the page
    # would keep that game and never read the saved record
    expect(page.locator("section.menu")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    page.goto(f"{app.url}#/play/luzon")
    expect(page.locator("#notice")).to_contain_text("could not be restored", timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator("#board")).to_have_attribute("data-moves", "0", timeout=SCREEN_TIMEOUT_MS)
    assert "[[[" not in (page.evaluate("localStorage.getItem('boneyard.game.luzon')") or "")


FILL_STORAGE = """(reserve) => {
  // fill localStorage up (keys of another app on this origin), leaving about `reserve` characters
  let chunk = "x".repeat(1 << 20), i = 0;
  while (chunk.length > reserve) {
    try { localStorage.setItem(`junk.${i++}`, chunk); } catch { chunk = chunk.slice(Math.ceil(chunk.length / 2)); }
  }
}"""


def test_storage_full_is_said_the_game_goes_on_and_free_space_saves_it(app: App, line: list[str]) -> None:
    page = app.page
    clean(app)
    # a finished game of another screen (counted in the statistics), big enough to be worth freeing
    finished = {"format": 1, "token": "clock:done:1", "pad": "y" * 200_000,
                "record": {"version": 1, "game": "clock", "options": {"exchange": True}, "seed": 1, "moves": []}}
    open_deal(app, "luzon", LUZON_WON_SEED)  # open_deal forgets saved games: the finished one is saved after it
    page.evaluate("""(finished) => {
      localStorage.setItem('boneyard.game.clock', JSON.stringify(finished));
      localStorage.setItem('boneyard.stats.v1', JSON.stringify({format: 1, entries: {}, recent: ['clock:done:1']}));
    }""", finished)
    play_line(app, line, 0, 1)
    assert saved_moves(app) == 1
    page.evaluate(FILL_STORAGE, 0)
    play_line(app, line, 1, 5)
    banner = page.locator("#storage-banner[data-kind=full]")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("6 moves")
    assert saved_moves(app) == 1  # the game goes on in memory
    with page.expect_download() as download:
        banner.locator("button[data-action=export-game]").click()
    exported = json.loads(open(download.value.path()).read())
    assert exported["record"]["moves"] == line[:6]
    banner.locator("button[data-action=free-space]").click()
    expect(banner).to_have_count(0)
    expect(page.locator("#notice")).to_contain_text("saved again")
    assert saved_moves(app) == 6 and saved_moves(app, "clock") is None
    play_line(app, line, 6, 1)
    assert saved_moves(app) == 7
    # the page as a reload leaves it, in place (conftest.started_again): the game resumed is the saved one
    started_again(page, f"{app.url}#/play/luzon")
    expect(page.locator("#board")).to_have_attribute("data-moves", "7", timeout=SCREEN_TIMEOUT_MS)
    clean(app)


def test_two_tabs_the_other_tabs_game_is_offered_never_overwritten(app: App, line: list[str]) -> None:
    page = app.page
    clean(app)
    open_deal(app, "luzon", LUZON_WON_SEED)
    play_line(app, line, 0, 2)
    other = App(page.context.new_page(), app.url)
    other.open("#/play/luzon")
    expect(other.page.locator("#board")).to_have_attribute("data-moves", "2", timeout=SCREEN_TIMEOUT_MS)
    play_line(other, line, 2, 3)  # the other tab plays on: 5 moves saved
    banner = page.locator("#storage-banner[data-kind=other-tab]")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("5 moves")
    click_move(app, line[2])  # this tab plays on too: its move is not saved over the other's
    expect_moves(app, 3)
    assert saved_moves(app) == 5
    banner.locator("button[data-action=take-theirs]").click()
    expect(page.locator("#board")).to_have_attribute("data-moves", "5", timeout=SCREEN_TIMEOUT_MS)
    expect(banner).to_have_count(0)
    play_line(app, line, 5, 1)  # saved again, and now the other tab is asked
    assert saved_moves(app) == 6
    other_banner = other.page.locator("#storage-banner[data-kind=other-tab]")
    expect(other_banner).to_be_visible()
    other_banner.locator("button[data-action=keep-ours]").click()
    assert saved_moves(app) == 5
    expect(banner).to_be_visible()
    other.page.close()
    page.goto(f"{app.url}#/")
    clean(app)


def ping_runs_out(app: App) -> None:
    """The page pinged the worker (before a request): let the ping's time run out at once (its
    limit: web/engine_watch.js, longer after a worker was replaced for its silence)."""
    deadline = time.monotonic() + SCREEN_TIMEOUT_MS / 1000
    while not (limit := app.page.evaluate("boneyard.engine.ping?.ms ?? 0")):
        assert time.monotonic() < deadline, "the page never pinged the worker"
        app.page.wait_for_timeout(20)
    app.page.clock.fast_forward(limit)


def test_a_dead_worker_is_restarted_and_the_game_reloaded(clocked: App, line: list[str]) -> None:
    app = clocked
    page = app.page
    clean(app)
    open_deal(app, "luzon", LUZON_WON_SEED)
    play_line(app, line, 0, 3)
    page.evaluate("boneyard.engine.worker.terminate()")
    click_move(app, line[3])  # a move: the dead worker is found; the game reloaded, the move is made then
    ping_runs_out(app)
    expect(page.locator("#notice")).to_contain_text("restarted", timeout=RESTART_TIMEOUT_MS)
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#engine-text")).to_have_text("Engine ready")
    expect(page.locator("#board")).to_have_attribute("data-moves", "4", timeout=SCREEN_TIMEOUT_MS)
    settled(page)
    assert saved_moves(app) == 4  # made once, and saved
    play_line(app, line, 4, 1)
    # a hint asked as the worker dies: asked again once the game is back, and shown
    hinted = page.locator("#board .hinted")
    expect(hinted).to_have_count(0)
    page.evaluate("boneyard.engine.worker.terminate()")
    page.click("button[data-action=hint]")
    ping_runs_out(app)
    expect(hinted.first).to_be_visible(timeout=RESTART_TIMEOUT_MS)
    expect(page.locator("#notice")).to_have_text(f"{RELOADED}, your hint asked again.")
    # the worker dies, and the saved game is opened before anything noticed: it is loaded by the
    # new engine, never dropped as "could not be restored"
    page.evaluate("boneyard.engine.worker.terminate()")
    page.goto(f"{app.url}#/")
    page.goto(f"{app.url}#/play/luzon")
    ping_runs_out(app)
    expect(page.locator("#notice")).to_contain_text("restarted", timeout=RESTART_TIMEOUT_MS)
    expect(page.locator("#board")).to_have_attribute("data-moves", "5", timeout=SCREEN_TIMEOUT_MS)
    assert saved_moves(app) == 5
    # the saved game's load gets no answer in time (a machine too slow for it): the engine restarted for
    # its silence loads it, never dropped as "could not be restored" (and no new deal started over it)
    page.goto(f"{app.url}#/")
    page.evaluate(KILL_AT, ["load", 1, False])
    page.goto(f"{app.url}#/play/luzon")
    page.evaluate("() => window.__kill")  # asked, and never to be answered
    page.clock.fast_forward(page.evaluate("boneyard.engine.patience.requestLimit()"))
    expect(page.locator("#board")).to_have_attribute("data-moves", "5", timeout=RESTART_TIMEOUT_MS)
    expect(page.locator("#notice")).not_to_contain_text("could not be restored")
    assert saved_moves(app) == 5


def test_a_review_a_dead_worker_cut_short_is_asked_again_in_the_coach_where_it_was(clocked: App) -> None:
    """The engine's worker dies during a Big Clock review (as WebKitGTK's wasm trapped in one): once
    the new engine is ready the player is back in the coach at the position they had picked, no
    result dialog over it, the notice line saying the engine was restarted, the review asked again
    with its progress shown, and it runs to its end."""
    app = clocked
    page = app.page
    record = finished_record("big-clock", {"set": "double-6"}, 2, ["human"])
    total, at = len(record["moves"]), counted(record)
    decisions = native({"op": "review", "record": record, "limit": 1})["review"]["total"]
    load_with_record(app, "big-clock", record, "?set=double-6")
    open_coach_from_result(app)
    where = page.locator("#coach-where")
    for back in (1, 2):  # (each step once the one before is shown: a step counts from the position on screen)
        page.locator("#coach").press("ArrowLeft")
        expect(where).to_have_text(at(total - back))
    page.evaluate(KILL_AT, ["review", 2])  # as its second slice is asked (the first answered and shown)
    page.click("button[data-action=coach-review]")
    done, most, hidden = page.evaluate("""() => window.__kill.then(() => {
      const p = document.querySelector('#coach-progress');
      return [p.value, p.max, p.hidden];
    })""")
    assert not hidden and done < most, (done, most, hidden)  # under way, its progress shown, when the worker died
    page.evaluate(WATCH_REVIEW)
    ping_runs_out(app)
    expect(page.locator("#notice")).to_have_text(f"{RELOADED}, the coach open where it was.",
                                                 timeout=RESTART_TIMEOUT_MS)
    expect(page.locator("#coach-review-text")).to_contain_text("computed", timeout=REVIEW_TIMEOUT_MS)
    expect(page.locator("#coach-decisions li[data-index]")).to_have_count(decisions)  # every one rated
    expect(where).to_have_text(at(total - 2))
    expect(page.locator("#coach")).to_be_visible()
    expect(page.locator("dialog[open]")).to_have_count(0)
    said = page.evaluate("() => { window.__reviewWatch.disconnect(); return window.__reviewSaid; }")
    # before the new coach's first word, the coach that died; after it, the review's progress as it came
    again = said.index("The game engine was restarted: reviewing your decisions again…")
    assert any(text.startswith("Reviewing your decisions: ") for text in said[again + 1:]), said
    page.click("button[data-action=coach-close]")
    expect(page.locator("#coach")).to_have_count(0)
    result_seen_stays_closed(app)


def result_seen_stays_closed(app: App) -> None:
    """Back from the coach, a finished game whose result dialog the player saw before the restart: it
    does not open again (the screen before the restart kept it seen), and the way-on bar offers it."""
    expect(app.page.locator("button[data-action=show-result]")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    settled(app.page)
    expect(app.page.locator("dialog[open]")).to_have_count(0)


def restarted(app: App, kill: list[object]) -> dict[str, object]:
    """The worker killed at the request `kill` ([op, nth], KILL_AT) once the test's input asks it: the
    request it died on; the page then finds it dead (ping_runs_out) and starts a new engine."""
    request: dict[str, object] = app.page.evaluate("() => window.__kill")
    assert request["op"] == kill[0], request
    ping_runs_out(app)
    app.page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=RESTART_TIMEOUT_MS)
    return request


FIVE_FROM_THE_END = """() => { const scrubber = document.querySelector('#coach-scrubber');
  scrubber.value = String(Number(scrubber.max) - 5); scrubber.dispatchEvent(new Event('input', {bubbles: true})); }"""


def test_runs_a_dead_worker_cut_short_go_on_after_the_restart(clocked: App) -> None:
    """Show solution, the worker killed at its second move: once the engine is back the solution goes
    on from the saved game to the deal won (it stopped where the worker died). Then the coach's Play,
    the worker killed at its third position: the coach comes back playing and plays to the last move.
    Back from the coach, the result seen before does not open again."""
    app = clocked
    page = app.page
    board = page.locator("#board")
    clean(app)
    computer_speed(page, "instant")  # the solution at its least pause a move
    open_deal(app, "luzon", LUZON_WON_SEED)
    page.evaluate(KILL_AT, ["ai", 2])
    page.click("button[data-action=solution]")
    restarted(app, ["ai", 2])
    expect(page.locator("#notice")).to_have_text(f"{RELOADED}, the solution goes on.")
    expect(board).to_have_attribute("data-over", "game", timeout=RESTART_TIMEOUT_MS)
    settled(page)
    assert saved_moves(app) == int(board.get_attribute("data-moves") or 0) > 1
    record = json.loads(page.evaluate("() => localStorage.getItem('boneyard.game.luzon')"))["record"]
    end = counted(record)(len(record["moves"]))  # the replay's words at the last position
    open_coach_from_result(app)
    where = page.locator("#coach-where")
    expect(where).to_have_text(end)
    play = page.locator("#coach button[data-action=coach-play]")
    page.evaluate(FIVE_FROM_THE_END)  # the scrubber moved there, as a player drags it
    expect(where).not_to_have_text(end)
    page.evaluate(KILL_AT, ["replay", 3])
    play.click()
    restarted(app, ["replay", 3])
    expect(where).to_have_text(end, timeout=RESTART_TIMEOUT_MS)  # played on to the end
    expect(play).to_have_attribute("aria-pressed", "false")
    page.click("button[data-action=coach-close]")
    expect(page.locator("#coach")).to_have_count(0)
    result_seen_stays_closed(app)
    computer_speed(page, None)
    clean(app)


def test_a_new_deal_a_dead_worker_cut_short_comes_on_screen(clocked: App, line: list[str]) -> None:
    """A move, the worker killed as it is asked: the move is made on the new engine and its solver's
    word ("Still winnable") shown. Then a new deal in the other variant over the game in progress
    (left, counted as lost), the worker killed as the engine searches a winnable deal for it: the
    new deal comes on screen (the same options and deal number: the native engine's deal for the
    same request), saved, with no result dialog of the game left (the saved game came back)."""
    app = clocked
    page = app.page
    board = page.locator("#board")
    clean(app)
    open_deal(app, "luzon", LUZON_WON_SEED)
    page.evaluate(KILL_AT, ["play", 1])
    click_move(app, line[0])
    restarted(app, ["play", 1])
    expect(board).to_have_attribute("data-moves", "1", timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator("#winnable")).to_have_attribute("data-winnable", "true")
    expect(page.locator("#winnable")).to_be_visible()
    settled(page)
    page.evaluate(KILL_AT, ["new", 1])
    page.select_option("#option-variant", "sixes")
    page.click("#confirm-yes")  # leave the game in progress
    asked = restarted(app, ["new", 1])
    assert asked["winnable"] is True and asked["options"] == {"variant": "sixes"}, asked
    deal = call(**asked)["view"]
    expect(board).to_have_attribute("data-seed", str(deal["seed"]), timeout=SCREEN_TIMEOUT_MS)
    expect(board).to_have_attribute("data-variant", "sixes")
    expect(board).to_have_attribute("data-moves", "0")
    settled(page)
    expect(page.locator("dialog[open]")).to_have_count(0)
    expect(page.locator("#notice")).to_have_text(f"{RELOADED}, the new deal asked again.")
    assert saved_seed(app) == deal["seed"]
    assert stats(app)["luzon|variant=twelve"]["played"] == 1  # the game left, counted once
    clean(app)


# The deals the board shows from now on, each once in turn (however briefly one shows)
WATCH_DEALS = """() => {
  window.__deals = [];
  new MutationObserver(() => {
    const seed = document.querySelector('#board')?.dataset.seed;
    if (seed && window.__deals.at(-1) !== seed) window.__deals.push(seed);
  }).observe(document.getElementById('view'), {subtree: true, childList: true, attributes: true,
                                               attributeFilter: ['data-seed']});
}"""


def test_a_game_links_deal_a_dead_worker_cut_short_comes_on_screen(clocked: App) -> None:
    """A game link opened with nothing saved, the worker killed as the screen asks for the link's deal
    (the address is then the game's own, the link's deal number gone from it): once the engine is
    back the link's deal comes on screen, and no other deal before it (a random deal showed for a
    moment first), saved, and the notice says so."""
    app = clocked
    page = app.page
    board = page.locator("#board")
    clean(app)
    page.evaluate(WATCH_DEALS)
    page.evaluate(KILL_AT, ["new", 1])
    page.goto(f"{app.url}#/play/luzon?deal={LUZON_WON_SEED}")
    asked = restarted(app, ["new", 1])
    assert asked["seed"] == LUZON_WON_SEED, asked
    deal = call(**asked)["view"]
    expect(board).to_have_attribute("data-seed", str(deal["seed"]), timeout=SCREEN_TIMEOUT_MS)
    expect(board).to_have_attribute("data-moves", "0")
    expect(page.locator("#notice")).to_have_text(f"{RESTARTED}; the new deal asked again.")
    settled(page)
    assert saved_seed(app) == deal["seed"]
    assert page.evaluate("() => window.__deals") == [str(deal["seed"])]
    clean(app)


def log_lines(app: App) -> list[str]:
    return app.page.locator("#log li").all_inner_texts()


def test_a_guided_deal_a_dead_worker_cut_short_is_put_back_at_its_step(clocked: App) -> None:
    """Draw's guided deal over a saved game; the worker killed as the computer's move after the
    second step is asked: once the engine is back the player is in the guided deal where it was
    (its log kept), the computer moves on and the third step comes, its note shown and its places
    marked. Killed again as the fourth step's move is asked: the lesson is back and the move made.
    The lesson goes on to its end, every step once in turn; played on after it, killed again: back
    played on, unguided. The saved game stays as it was throughout."""
    app = clocked
    page = app.page
    board = page.locator("[data-session][data-moves]")  # (the table's screen)
    clean(app)
    open_table(app, "#/play/draw?deal=5")
    expect(board).to_have_attribute("data-moves", re.compile(r"\d"), timeout=SCREEN_TIMEOUT_MS)
    settled(page)
    saved = page.evaluate("() => localStorage.getItem('boneyard.game.draw')")
    assert saved
    page.goto(f"{app.url}#/play/draw?lesson=1")
    expect(page.locator("#guide")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    lesson = known(lesson_for("draw"))
    view = lesson_play.settled(page)
    seen = []
    while not view["guide"]["done"]:
        step = view["guide"]["step"]
        seen.append(step)
        assert view["moves"] == lesson.steps[step - 1].at, view["moves"]  # the board at the step's move
        in_dialog = lesson_play.check_step(page, view)  # its note shown, its places marked
        kill = {2: ["ai", 1], 4: ["play", 1]}.get(step)
        if kill:
            before = log_lines(app)
            page.evaluate(KILL_AT, kill)
        lesson_play.act(page, view, view["guide"]["suggest"] or view["legal"][0], in_dialog)
        if kill:
            restarted(app, kill)
            again = ", your move asked again" if kill[0] == "play" else ""
            expect(page.locator("#notice")).to_have_text(
                f"{RESTARTED}; the guided deal was put back where it was{again}.", timeout=RESTART_TIMEOUT_MS)
        view = lesson_play.settled(page, view["moves"])
        expect(board).to_have_attribute("data-moves", str(view["moves"]))
        if kill:  # the lines of the log before are kept, the moves since follow them
            after = log_lines(app)
            assert len(after) > len(before) and any(
                after[i:i + len(before)] == before for i in range(len(after) - len(before) + 1)), (before, after)
    assert seen == list(range(1, len(lesson.steps) + 1)), seen
    # played on after its ending (the guide's "Keep playing": the next round was dealt), the worker
    # killed as a request is sent: the guided deal comes back played on, unguided, no dialog opened
    page.locator("#guide [data-action=keep-playing]").click()
    note = page.locator("#guide-note")
    expect(note).to_have_text("Playing on, unguided.")
    settled(page)
    page.evaluate("() => { boneyard.engine.worker.terminate(); boneyard.request({op: 'catalog'}); }")
    ping_runs_out(app)
    expect(page.locator("#notice")).to_have_text(f"{RESTARTED}; the guided deal was put back where it was.",
                                                 timeout=RESTART_TIMEOUT_MS)
    expect(note).to_have_text("Playing on, unguided.")
    expect(page.locator("#guide [data-action=keep-playing]")).to_be_hidden()
    expect(page.locator("#guide [data-action=real-game]")).to_be_visible()
    settled(page)
    expect(page.locator("dialog.outcome[open]")).to_have_count(0)
    assert page.evaluate("() => localStorage.getItem('boneyard.game.draw')") == saved
    clean(app)


def test_a_guided_deals_start_a_dead_worker_cut_short_comes_on_screen(clocked: App) -> None:
    """Draw's lesson link opened with nothing saved, the worker killed as the screen asks for the guided
    deal: once the engine is back the guided deal comes on screen at its first step, and the notice
    says so. Then the lesson offered over a saved game and started, the worker killed as it is asked:
    the saved game is reloaded and the guided deal asked again, at its first step; the game stays saved."""
    app = clocked
    page = app.page
    notice = page.locator("#notice")
    clean(app)
    computer_speed(page, "instant")
    page.evaluate(KILL_AT, ["new", 1])
    page.goto(f"{app.url}#/play/draw?lesson=1")
    assert restarted(app, ["new", 1])["lesson"] is True
    expect(notice).to_have_text(f"{RESTARTED}; the guided deal asked again.", timeout=RESTART_TIMEOUT_MS)
    view = lesson_play.settled(page)
    assert (view["guide"]["step"], view["moves"]) == (1, 0), view["guide"]
    open_table(app, "#/play/draw?deal=2")  # the person leads: no move made, the offer stays over the game
    settled(page)
    saved = page.evaluate("() => localStorage.getItem('boneyard.game.draw')")
    assert saved
    page.evaluate("() => localStorage.removeItem('boneyard.lessons.v1')")  # a first visit: the lesson is offered
    page.goto(f"{app.url}#/")
    page.goto(f"{app.url}#/play/draw")
    offer = page.locator(".lesson-offer")
    expect(offer).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    page.evaluate(KILL_AT, ["new", 1])
    offer.locator("[data-action=start-lesson]").click()
    assert restarted(app, ["new", 1])["lesson"] is True
    expect(notice).to_have_text(f"{RELOADED}, the guided deal asked again.", timeout=RESTART_TIMEOUT_MS)
    view = lesson_play.settled(page)
    assert (view["guide"]["step"], view["moves"]) == (1, 0), view["guide"]
    expect(page.locator("#guide")).to_be_visible()
    assert page.evaluate("() => localStorage.getItem('boneyard.game.draw')") == saved
    clean(app)


def test_sessions_the_page_no_longer_shows_are_closed(app: App) -> None:
    page = app.page
    shown = []
    for seed in (11, 12, 13):
        open_deal(app, "luzon", seed)
        shown.append(board_session(app))
    page.goto(f"{app.url}#/")
    expect(page.locator(".game-card").first).to_be_visible()
    settled(page)  # the close requests answered
    for session in shown:
        answer = page.evaluate("s => boneyard.request({op: 'view', session: s})", session)
        assert answer["ok"] is False and answer["error"]["code"] == "unknown_session", (session, answer)
    open_deal(app, "luzon", 14)
    answer = page.evaluate("s => boneyard.request({op: 'view', session: s})", board_session(app))
    assert answer["ok"]



WORKER_PROBES = """async () => {
  const out = {};
  const attempt = async (name, fn) => {
    try { await fn(); out[name] = "allowed"; } catch (error) { out[name] = String(error.message); }
  };
  await attempt("eval", () => eval("1 + 1"));
  await attempt("indirect eval", () => (0, globalThis.eval)("1 + 1"));
  await attempt("Function", () => new Function("return 1")());
  await attempt("a function's constructor", () => (() => 0).constructor("return 1")());
  await attempt("an async function's constructor", () => (async () => 0).constructor("return 1")());
  await attempt("setTimeout with a string", () => setTimeout("globalThis.ran = 1", 0));
  await attempt("fetch off the origin", () => fetch("http://127.0.0.1:9/probe"));
  await attempt("XMLHttpRequest off the origin", () => new XMLHttpRequest().open("GET", "http://127.0.0.1:9/probe"));
  await attempt("WebSocket", () => new WebSocket("ws://127.0.0.1:9/probe"));
  await new Promise((resolve) => setTimeout(resolve, 100));
  out.ran = globalThis.ran ?? null;
  out.sameOrigin = (await fetch("catalog.json")).ok;
  return out;
}"""


def in_engine_worker(app: App, function: str) -> dict[str, Any]:
    """Run an async JS function in the engine's worker through the DevTools protocol (Playwright's
    own Worker.evaluate goes through eval, which the worker refuses)."""
    own = app.page.context.new_cdp_session(app.page)
    context_id = own.send("Target.getTargetInfo")["targetInfo"]["browserContextId"]
    own.detach()
    cdp = known(app.page.context.browser).new_browser_cdp_session()
    targets = cdp.send("Target.getTargets")["targetInfos"]
    worker = [t for t in targets if t["type"] == "worker" and t["browserContextId"] == context_id][-1]
    session = cdp.send("Target.attachToTarget", {"targetId": worker["targetId"], "flatten": False})["sessionId"]
    answers: list[dict[str, Any]] = []
    cdp.on("Target.receivedMessageFromTarget", lambda event: answers.append(json.loads(event["message"])))
    request = {"id": 1, "method": "Runtime.evaluate", "params": {
        "expression": f"({function})()", "awaitPromise": True, "returnByValue": True}}
    cdp.send("Target.sendMessageToTarget", {"sessionId": session, "message": json.dumps(request)})
    for _ in range(100):
        reply = next((a for a in answers if a.get("id") == 1), None)
        if reply:
            break
        app.page.wait_for_timeout(100)
    cdp.detach()
    assert reply and "exceptionDetails" not in reply["result"], reply
    value: dict[str, Any] = reply["result"]["result"]["value"]  # the probes' object of outcomes
    return value


def test_the_worker_refuses_what_the_page_refuses(app: App) -> None:
    page = app.page
    app.wait_ready()
    probes = in_engine_worker(app, WORKER_PROBES)
    assert probes.pop("ran") is None and probes.pop("sameOrigin") is True
    for what, outcome in probes.items():
        assert "Boneyard's engine worker refuses" in outcome, (what, outcome)
    assert not [url for url in app.off_origin if "/probe" in url]
    answer = page.evaluate("boneyard.request({op: 'new', game: 'luzon', seed: 2})")  # and the engine plays on
    assert answer["ok"]
    headers = page.request.get(app.url + "worker.js").headers
    assert "'wasm-unsafe-eval'" in headers["content-security-policy"]  # as a host reading dist/_headers sends it


IMPORT_PROBES = """async () => {
  const out = {};
  const attempt = async (name, url) => {
    try { await import(url); out[name] = "allowed"; } catch (error) { out[name] = String(error.message); }
  };
  await attempt("data:", "data:text/javascript,globalThis.ran = 'data'");
  await attempt("blob:", URL.createObjectURL(new Blob(["globalThis.ran = 'blob'"], {type: "text/javascript"})));
  out.ran = globalThis.ran ?? null;
  return out;
}"""


def test_on_a_host_that_sends_no_headers_the_worker_imports_no_code_from_data_or_blob(
        browser: Browser, server_url: str) -> None:
    """A static host may send none of dist/_headers: the page's own <meta> CSP must then hold in the
    engine's worker too, so that a dynamic import() of a data: or blob: module is refused there."""
    # (no service worker: its cached copies keep the headers they were fetched with)
    context = browser.new_context(viewport=DESKTOP, service_workers="block")
    page = context.new_page()
    app = attach(context, page, server_url)
    served: list[str] = []

    def without_headers(route: Route) -> None:
        if not route.request.url.startswith(server_url):
            route.fallback()  # off the origin: refused by attach's route
            return
        response = route.fetch()
        served.append(route.request.url)
        route.fulfill(response=response, headers={name: value for name, value in response.headers.items()
                                                  if name.lower() != "content-security-policy"})

    context.route("**/*", without_headers)
    try:
        app.open()
        assert any(url.endswith("/worker.js") for url in served) and any(url.endswith(".wasm") for url in served)
        assert page.evaluate("fetch('worker.js').then((r) => r.headers.get('content-security-policy'))") is None
        probes = in_engine_worker(app, IMPORT_PROBES)
        assert probes.pop("ran") is None, probes
        for what, outcome in probes.items():
            assert outcome != "allowed", (what, outcome)
        answer = page.evaluate("boneyard.request({op: 'new', game: 'luzon', seed: 2})")  # and the engine plays on
        assert answer["ok"], answer
        page.wait_for_selector("html[data-snapshot]", state="attached", timeout=READY_TIMEOUT_MS)
        # the start from the snapshot, under the same policy: the page's own start, as a load makes it
        # (a new worker, the old one ended: web/engine.js start; test_snapshot.py start_again)
        page.evaluate("() => window.boneyard.engine.start()")
        app.wait_ready()
        assert page.evaluate("document.documentElement.dataset.engineStart") == "snapshot"
        assert in_engine_worker(app, IMPORT_PROBES)["ran"] is None
    finally:
        context.close()


# The browser may end two files' reads in either order: the first file's read made to end last
FIRST_READ_ENDS_LAST = """() => {
  const text = Blob.prototype.text;
  let reads = 0, secondRead;
  const second = new Promise((resolve) => { secondRead = resolve; });
  Blob.prototype.text = async function () {
    const nth = ++reads, content = await text.call(this);
    if (nth === 1) await second;
    else { secondRead(); Blob.prototype.text = text; window.__firstReadLast = true; }
    return content;
  };
}"""


@pytest.mark.parametrize("reads", ["in order", "the first ends last"])
def test_an_import_made_while_the_game_is_busy_waits_and_is_loaded(app: App, line: list[str], reads: str) -> None:
    """Two records imported one right after the other: the second, the later choice, opens, rather
    than being turned away (the first, still being read or loaded, gives way to it), whichever
    file's read ends first."""
    page = app.page
    clean(app)
    open_deal(app, "luzon", LUZON_WON_SEED)

    def record_text(moves: int) -> str:
        record = {"version": 1, "game": "luzon", "options": {"variant": "twelve"}, "seed": LUZON_WON_SEED,
                  "moves": line[:moves]}
        return json.dumps({"boneyard": "game-record", "format": 1, "record": record})

    if reads != "in order":
        page.evaluate(FIRST_READ_ENDS_LAST)
    # both chosen in one go: the second change comes while the first record is being loaded
    page.evaluate("""(texts) => {
      const input = document.querySelector('#import-record');
      for (const [i, text] of texts.entries()) {
        const files = new DataTransfer();
        files.items.add(new File([text], `luzon-${i}.json`, {type: 'application/json'}));
        input.files = files.files;
        input.dispatchEvent(new Event('change'));
      }
    }""", [record_text(3), record_text(5)])
    expect_moves(app, 5)
    expect(page.locator("#message[data-kind=error]")).to_have_count(0)
    expect(page.locator("#notice")).to_have_text(
        "The file luzon-0.json could not be imported: another file was chosen while it was read.")
    if reads != "in order":  # (the page read both files through Blob.text: the order was the test's)
        assert page.evaluate("() => window.__firstReadLast === true")
    assert saved_moves(app) == 5
    clean(app)


def hold(app: App, op: str) -> None:
    """Hold the engine's answer to the next request of `op` until release(app)."""
    app.page.evaluate(HOLD, op)


def release(app: App) -> None:
    """Let the held answer through (once it has been asked for) and the engine's request be the page's own again."""
    app.page.wait_for_function("() => typeof window.__release === 'function'")
    app.page.evaluate(UNHOLD)


def saved_seed(app: App) -> int | None:
    text = app.page.evaluate("() => localStorage.getItem('boneyard.game.luzon')")
    return None if text is None else int(json.loads(text)["record"]["seed"])


def test_an_import_whose_screen_was_left_for_a_link_is_dropped_with_a_word(app: App, line: list[str]) -> None:
    """A record given to a game screen, which a game link then replaces before the record is
    loaded (the engine's check of the file held meanwhile): the link's game stays on screen and
    saved, and the notice says the record was not imported (the page loaded it for the screen
    gone and saved it over the link's game, without a word: test_score_sheet met it once)."""
    page = app.page
    clean(app)
    open_deal(app, "luzon", 5)
    record = {"version": 1, "game": "luzon", "options": {"variant": "twelve"}, "seed": LUZON_WON_SEED,
              "moves": line[:3]}
    hold(app, "load")  # the engine's check of the file
    page.set_input_files("#import-record", files=[record_file(record, "luzon.json")])
    page.wait_for_function("() => typeof window.__release === 'function'")
    page.goto(f"{app.url}#/play/luzon?deal=9")
    board = page.locator("#board")
    expect(board).to_have_attribute("data-seed", "9", timeout=SCREEN_TIMEOUT_MS)
    settled(page)
    assert saved_seed(app) == 9
    release(app)
    settled(page)
    assert saved_seed(app) == 9, "the record was saved for the screen gone, over the game on screen"
    expect(board).to_have_attribute("data-seed", "9")
    expect(board).to_have_attribute("data-moves", "0")
    expect(page.locator("#notice")).to_have_text(
        f"The record of deal {LUZON_WON_SEED} was not imported: its game screen was left first.")
    clean(app)


def test_a_new_deal_started_while_an_import_is_read_stays_and_the_import_says_why(app: App, line: list[str]) -> None:
    """A record given to the screen, then, while the engine checks it (its answer held), the New
    deal button: the new deal, the later choice, stays on screen, and the import says it gave way
    in the page's notice (the record, checked after, replaced the new deal). The other way round, a record given while
    a new deal is asked for (its answer held) waits for it and then opens."""
    page = app.page
    clean(app)
    open_deal(app, "luzon", 5)
    board = page.locator("#board")
    old = board.get_attribute("data-session")
    record = {"version": 1, "game": "luzon", "options": {"variant": "twelve"}, "seed": LUZON_WON_SEED,
              "moves": line[:3]}
    hold(app, "load")  # the engine's check of the file
    page.set_input_files("#import-record", files=[record_file(record, "luzon.json")])
    page.wait_for_function("() => typeof window.__release === 'function'")
    page.click(".toolbar button[data-action=new]")
    expect(board).not_to_have_attribute("data-session", old, timeout=SCREEN_TIMEOUT_MS)
    settled(page)
    new = board.get_attribute("data-seed")
    assert new not in ("5", str(LUZON_WON_SEED))
    release(app)
    settled(page)
    expect(board).to_have_attribute("data-seed", new)
    expect(board).to_have_attribute("data-moves", "0")
    expect(page.locator("#notice")).to_have_text(
        "The file luzon.json could not be imported: another game was chosen while it was read.")
    assert saved_seed(app) == int(known(new))
    hold(app, "new")
    page.click(".toolbar button[data-action=new]")
    page.wait_for_function("() => typeof window.__release === 'function'")
    expect(board).to_have_attribute("data-busy", "true")  # the new deal asked for, not answered
    page.set_input_files("#import-record", files=[record_file(record, "luzon.json")])
    release(app)
    expect(board).to_have_attribute("data-seed", str(LUZON_WON_SEED), timeout=SCREEN_TIMEOUT_MS)
    expect_moves(app, 3)
    expect(page.locator("#message")).to_have_text(f"Imported deal {LUZON_WON_SEED} (3 moves).")
    assert saved_seed(app) == LUZON_WON_SEED
    clean(app)


def two_moves_saved(app: App, line: list[str]) -> None:
    """Nothing stored, then the winning deal's first two moves played (and saved)."""
    clean(app)
    open_deal(app, "luzon", LUZON_WON_SEED)
    play_line(app, line, 0, 2)


MOVES_SAVED_ON = """([moves, at]) => {
  const entry = JSON.parse(localStorage.getItem('boneyard.game.luzon'));
  entry.record.moves = moves.slice(0, at);
  entry.version = (entry.version ?? 0) + 1;
  localStorage.setItem('boneyard.game.luzon', JSON.stringify(entry));
}"""


def saved_on_to(app: App, line: list[str], count: int) -> None:
    """The winning deal's game on screen, saved, brought on to its first `count` moves in place of
    clicking them: the screen left for the menu, the moves written into the game's saved entry
    (its statistics token kept; the next version, as a save of another tab's would be), and the
    screen opened on it again (the saved game resumed: the same position as played on the page)."""
    page = app.page
    settled(page)
    page.goto(f"{app.url}#/")
    expect(page.locator(".game-card").first).to_be_visible()
    page.evaluate(MOVES_SAVED_ON, [line, count])
    page.goto(f"{app.url}#/play/luzon")
    expect(page.locator("#board")).to_have_attribute("data-moves", str(count), timeout=SCREEN_TIMEOUT_MS)
    settled(page)


def move_then_leave(app: App, move: str, to: str = "#/") -> None:
    """A move made, its answer held (until release), and the game's screen left for the menu (or the
    Statistics page: `to` "#/stats")."""
    hold(app, "play")
    click_move(app, move)
    app.page.wait_for_function("() => typeof window.__release === 'function'")
    app.page.goto(f"{app.url}{to}")
    expect(app.page.locator(".stats-page" if to == "#/stats" else ".game-card").first).to_be_visible()


def test_answers_that_come_after_their_screen_was_left_change_nothing(app: App, line: list[str]) -> None:
    """A saved game being resumed, then a move under way, when the player leaves the game's screen
    (each answer held till then). The resumed game's answer, come late, neither drops nor changes
    the saved game. The move's answer, come after the saved game was forgotten meanwhile (another
    tab's doing, or a test's), saves nothing, and the game's screen opens a new deal (the late save
    had brought the game left back, with a question about another tab: test_tables' fresh() met
    it once)."""
    page = app.page
    menu = page.locator(".game-card").first
    board = page.locator("#board")
    two_moves_saved(app, line)
    page.goto(f"{app.url}#/")
    expect(menu).to_be_visible()
    hold(app, "load")  # the saved game's
    page.goto(f"{app.url}#/play/luzon")
    page.wait_for_function("() => typeof window.__release === 'function'")
    page.goto(f"{app.url}#/")
    expect(menu).to_be_visible()
    release(app)
    settled(page)
    assert saved_moves(app) == 2, "the saved game was dropped or changed by a load its screen did not wait for"
    expect(page.locator("#notice")).not_to_contain_text("could not be restored")
    page.goto(f"{app.url}#/play/luzon")
    expect(board).to_have_attribute("data-moves", "2", timeout=SCREEN_TIMEOUT_MS)
    settled(page)
    move_then_leave(app, line[2])
    page.evaluate("() => localStorage.removeItem('boneyard.game.luzon')")
    release(app)
    settled(page)
    assert saved_moves(app) is None, "the move's answer was saved after its screen was left"
    page.goto(f"{app.url}#/play/luzon")
    expect(board).to_have_attribute("data-moves", "0", timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator("#storage-banner")).to_have_count(0)  # no question of another tab's save
    clean(app)


def test_an_import_checked_while_a_new_deal_is_asked_about_waits_for_the_answer(app: App, line: list[str]) -> None:
    """A record given to a game in progress, then the New button while the engine checks the file
    (its answer held): the check ends with "Leave this game?" open (the import was dropped then,
    without a word: extras.js asks one question at a time). "Keep playing" there: the import asks
    its own question and, left, opens. "New deal" there: the new deal, the later choice, stays,
    and the page's notice says why the record was not imported."""
    page = app.page
    board = page.locator("#board")
    question = page.locator("#confirm[open]")
    clean(app)
    open_deal(app, "luzon", LUZON_WON_SEED)
    play_line(app, line, 0, 1)
    record = {"version": 1, "game": "luzon", "options": {"variant": "twelve"}, "seed": LUZON_WON_SEED,
              "moves": line[:3]}

    def new_asked_while_checked() -> None:
        hold(app, "load")  # the engine's check of the file
        page.set_input_files("#import-record", files=[record_file(record, "luzon.json")])
        page.wait_for_function("() => typeof window.__release === 'function'")
        page.click(".toolbar button[data-action=new]")
        expect(question).to_be_visible()
        release(app)
        settled(page)  # the check answered while the question is open

    new_asked_while_checked()
    page.click("#confirm-no")  # kept playing: the import, still wanted, asks
    expect(question).to_be_visible()
    page.click("#confirm-yes")
    expect(board).to_have_attribute("data-seed", str(LUZON_WON_SEED), timeout=SCREEN_TIMEOUT_MS)
    expect_moves(app, 3)
    expect(page.locator("#message")).to_have_text(f"Imported deal {LUZON_WON_SEED} (3 moves).")
    imported = board.get_attribute("data-session")
    new_asked_while_checked()
    page.click("#confirm-yes")  # a new deal: the later choice
    expect(board).not_to_have_attribute("data-session", imported, timeout=SCREEN_TIMEOUT_MS)
    settled(page)
    expect(page.locator("#notice")).to_have_text(
        "The file luzon.json could not be imported: another game was chosen while it was read.")
    expect(board).to_have_attribute("data-moves", "0")
    assert saved_seed(app) == int(board.get_attribute("data-seed") or -1) != LUZON_WON_SEED
    expect(question).to_have_count(0)
    clean(app)


def test_an_import_that_gave_way_to_the_tables_setup_says_so_in_true_words(app: App) -> None:
    """A record given to a table game, then New (the table's setup) and its "Back to the game"
    while the engine checks the file: the import gives way to the setup, and its words say what
    happened (they said another game was chosen: none was)."""
    page = app.page
    clean(app)
    open_table(app, "#/play/draw?deal=3&set=double-6&players=2&target=100&seats=human,ai:easy")
    table = page.locator("#table-screen")
    session = table.get_attribute("data-session")
    options = {"set": "double-6", "players": 2, "target": 100}
    started = call(op="new", game="draw", seed=4, options=options, seats=["human", "ai:easy"])
    record = call(op="record", session=started["session"])["record"]
    hold(app, "load")  # the engine's check of the file
    page.set_input_files("#import-record", files=[record_file(record, "draw.json")])
    page.wait_for_function("() => typeof window.__release === 'function'")
    page.click(".toolbar button[data-action=new-game]")
    expect(page.locator(".setup-box")).to_be_visible()
    page.click("#setup-cancel")
    expect(page.locator(".setup-box")).to_have_count(0)
    release(app)
    settled(page)
    expect(page.locator("#notice")).to_have_text(
        "The file draw.json could not be imported: the setup of a new game was opened while it was read.")
    expect(table).to_have_attribute("data-session", session or "")
    clean(app)


def test_a_move_made_just_before_leaving_is_saved_and_a_game_it_won_counted_once(app: App, line: list[str]) -> None:
    """A move under way when the player leaves the game's screen (its answer held till then): the
    game stored is still the screen's, so the move is saved when its answer comes (it was dropped,
    as every answer of a screen left was), and the player finds it on coming back. The won deal's
    last move, under way when the player leaves and comes straight back to the game (before its
    answer): the game comes back won, saved so, and counted once."""
    page = app.page
    board = page.locator("#board")
    two_moves_saved(app, line)
    move_then_leave(app, line[2])
    release(app)
    settled(page)
    assert saved_moves(app) == 3, "the move under way when its screen was left was not saved"
    page.goto(f"{app.url}#/play/luzon")
    expect(board).to_have_attribute("data-moves", "3", timeout=SCREEN_TIMEOUT_MS)
    saved_on_to(app, line, len(line) - 1)
    move_then_leave(app, line[-1])
    page.goto(f"{app.url}#/play/luzon")  # back before the last move's answer
    release(app)
    expect(board).to_have_attribute("data-moves", str(len(line)), timeout=SCREEN_TIMEOUT_MS)
    expect(board).to_have_attribute("data-over", "game")
    settled(page)
    assert saved_moves(app) == len(line)
    entry = stats(app)["luzon|variant=twelve"]
    assert (entry["played"], entry["won"]) == (1, 1)
    clean(app)


def test_a_game_counted_late_shows_on_the_statistics_page_on_screen(app: App, line: list[str]) -> None:
    """The Statistics page opened while a move is under way (its answer held till then). A move that
    changes no statistics: saved when its answer comes, the page not drawn again. The won deal's last
    move: counted when its answer comes, and the page on screen shows it, the focus where it was."""
    page = app.page
    clean(app)
    open_deal(app, "luzon", LUZON_WON_SEED)
    play_line(app, line, 0, 1)
    saved_on_to(app, line, len(line) - 2)
    move_then_leave(app, line[-2], "#/stats")
    page.evaluate("() => { document.querySelector('.stats-page').dataset.drawnBefore = 'yes'; }")
    release(app)
    settled(page)
    assert saved_moves(app) == len(line) - 1
    expect(page.locator(".stats-page[data-drawn-before=yes]")).to_have_count(1)  # nothing changed: not drawn again
    page.goto(f"{app.url}#/play/luzon")
    expect(page.locator("#board")).to_have_attribute("data-moves", str(len(line) - 1), timeout=SCREEN_TIMEOUT_MS)
    settled(page)
    move_then_leave(app, line[-1], "#/stats")
    expect(page.locator(".stats-page .empty")).to_be_visible()  # no game finished yet
    menu_link = page.locator(".stats-page .crumbs a")
    menu_link.focus()
    release(app)
    played = page.locator('tr[data-stats="luzon|variant=twelve"] td[data-col=played]')
    expect(played).to_have_text("1", timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator('tr[data-stats="luzon|variant=twelve"] td[data-col=won]')).to_have_text("1")
    expect(menu_link).to_be_focused()
    settled(page)
    assert saved_moves(app) == len(line)
    clean(app)
