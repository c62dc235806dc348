// The words of a game ended by a resignation (web/play/resignation.js).
import test from "node:test";
import assert from "node:assert/strict";
import { resignationWords, resignedSeat } from "../../web/play/resignation.js";
import { listNames, madeSentence } from "../../web/render/words.js";

const NAMES = ["You", "Ben", "Cleo", "Dev"];
const name = (/** @type {number} */ seat) => NAMES[seat];
const view = (/** @type {object} */ over) => /** @type {any} */ ({ round: { number: 2, over: false }, scores: [31, 0, 0, 0],
  outcome: { winners: [1, 2, 3], reason: "seat 0 resigned", scores: [31, 0, 0, 86], detail: { resigned: 0 } }, ...over });

test("names are listed as people write them", () => {
  assert.equal(listNames([]), "");
  assert.equal(listNames(["Ada"]), "Ada");
  assert.equal(listNames(["Ada", "Ben"]), "Ada and Ben");
  assert.equal(listNames(["Ada", "Ben", "Cleo", "Dev"]), "Ada, Ben, Cleo and Dev");
});

test("a move made is one sentence: its words after who made it, one full stop", () => {
  assert.equal(madeSentence("You", "turn up the 5 of hearts from 10 o'clock"), "You turn up the 5 of hearts from 10 o'clock.");
  assert.equal(madeSentence("Ben", "plays 6-4."), "Ben plays 6-4.");
  assert.equal(madeSentence("", "The deal"), "The deal.");
});

test("a resignation says who resigned, in which round, who wins, and the standings by total", () => {
  const words = resignationWords(view({}), name);
  assert.equal(words?.title, "You resigned");
  assert.equal(words?.said, "You resigned in round 2: Ben, Cleo and Dev win.");
  assert.deepEqual(words?.standings.map((s) => [s.name, s.total]), [["Dev", 86], ["You", 31], ["Ben", 0], ["Cleo", 0]]);
});

test("another seat's resignation, one winner", () => {
  const words = resignationWords(view({ outcome: { winners: [0], scores: [5, 9], detail: { resigned: 1 } }, round: null }),
    name);
  assert.equal(words?.title, "Ben resigned");
  assert.equal(words?.said, "Ben resigned: You win.");
  assert.equal(resignedSeat(view({ outcome: { winners: [0], detail: { resigned: 1 } } })), 1);
});

test("a game that ended otherwise is no resignation", () => {
  assert.equal(resignationWords(view({ outcome: { winners: [1], scores: [0, 100], detail: null } }), name), null);
  assert.equal(resignationWords(view({ outcome: null }), name), null);
  assert.equal(resignedSeat(view({ outcome: { winners: [], detail: { resigned: null } } })), null);
});
