"""The start-up snapshot (web/snapshot.js, web/worker_snapshot.js, kept in IndexedDB): a normal
first start stores one; the next page load of the same build restores it, reaches engine-ready
without micropip and plays a move and a hint through the page; a snapshot without the engine's
files still starts and plays; a damaged, stale or incomplete snapshot is not used: the engine
starts normally, plays, stores a fresh snapshot, and the start after that uses it; a start from
the snapshot answers exactly as a normal start and the native engine do, and a start without
snapshots deletes the stored one.

One page for the file (a first visit), its tests in a chain: each leaves a snapshot stored and the
engine started from it, which the next one uses (the last, without snapshots, deletes it; it comes
last so that no test needs another cold start to store one again). After the first test's reload
the starts are the engine's own (`engine.start()`: a new worker, which reads the stored snapshot
as a page load's start does), not reloads: the tests are of the worker's snapshot, and a reload
only added the page's own load to each. A test run alone gets what the one before would have left
from the fixture `snapshot_started`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

import pytest
from playwright.sync_api import expect

from .conftest import ROOT, App, solve

TIMEOUT = 20_000
SEED = 7


@pytest.fixture(scope="module")
def app(fresh_app: App) -> App:
    """A first visit: a normal start, which has stored its snapshot (new_app waits for that)."""
    return fresh_app


@pytest.fixture
def snapshot_started(app: App) -> App:
    """The engine started from a stored snapshot: as the test before in the file leaves it (then
    this does nothing), or, for a test run alone, from the first visit's snapshot (stored first by
    a normal start when none is)."""
    if how_started(app)["start"] != "snapshot":
        if app.page.evaluate(STORED, None) is None:
            assert start_again(app)["start"] == "normal"
            wait_saved(app)
        assert start_again(app)["start"] == "snapshot"
    return app

# Requests run in the page and natively: "$" is the session of the last "new", "$hint" the move
# of the last hint. The computer players and hints are seeded: the answers are all determined.
SCENARIO = [
    {"op": "new", "game": "draw", "options": {"set": "double-6", "players": 2, "target": 50}, "seed": 3,
     "seats": ["ai:medium", "ai:easy"]},
    *[{"op": "ai", "session": "$"}] * 6,
    # a hint is for a person's turn only: deal 18 opens with the person to play
    {"op": "new", "game": "draw", "options": {"set": "double-6", "players": 2, "target": 50}, "seed": 18,
     "seats": ["human", "ai:medium"]},
    {"op": "hint", "session": "$"},
    {"op": "play", "session": "$", "move": "$hint"},
    {"op": "ai", "session": "$"},
    {"op": "new", "game": "luzon", "seed": SEED, "seats": ["human"]},
    {"op": "hint", "session": "$"},
    {"op": "play", "session": "$", "move": "$hint"},
    {"op": "undo", "session": "$"},
    {"op": "new", "game": "big-clock", "seed": 5, "seats": ["human"]},
    {"op": "hint", "session": "$"},
    {"op": "play", "session": "$", "move": "$hint"},
]

RUN_IN_PAGE = """async (steps) => {
  const out = [];
  let session = null, hint = null;
  for (const step of steps) {
    const request = {...step};
    if (request.session === "$") request.session = session;
    if (request.move === "$hint") request.move = hint;
    const answer = await window.boneyard.request(request);
    if (request.op === "new") session = answer.session;
    if (request.op === "hint") hint = answer.move;
    out.push(answer);
  }
  return out;
}"""

RUN_NATIVELY = """
import json, sys
from engine.api import handle
out, session, hint = [], None, None
for step in json.load(sys.stdin):
    request = dict(step)
    if request.get("session") == "$": request["session"] = session
    if request.get("move") == "$hint": request["move"] = hint
    answer = json.loads(handle(json.dumps(request)))
    if request["op"] == "new": session = answer.get("session")
    if request["op"] == "hint": hint = answer.get("move")
    out.append(answer)
