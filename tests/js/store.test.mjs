// Storage (web/store/*): saved games, settings, statistics and table preferences over a fake
// localStorage: entries from other versions and corrupt entries are dropped with a word, a full
// storage keeps the game in memory and says so, a move answered after its screen was left is saved
// only over that screen's game, and results wait until there is room; a
// statistics entry that does not add up is dropped alone, and a name too long is cut.
import { freshStorage, noticesOf } from "./browser_fakes.mjs";
import test from "node:test";
import assert from "node:assert/strict";
import { checkSavedGames, dropGame, forgetOtherGames, freeSpace, loadGame, saveGame, saveLeftGame }
  from "../../web/store/saved_games.js";
import { loadSettings } from "../../web/store/settings.js";
import { flushResults, loadStats, recordResult } from "../../web/store/stats.js";
import { loadNames, loadSpeed, saveNames } from "../../web/store/table.js";
import { readJSON } from "../../web/store/local.js";

const record = (moves = ["play:1-2"]) => ({ version: 1, game: "draw", seed: 7, options: { players: 2 }, seats: ["human", "ai:easy"], moves });

test("a saved game reads back as saved", () => {
  freshStorage();
  dropGame("draw");
  assert.equal(saveGame("draw", { record: record(), token: "t1", log: [{ text: "New game", seat: null }] }), true);
  const { game, dropped } = loadGame("draw");
  assert.equal(dropped, false);
  assert.deepEqual(game?.record, record());
  assert.equal(game?.token, "t1");
  dropGame("draw");
});

test("a corrupt saved game is dropped and reported, never returned", () => {
  const storage = freshStorage();
  dropGame("draw");
  storage.setItem("boneyard.game.draw", "{not json");
  assert.deepEqual(loadGame("draw"), { game: null, dropped: true });
  assert.equal(storage.getItem("boneyard.game.draw"), null);
  storage.setItem("boneyard.game.draw", JSON.stringify({ format: 1, record: { ...record(), moves: ["rm -rf /"] } }));
  assert.deepEqual(loadGame("draw"), { game: null, dropped: true });
  storage.setItem("boneyard.game.luzon", JSON.stringify({ format: 2, record: record() })); // another version's
  assert.deepEqual(checkSavedGames([{ id: "luzon", name: "Luzon" }]), ["the saved game of Luzon"]);
  assert.equal(storage.getItem("boneyard.game.luzon"), null);
});

test("a full storage keeps the game in memory, says so, and saves it once there is room", () => {
  const storage = freshStorage(200);
  dropGame("draw");
  const long = record(Array.from({ length: 40 }, () => "play:1-2"));
  let saved = true;
  const notices = noticesOf(() => { saved = saveGame("draw", { record: long }); });
  assert.equal(saved, false);
  assert.deepEqual(notices, [{ kind: "full", gameId: "draw", moves: 40 }]);
  assert.deepEqual(loadGame("draw").game?.record, long); // the page still has it
  storage.quota = Infinity;
  const again = noticesOf(() => assert.deepEqual(freeSpace(), { freed: 0, saved: true }));
  assert.deepEqual(again, [{ kind: "saved", gameId: "draw" }]);
  assert.ok(storage.getItem("boneyard.game.draw"));
  dropGame("draw");
});

test("a move answered after its screen was left is saved only while the game stored is still that screen's", () => {
  const storage = freshStorage();
  dropGame("draw");
  const before = record(["play:1-2"]);
  const game = { record: record(["play:1-2", "play:2-3"]), token: "t1", log: [] };
  const stored = () => JSON.parse(storage.getItem("boneyard.game.draw") ?? "null");
  saveGame("draw", { record: before, token: "t1" });
  forgetOtherGames(null); // the screen left for the menu: this page holds no copy of the game
  assert.deepEqual(noticesOf(() => assert.equal(saveLeftGame("draw", game, before), true)), []);
  assert.deepEqual(stored().record, game.record);
  dropGame("draw"); // forgotten meanwhile: not brought back
  assert.equal(saveLeftGame("draw", game, before), false);
  assert.equal(stored(), null);
  // replaced by another game (another token), or by another tab's save of this one (another record): kept, nothing asked
  for (const other of [{ record: before, token: "t2" }, { record: record(["play:1-2", "play:3-4"]), token: "t1" }]) {
    storage.setItem("boneyard.game.draw", JSON.stringify({ format: 1, version: 5, ...other }));
    assert.deepEqual(noticesOf(() => assert.equal(saveLeftGame("draw", game, before), false)), []);
    assert.deepEqual(stored(), { format: 1, version: 5, ...other });
  }
  // storage full when the screen was left: the move joins the game kept in memory
  freshStorage(200);
  dropGame("draw");
  const long = record(Array.from({ length: 40 }, () => "play:1-2"));
  saveGame("draw", { record: long, token: "t1" });
  forgetOtherGames(null);
  const longer = record([...long.moves, "play:2-3"]);
  assert.equal(saveLeftGame("draw", { record: longer, token: "t1", log: [] }, long), true);
  assert.deepEqual(loadGame("draw").game?.record, longer);
  dropGame("draw");
});

