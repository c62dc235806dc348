// The game screen's phases (web/play/phases.js): the reducer's transitions, the effects each
// phase asks for once the screen settles, and the moves it refuses.
import test from "node:test";
import assert from "node:assert/strict";
import { TRANSITIONS, factsOf, initialScreen, phaseOf, reduce, shownDialogs } from "../../web/play/phases.js";

/** @returns {import("../../web/play/phases.js").Facts} */
const facts = (over = {}) => ({ session: "s1", moves: 4, round: 1, roundOver: false, over: false, toMove: "person",
  mine: true, ...over });

/** Reduce a run of intents; every one must be accepted. */
function run(screen, ...intents) {
  let effects = [];
  for (const intent of intents) {
    const next = reduce(screen, intent);
    assert.equal(next.refused, undefined, `${JSON.stringify(intent)} refused: ${next.refused}`);
    screen = next.screen;
    effects = next.effects;
  }
  return { screen, effects };
}

const playing = (f = facts()) => run(initialScreen(), { type: "facts", facts: f }, { type: "body", body: "play" }).screen;

test("the phase follows the body and the view", () => {
  assert.equal(phaseOf("none", facts()), "loading");
  assert.equal(phaseOf("play", null), "loading");
  assert.equal(phaseOf("setup", facts()), "setup");
  assert.equal(phaseOf("coach", facts()), "replaying");
  assert.equal(phaseOf("play", facts()), "person");
  assert.equal(phaseOf("play", facts({ toMove: "computer" })), "computers");
  assert.equal(phaseOf("play", facts({ toMove: null })), "person");
  assert.equal(phaseOf("play", facts({ roundOver: true })), "round-over");
  assert.equal(phaseOf("play", facts({ roundOver: true, over: true })), "game-over");
});

test("the facts of a view", () => {
  const view = /** @type {any} */ ({ moves: 3, round: { number: 2, over: false }, outcome: null, to_move: 1,
    seats: ["human", "ai:easy"] });
  assert.deepEqual(factsOf("s", view, false), { session: "s", moves: 3, round: 2, roundOver: false, over: false,
    toMove: "computer", mine: false });
  assert.equal(factsOf(null, view, false), null);
  assert.equal(factsOf("s", null, false), null);
});

test("a game comes on screen: the person's turn begins, and settling lets the seat act", () => {
  const first = reduce(initialScreen(), { type: "facts", facts: facts() });
  assert.deepEqual(first.effects, [{ type: "turn-began" }]);
  assert.equal(first.screen.phase, "loading", "the body shows nothing yet");
  const shown = reduce(first.screen, { type: "body", body: "play" });
  assert.equal(shown.screen.phase, "person");
  assert.deepEqual(reduce(shown.screen, { type: "settled", busy: false }).effects, [{ type: "turn" }]);
  assert.deepEqual(reduce(shown.screen, { type: "settled", busy: true }).effects, [], "nothing while a request is out");
});

test("the turn begins once: a view that leaves it the person's greets nobody again", () => {
  const screen = playing();
  assert.deepEqual(reduce(screen, { type: "facts", facts: facts({ moves: 5 }) }).effects, []);
  const away = run(screen, { type: "facts", facts: facts({ mine: false, toMove: "computer" }) }).screen;
  assert.equal(away.phase, "computers");
  assert.deepEqual(reduce(away, { type: "facts", facts: facts({ moves: 6 }) }).effects, [{ type: "turn-began" }]);
});

test("a round's end shows its summary once, then the next deal is the seat's to move", () => {
  const over = run(playing(), { type: "facts", facts: facts({ roundOver: true, mine: false }) }).screen;
  assert.equal(over.phase, "round-over");
  assert.deepEqual(reduce(over, { type: "settled", busy: false }).effects, [{ type: "summary" }]);
  const shown = run(over, { type: "summary-shown" }).screen;
  assert.deepEqual(reduce(shown, { type: "settled", busy: false }).effects, [{ type: "turn" }]);
  const undone = run(shown, { type: "undo" }).screen; // an undo into the round's end shows it again
  assert.deepEqual(reduce(undone, { type: "settled", busy: false }).effects, [{ type: "summary" }]);
});

