"""Motion of a table that re-fits: late in a draw game on a phone the layout shrinks to fit its box
on a move, and the table moves as one piece (its tiles keep their places relative to each other, no
gaps open between neighbours in any frame); only the new tile flies in."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import App, open_table, play_a_move

pytestmark = pytest.mark.motion  # a table that refits while tiles fly (conftest.with_motion)

# The table's placed tiles as seen at `steps` + 1 even points of the motion's own time, start to end
# (a tile in flight is seen where its copy is), read in one task from the animations of the table
# and of the copies of its tiles, each set to each point and back (not from the frames a loaded
# machine happens to draw). Waits (at most `limit` ms) for the move's motion to start; null if none.
SAMPLE = """(steps, limit = 10_000) => new Promise((resolve) => {
  const start = performance.now();
  const ofTable = (a) => {
    const target = a.effect?.target;
    if (!target) return false;
    const key = target.dataset?.ghost;
    return Boolean(target.closest('[data-stage]')) || (key !== undefined && key !== '' &&
      Boolean(document.querySelector(`[data-stage] [data-placed="${key}"]`)));
  };
  const tick = () => {
    const animations = document.getAnimations().filter(ofTable);
    if (!animations.length) {
      if (performance.now() - start < limit) requestAnimationFrame(tick); else resolve(null);
      return;
    }
    const ends = animations.map((a) => { const t = a.effect.getComputedTiming(); return t.delay + t.activeDuration; });
    const end = Math.max(...ends);
    const now = animations.map((a) => a.currentTime);
    const frames = [];
    for (let i = 0; i <= steps; i += 1) {
      animations.forEach((a, j) => { a.currentTime = Math.min(end * i / steps, ends[j] - 1); });
      const seen = {};
      for (const tile of document.querySelectorAll('[data-stage] [data-placed]')) {
        const key = tile.dataset.placed;
        const ghost = document.querySelector(`.motion-ghost[data-ghost="${key}"]`);
        const r = (ghost ?? tile).getBoundingClientRect();
        seen[key] = [r.left, r.top, r.right, r.bottom];
      }
      frames.push(seen);
    }
    animations.forEach((a, j) => { a.currentTime = now[j]; });
    resolve(frames);
  };
  requestAnimationFrame(tick);
})"""

STATE = """() => { const box = document.querySelector('[data-stage]')?.parentElement;
  return { unit: box?.dataset.unit ?? null, plan: box?.dataset.tablePlan ?? null,
    tiles: Object.fromEntries([...document.querySelectorAll('[data-stage] [data-placed]')].map((t) => {
      const r = t.getBoundingClientRect();
      return [t.dataset.placed, [r.left, r.top, r.right, r.bottom]]; })) }; }"""

# the person's turn, the screen idle (the computers' tiles landed), a tile to play or a move's
# button shown (or the round is over)
YOURS = """() => Boolean(document.querySelector('dialog[open]')) ||
  (document.querySelector('#turn')?.dataset.whose === 'you' &&
   document.querySelector('#table-screen')?.dataset.busy !== 'true' && !document.querySelector('.motion-ghost') &&
   !document.querySelector('[data-stage]')?.getAnimations().length &&
   Boolean(document.querySelector('.hand-tile.playable, #actions [data-move]')))"""


def gap(a: list[float], b: list[float]) -> float | None:
    """The space between two neighbours on the axis they meet on (None: they do not meet)."""
    across = max(a[0], b[0]) - min(a[2], b[2])  # > 0: apart side by side
    down = max(a[1], b[1]) - min(a[3], b[3])
    near = min(a[2] - a[0], a[3] - a[1], b[2] - b[0], b[3] - b[1]) / 4  # a quarter of a tile's short side
    if across <= near and down < 0:
        return across
    if down <= near and across < 0:
        return down
    return None


def laid_out_alike(was: dict[str, Any], now: dict[str, Any]) -> bool:
    """Whether the tiles of both drawings lie as they did against each other, in the table's units (a
    re-fit), not laid out anew: a plan kept in a box of other proportions may turn the line elsewhere
    (its height in units is the box's), its tiles then moving apart, each alone, as in a re-snake."""
    common = sorted(set(was["tiles"]) & set(now["tiles"]))

    def places(state: dict[str, Any]) -> list[float]:
        unit = float(state["unit"])
        x, y = state["tiles"][common[0]][:2]
        return [(v - (x, y)[i % 2]) / unit for k in common for i, v in enumerate(state["tiles"][k])]

    return all(abs(a - b) <= 0.05 for a, b in zip(places(was), places(now), strict=True))


def test_a_table_that_refits_moves_as_one_piece(phone: App) -> None:
    page = phone.page
    open_table(phone, "#/play/draw?deal=5&set=double-9&seats=human,ai:easy,ai:easy,ai:easy", speed="fast")
    page.evaluate("() => { document.documentElement.dataset.motion = 'normal'; }")
    refits = 0
    for _ in range(40):
        page.wait_for_function(YOURS, timeout=60_000)
        if page.locator("dialog[open]").count() or refits >= 3:
            break
        was = page.evaluate(STATE)
        page.evaluate(f"steps => {{ window.__frames = ({SAMPLE})(steps, 3000); }}", 6)
        play_a_move(page)
        frames = page.evaluate("() => window.__frames")
        now = page.evaluate(STATE)
        assert was["plan"] and now["plan"], "the table's plan is not on its box (layout.js data-table-plan)"
        if not frames or was["unit"] == now["unit"] or was["plan"] != now["plan"]:
            continue  # no re-fit (or the table re-snaked, its plan another: its tiles move apart, each alone)
        was_at, last = was["tiles"], frames[-1]
        if not laid_out_alike(was, {"unit": now["unit"], "tiles": last}):  # (now's tiles: read mid-motion)
            continue
        refits += 1
        kept = [k for k in was_at if k in last]
        # the neighbours that are as far apart after the move as before it (in the table's units
        # both: the same place relative to each other), seen at every point of the motion
        pairs = []
        for i, a in enumerate(kept):
            for b in kept[i + 1:]:
                start, end = gap(was_at[a], was_at[b]), gap(last[a], last[b])
                if start is not None and end is not None and abs(start - end) <= 1.2:
                    pairs.append((a, b))
        assert pairs, (was, now)
        for a, b in pairs:
            gaps = [gap(was_at[a], was_at[b])] + [gap(f[a], f[b]) for f in frames]
            assert None not in gaps and max(gaps) - min(gaps) <= 1.2, (a, b, gaps)  # type: ignore[type-var, operator]
    assert refits, "no move re-fitted the table"
    assert not phone.errors