test("settings of another version: unknown keys and values are dropped, the known ones kept", () => {
  const storage = freshStorage();
  storage.setItem("boneyard.settings.v1", JSON.stringify({ theme: "dark", tileStyle: "neon", retired: 1 }));
  const { settings, dropped } = loadSettings();
  assert.equal(dropped, true);
  assert.equal(settings.theme, "dark");
  assert.equal(settings.tileStyle, "classic");
  assert.deepEqual(JSON.parse(storage.getItem("boneyard.settings.v1")), settings); // written back clean
  storage.setItem("boneyard.settings.v1", "[1, 2]");
  assert.equal(loadSettings().dropped, true);
  assert.equal(storage.getItem("boneyard.settings.v1"), null);
});

test("a new player's solitaire deals are winnable-only deals; a player who turned it off keeps it off", () => {
  const storage = freshStorage();
  assert.equal(loadSettings().settings.winnableOnly, true);
  storage.setItem("boneyard.settings.v1", JSON.stringify({ winnableOnly: false }));
  assert.equal(loadSettings().settings.winnableOnly, false);
});

test("statistics count a game once by its token, and drop an entry that does not add up", () => {
  const storage = freshStorage();
  recordResult("draw", { players: 2 }, { won: true }, { id: "g1", day: "2026-11-28" });
  assert.equal(recordResult("draw", { players: 2 }, { won: true }, { id: "g1", day: "2026-11-28" }), null);
  const { stats } = loadStats();
  assert.equal(stats.get("draw|players=2")?.played, 1);
  assert.equal(stats.get("draw|players=2")?.won, 1);
  const bad = JSON.parse(storage.getItem("boneyard.stats.v1"));
  bad.entries["draw|players=2"].won = 5; // more won than played
  storage.setItem("boneyard.stats.v1", JSON.stringify(bad));
  assert.deepEqual(loadStats(), { stats: new Map(), dropped: true, removed: 1, recent: ["g1"] }); // dropped alone
});

test("a result counted while storage is full waits in memory and is written with the next write", () => {
  const storage = freshStorage(10);
  const notices = noticesOf(() => assert.equal(recordResult("draw", {}, { won: false }, { id: "g2" }), null));
  assert.deepEqual(notices, [{ kind: "results", waiting: 1 }]);
  assert.equal(storage.getItem("boneyard.stats.v1"), null);
  storage.quota = Infinity;
  assert.equal(flushResults()?.length, 1);
  assert.equal(loadStats().stats.get("draw")?.played, 1);
});

test("table preferences: the speed falls back to the settings' animation; long names are cut, bad ones ignored", () => {
  const storage = freshStorage();
  storage.setItem("boneyard.settings.v1", JSON.stringify({ animation: "off" }));
  assert.equal(loadSpeed(), "instant");
  storage.setItem("boneyard.table.speed.v1", JSON.stringify("warp"));
  assert.equal(loadSpeed(), "instant");
  saveNames("draw", ["Ada", "Ben"]);
  assert.deepEqual(loadNames("draw"), ["Ada", "Ben"]);
  storage.setItem("boneyard.table.names.v1.draw", JSON.stringify(["x".repeat(99)])); // too long: cut to 14
  assert.deepEqual(loadNames("draw"), ["x".repeat(14)]);
  storage.setItem("boneyard.table.names.v1.draw", JSON.stringify([7]));
  assert.deepEqual(loadNames("draw"), []);
  assert.deepEqual(readJSON("boneyard.nothing"), { found: false });
});
