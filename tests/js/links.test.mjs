// Game links (web/play/links.js): read from a query, written for the deal on screen.
import test from "node:test";
import assert from "node:assert/strict";
import { gameLinkHref, linkProblemsText, readGameLink } from "../../web/play/links.js";

const SPEC = {
  id: "draw", name: "The Draw Game", players: { min: 2, max: 4 },
  levels: [{ id: "easy" }, { id: "hard" }],
  options: [{ key: "players", label: "Players", default: 2, choices: [2, 3, 4] },
    { key: "set", label: "Set", default: "double-6", choices: ["double-6", "double-9"] }],
};

test("a link's deal and options are read; absent options keep their defaults", () => {
  const link = readGameLink(SPEC, new URLSearchParams("deal=42&set=double-9"));
  assert.equal(link.seed, 42);
  assert.deepEqual(link.options, { players: 2, set: "double-9" });
  assert.deepEqual(link.problems, []);
  assert.equal(link.fresh, false);
});

test("a bad deal number and a bad option value are dropped, each with a problem", () => {
  const link = readGameLink(SPEC, new URLSearchParams("deal=-3&players=7"));
  assert.equal(link.seed, null);
  assert.equal(link.options.players, 2);
  assert.equal(link.problems.length, 2);
  assert.match(linkProblemsText(SPEC, link.problems), /deal number/);
});

test("seats are read only for a table game, and only of the catalog's kinds", () => {
  const good = readGameLink(SPEC, new URLSearchParams("deal=1&players=3&seats=human,ai:easy,ai:hard"), { seats: true });
  assert.deepEqual(good.seats, ["human", "ai:easy", "ai:hard"]);
  const bad = readGameLink(SPEC, new URLSearchParams("deal=1&seats=human,ai:wizard"), { seats: true });
  assert.equal(bad.seats, null);
  assert.ok(bad.problems.length >= 1);
  const ignored = readGameLink(SPEC, new URLSearchParams("deal=1&seats=human,ai:easy"));
  assert.equal(ignored.seats, null);
});

test("a link written for a deal reads back as the same deal", () => {
  const view = { game: "draw", seed: 9, options: { players: 3, set: "double-9" }, seats: ["human", "ai:easy", "ai:hard"],
    outcome: null, moves: 0 };
  const href = gameLinkHref(view, { seats: true });
  const query = new URLSearchParams(href.slice(href.indexOf("?") + 1));
  const link = readGameLink(SPEC, query, { seats: true });
  assert.equal(link.seed, 9);
  assert.deepEqual(link.options, view.options);
  assert.deepEqual(link.seats, view.seats);
});

test("the link of a game with hidden hands in progress names no deal", () => {
  const view = { game: "draw", seed: 9, options: { players: 2, set: "double-6" }, seats: ["human", "ai:easy"],
    outcome: null, moves: 3 };
  const href = gameLinkHref(view, { seats: true, hidden: true });
  assert.doesNotMatch(href, /deal=/);
  const link = readGameLink(SPEC, new URLSearchParams(href.slice(href.indexOf("?") + 1)), { seats: true });
  assert.equal(link.seed, null);
  assert.equal(link.fresh, true);
});

test("a deal number names that deal: winnable-only only with winnable=1; no deal number follows the setting", () => {
  const LUZON = { id: "luzon", name: "Luzon", players: { min: 1, max: 1 }, levels: [], solitaire: true,
    winnable_deals: true, options: [{ key: "variant", label: "Variant", default: "twelve", choices: ["twelve", "sixes"] }] };
  assert.equal(readGameLink(LUZON, new URLSearchParams("deal=5")).winnable, false);
  assert.equal(readGameLink(LUZON, new URLSearchParams("deal=5&winnable=1")).winnable, true);
  assert.equal(readGameLink(LUZON, new URLSearchParams("variant=sixes")).winnable, null);
  assert.equal(readGameLink(SPEC, new URLSearchParams("deal=5")).winnable, null); // a game without winnable-only deals
  const href = gameLinkHref(/** @type {any} */ ({ game: "luzon", seed: 6, options: { variant: "twelve" }, seats: ["human"], winnable: true }));
  assert.equal(readGameLink(LUZON, new URLSearchParams(href.slice(href.indexOf("?") + 1))).winnable, true);
});