json.dump(out, sys.stdout)
"""

STORED = """async (change) => {
  const scope = new URL("./", location.href).href;
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open("boneyard-snapshots");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const run = (mode, work) => new Promise((resolve, reject) => {
    const tx = db.transaction("snapshots", mode);
    const result = work(tx.objectStore("snapshots"));
    tx.oncomplete = () => resolve(result.result);
    tx.onerror = () => reject(tx.error);
  });
  const get = (key) => run("readonly", (store) => store.get(key));
  const put = (key, value) => run("readwrite", (store) => store.put(value, key));
  const meta = await get(scope);
  const memory = await get(scope + "#memory");
  const { filesDigest } = await import(new URL("snapshot.js", location.href).href);
  const sha256 = async (bytes) => [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
    .map((b) => b.toString(16).padStart(2, "0")).join("");
  if (change === "bytes") {  // damaged memory: its sha256 differs
    memory[Math.floor(memory.length / 2)] ^= 0xff;
    await put(scope + "#memory", memory);
  } else if (change === "magic") {  // not a Pyodide snapshot, yet with a matching sha256
    memory.fill(0, 0, 4);
    await put(scope + "#memory", memory);
    await put(scope, {...meta, sha256: await sha256(memory)});
  } else if (change === "stale") {  // the snapshot of another build
    await put(scope, {...meta, version: "0123456789abcdef"});
  } else if (change === "files") {  // a file that cannot be written back (its sha256 made to match)
    const files = [...meta.files, {path: "/no/such/folder/f.py", kind: "file", mode: 420, mtime: 0,
                                   data: new Uint8Array(1)}];
    await put(scope, {...meta, files, filesSha256: await filesDigest(files)});
  } else if (change === "files-emptied") {  // no file at all: the engine's modules are missing
    await put(scope, {...meta, files: []});
  } else if (change === "engine-missing") {  // every file of the engine gone, yet with a matching sha256
    const files = meta.files.filter((entry) => !entry.path.includes("/engine/"));
    await put(scope, {...meta, files, filesSha256: await filesDigest(files)});
  } else if (change === "memory-missing") {
    await run("readwrite", (store) => store.delete(scope + "#memory"));
  }
  db.close();
  return meta ? {version: meta.version, size: meta.size, memorySize: memory?.byteLength ?? null,
                 files: meta.files.length} : null;
}"""


def strip_sessions(value: object) -> object:
    """Answers without their session ids (which depend on what the page asked for before)."""
    if isinstance(value, dict):
        return {key: strip_sessions(item) for key, item in value.items() if key != "session"}
    if isinstance(value, list):
        return [strip_sessions(item) for item in value]
    return value


def native_answers() -> list[Any]:
    result = subprocess.run([sys.executable, "-c", RUN_NATIVELY], input=json.dumps(SCENARIO), cwd=ROOT,
                            capture_output=True, text=True, check=True)
    read: list[Any] = json.loads(result.stdout)
    return read


def how_started(app: App) -> dict[str, Any]:
    read: dict[str, Any] = app.page.evaluate("""() => ({start: document.documentElement.dataset.engineStart,
      fallback: window.boneyard.engine.startKind?.fallback ?? null, steps: window.boneyard.engine.startup})""")
    return read


def wait_saved(app: App) -> None:
    app.page.wait_for_selector("html[data-snapshot=saved]", state="attached", timeout=60_000)


def reload(app: App) -> dict[str, Any]:
    app.page.reload()
    app.wait_ready()
    return how_started(app)


def start_again(app: App, snapshot: bool = True) -> dict[str, Any]:
    """A new start of the page's engine (a new worker, the old one ended), as a page load makes it;
    with snapshot False, one that neither uses nor keeps a snapshot (and deletes a stored one)."""
    app.page.evaluate("(snapshot) => window.boneyard.engine.start({snapshot})", snapshot)
    app.wait_ready()
    return how_started(app)


def play_a_move_and_a_hint(app: App) -> None:
    """A Luzon deal through the page: the solver's first move by clicks, then a hint (the solver
    module is imported only now: from the files a snapshot start wrote back)."""
    from engine.api import handle  # the engine run natively, for the expected hint

    first = solve(SEED)["solution"][0]
    deal = json.loads(handle(json.dumps({"op": "new", "game": "luzon", "seed": SEED, "seats": ["human"],
                                         "options": {"variant": "twelve"}})))
    played = json.loads(handle(json.dumps({"op": "play", "session": deal["session"], "move": first})))
    expected = json.loads(handle(json.dumps({"op": "hint", "session": played["session"]})))["move"]
    app.page.goto(f"{app.url}#/play/luzon?deal={SEED}&variant=twelve")
    board = app.page.locator("#board")
    expect(board).to_have_attribute("data-seed", str(SEED), timeout=TIMEOUT)
    expect(board).to_have_attribute("data-moves", "0", timeout=TIMEOUT)
    a, b = first.split(":")[1].replace(">", "+").split("+")
    app.page.click(f"#board [data-slot={a}]")
    app.page.click(f"#board [data-slot={b}]")
    expect(board).to_have_attribute("data-moves", "1", timeout=TIMEOUT)
    app.page.click("button[data-action=hint]")
    expect(app.page.locator("#hint-text")).to_be_visible(timeout=TIMEOUT)
    hinted = app.page.eval_on_selector_all("#board .hinted", "els => els.map(e => e.dataset.slot)")
    assert sorted(hinted) == sorted(expected.split(":")[1].replace(">", "+").split("+"))


def test_first_start_is_normal_and_the_next_once_its_snapshot_is_written_is_from_it_and_plays(
        app: App, dist_dir: Path) -> None:
    """A first visit: engine-ready, then only the snapshot's write (<html data-snapshot=saved>),
    and a reload at once starts from the snapshot, which checks it, needs no micropip and plays.
    The write follows the start step by step: every module imported, the snapshot made, hashed,
    and stored. (One reload for both: the start from the snapshot is the one a reload at once makes.)"""
    started = how_started(app)
    assert started["start"] == "normal" and started["fallback"] is None
    assert "micropip-load" in started["steps"] and "engine-install" in started["steps"]
    wait_saved(app)
    steps = app.page.evaluate("window.boneyard.engine.snapshot.phases")
    order = ["engine-import", "engine-loaded", "snapshot-made", "snapshot-hashed", "snapshot-saved"]
    assert [steps[name] for name in order] == sorted(steps[name] for name in order), steps
    started = reload(app)
    assert started["start"] == "snapshot", started
    assert started["fallback"] is None
    assert "snapshot-checked" in started["steps"] and "micropip-load" not in started["steps"]
    stored = app.page.evaluate(STORED, None)
    version = json.loads((dist_dir / "build-manifest.json").read_text())["version"]
    assert stored["version"] == version
    assert stored["size"] == stored["memorySize"] > 1_000_000
    assert stored["files"] > 10
    play_a_move_and_a_hint(app)


def test_a_start_from_the_snapshot_needs_none_of_the_engines_files(snapshot_started: App) -> None:
    """Every module a request imports was imported before the snapshot was taken (worker.js,
    engine.api.load_everything): with the engine's files gone from a snapshot, the start is still
    from it, passes its check of every game, and plays, hints, replays and reviews."""
    app = snapshot_started
    stored = app.page.evaluate(STORED, "engine-missing")
    assert app.page.evaluate(STORED, None)["files"] < stored["files"]  # the engine's files are gone
    started = start_again(app)
    assert started["start"] == "snapshot" and started["fallback"] is None, started
    answers = app.page.evaluate("""async () => {
      const r = window.boneyard.request;
      const deal = await r({op: "new", game: "luzon", seed: 7, seats: ["human"]});
      const hint = await r({op: "hint", session: deal.session});
      const played = await r({op: "play", session: deal.session, move: hint.move});
      const replay = await r({op: "replay", record: played.record, at: 1});
      const review = await r({op: "review", record: played.record, limit: 1});
      return [deal, hint, played, replay, review];
    }""")
    assert all(answer["ok"] for answer in answers), answers


@pytest.mark.parametrize(("damage", "reason"), [
    ("bytes", "does not match its sha256"),
    ("magic", "invalid magic number"),
    ("stale", "belongs to build 0123456789abcdef"),
    ("files", "restoring the snapshot's files failed"),
    ("files-emptied", "the snapshot's files do not match their sha256"),
    ("memory-missing", "memory is missing"),
])
def test_unusable_snapshot_falls_back_to_a_normal_start(snapshot_started: App, damage: str, reason: str) -> None:
    """The stored snapshot damaged: the next start gives it up (saying why), starts normally with
    micropip, plays, stores a fresh snapshot, and the start after that is from it. (That last start
    is each case's own: the next case's damaged start cannot show the fresh snapshot usable, since
    it stops at the damage's own check, before the checks after it and the restored engine's test
    of every game.)"""
    app = snapshot_started
    app.page.evaluate(STORED, damage)
    started = start_again(app)
    assert started["start"] == "normal", started
    assert reason in (started["fallback"] or ""), started
    assert "micropip-load" in started["steps"]
    answer = app.page.evaluate("""async () => {
      const r = window.boneyard.request;
      const deal = await r({op: "new", game: "luzon", seed: 7, seats: ["human"]});
      return r({op: "play", session: deal.session, move: deal.view.legal[0].id});
    }""")
    assert answer["ok"], answer
    wait_saved(app)  # a fresh snapshot replaces the unusable one ...
    started = start_again(app)
    assert started["start"] == "snapshot" and started["fallback"] is None, started  # ... and the next start uses it


def test_snapshot_start_answers_like_a_normal_start_and_natively(snapshot_started: App) -> None:
    """Last: its start without snapshots deletes the stored one."""
    app = snapshot_started
    from_snapshot = cast(list[dict[str, Any]], strip_sessions(app.page.evaluate(RUN_IN_PAGE, SCENARIO)))
    assert all(answer["ok"] for answer in from_snapshot), from_snapshot
    assert from_snapshot == strip_sessions(native_answers())
    # the same page, its engine started again without the snapshot (which that deletes)
    assert start_again(app, snapshot=False)["start"] == "normal"
    assert strip_sessions(app.page.evaluate(RUN_IN_PAGE, SCENARIO)) == from_snapshot
    assert app.page.evaluate(STORED, None) is None
