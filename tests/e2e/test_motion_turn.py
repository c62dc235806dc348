"""Whose turn it is follows the landing: in a draw game on a phone, while a player's tile is in the
air the turn banner and the seat marked to move still name that player; they name the next one once
the tile has landed (never in a frame with a tile flying). The tiles fly under the seat strip: a
computer's tile comes out from under its seat's card, which stays readable."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import App, open_table, play_a_move, settled

# Every animation frame from now: a copy of a tile in flight or not, the banner's words, the seat
# marked to move, and the seat the view drawn has to move (the board's data-to-move). Until the
# person's turn has come back with nothing flying after a flight was seen, at most `limit` ms.
SAMPLE = """(limit = 30_000) => new Promise((resolve) => {
  const frames = [];
  const start = performance.now();
  let flew = false;
  const tick = () => {
    const ghosts = [...document.querySelectorAll('.motion-ghost')];
    const flying = ghosts.length > 0;
    const turn = document.querySelector('#turn');
    const strip = getComputedStyle(document.querySelector('#seats'));
    const frame = { flying, banner: turn?.textContent ?? '', whose: turn?.dataset.whose ?? '',
      marked: document.querySelector('#seats .seat.to-move')?.dataset.seat ?? null,
      toMove: document.querySelector('#table-screen')?.dataset.toMove ?? null,
      // the seat strip stacked above every tile in flight (a computer's tile comes out from under its card)
      under: strip.position !== 'static' &&
        ghosts.every((g) => Number(getComputedStyle(g).zIndex) < Number(strip.zIndex)) };
    frames.push(frame);
    flew ||= flying;
    const back = flew && !flying && frame.whose === 'you';
    if (!back && performance.now() - start < limit) requestAnimationFrame(tick); else resolve(frames);
  };
  requestAnimationFrame(tick);
})"""


def test_the_turn_banner_and_seat_change_when_the_tile_lands(phone: App) -> None:
    page = phone.page
    open_table(phone, "#/play/draw?deal=5&seats=human,ai:easy,ai:easy,ai:easy", speed="normal")
    page.evaluate("() => { document.documentElement.dataset.motion = 'normal'; }")
    expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=60_000)
    settled(page)
    page.evaluate("() => { window.__frames = (" + SAMPLE + ")(); }")
    play_a_move(page)
    frames = page.evaluate("() => window.__frames")
    flights = 0  # the flights seen that handed the turn to another seat
    for i in range(1, len(frames)):
        if not frames[i]["flying"] or frames[i - 1]["flying"]:
            continue
        was = frames[i - 1]  # the last frame before this flight: the player whose tile flies had the turn
        run = []
        for frame in frames[i:]:
            if not frame["flying"]:
                break
            run.append(frame)
        if run[0]["toMove"] != was["toMove"]:
            flights += 1
        for frame in run:
            assert (frame["banner"], frame["marked"]) == (was["banner"], was["marked"]), (was, frame)
            assert frame["under"], frame
    assert flights >= 2, frames  # the person's tile and at least one computer's
    last = frames[-1]
    assert not last["flying"] and last["whose"] == "you" and last["marked"] == last["toMove"], last
    settled(page)
    assert page.locator("#seats .seat.to-move").get_attribute("data-seat") == page.locator(
        "#table-screen").get_attribute("data-to-move")
    assert not phone.errors