test("a game's end shows its result once; asked again, it shows again; undone and finished again, again", () => {
  const over = run(playing(), { type: "facts", facts: facts({ over: true, roundOver: true, moves: 9, mine: false }) }).screen;
  assert.equal(over.phase, "game-over");
  assert.deepEqual(reduce(over, { type: "settled", busy: false }).effects, [{ type: "outcome" }]);
  const shown = run(over, { type: "outcome-shown" }).screen;
  assert.deepEqual(reduce(shown, { type: "settled", busy: false }).effects, []);
  assert.deepEqual(reduce(run(shown, { type: "show-result" }).screen, { type: "settled", busy: false }).effects,
    [{ type: "outcome" }]);
  const undone = run(shown, { type: "facts", facts: facts({ moves: 8 }) }).screen;
  const again = run(undone, { type: "facts", facts: facts({ over: true, moves: 9, mine: false }) }).screen;
  assert.deepEqual(reduce(again, { type: "settled", busy: false }).effects, [{ type: "outcome" }]);
});

test("a new session shows its own summaries and result", () => {
  const shown = run(playing(facts({ roundOver: true })), { type: "summary-shown" }).screen;
  const next = run(shown, { type: "facts", facts: facts({ session: "s2", roundOver: true }) });
  assert.deepEqual(next.effects, [{ type: "turn-began" }]);
  assert.deepEqual(reduce(next.screen, { type: "settled", busy: false }).effects, [{ type: "summary" }]);
});

test("no turn, dialog or move while the setup or the replay is in the body", () => {
  const setup = run(playing(), { type: "body", body: "setup" }).screen;
  assert.equal(setup.phase, "setup");
  assert.deepEqual(reduce(setup, { type: "settled", busy: false }).effects, []);
  const coach = run(playing(), { type: "body", body: "coach" }).screen;
  assert.equal(coach.phase, "replaying");
  assert.deepEqual(reduce(coach, { type: "settled", busy: false }).effects, []);
  assert.equal(run(coach, { type: "body", body: "play" }).screen.phase, "person");
});

test("impossible transitions are refused and change nothing", () => {
  const coach = run(playing(), { type: "body", body: "coach" }).screen;
  const toSetup = reduce(coach, { type: "body", body: "setup" });
  assert.match(toSetup.refused ?? "", /from replaying to setup/);
  assert.equal(toSetup.screen, coach);
  const fromLoading = reduce(initialScreen(), { type: "body", body: "coach" });
  assert.match(fromLoading.refused ?? "", /from loading to replaying/);
  const setup = run(initialScreen(), { type: "body", body: "setup" }).screen;
  assert.match(reduce(setup, { type: "body", body: "coach" }).refused ?? "", /from setup to replaying/);
  assert.ok(reduce(initialScreen(), { type: "outcome-shown" }).refused, "no result to mark before a game");
  assert.ok(reduce(initialScreen(), /** @type {any} */ ({ type: "teleport" })).refused);
});

test("the table knows every phase, and no phase moves to itself by the table", () => {
  const phases = Object.keys(TRANSITIONS);
  for (const [from, tos] of Object.entries(TRANSITIONS)) {
    for (const to of tos) assert.ok(phases.includes(to) && to !== from, `${from} -> ${to}`);
  }
});

test("a game left for a new deal ends without its result", () => {
  const skipped = run(playing(), { type: "outcome-skipped" }).screen;
  const resigned = run(skipped, { type: "facts", facts: facts({ over: true, mine: false }) }).screen;
  assert.deepEqual(reduce(resigned, { type: "settled", busy: false }).effects, []);
});

test("the dialogs shown, marked again on the same game in a new session, are not shown again", () => {
  const over = facts({ over: true, toMove: null });
  const seen = run(playing(over), { type: "outcome-shown" }).screen;
  assert.deepEqual(shownDialogs(seen), [{ type: "outcome-shown" }]);
  assert.deepEqual(shownDialogs(playing(over)), []); // not shown yet: shown after a remount
  const again = playing({ ...over, session: "s2" }); // the same game mounted again: its result not shown yet
  assert.deepEqual(run(again, { type: "settled", busy: false }).effects, [{ type: "outcome" }]);
  const marked = run(again, ...shownDialogs(seen), { type: "settled", busy: false });
  assert.deepEqual(marked.effects, []);
  const round = run(playing(facts({ roundOver: true })), { type: "summary-shown" }).screen;
  assert.deepEqual(shownDialogs(round), [{ type: "summary-shown" }]);
  const next = run(round, { type: "facts", facts: facts({ round: 2 }) }).screen; // the next round's: none shown
  assert.deepEqual(shownDialogs(next), []);
});
