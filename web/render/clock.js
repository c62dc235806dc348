// Clock with CARDominoes: 13 piles of card-tiles, twelve on a dial and the kings' pile in the
// centre. Turn tiles one at a time or play to the end (animated). With the exchange option, when
// the fourth king turns up too early the player picks any face-down tile (pile and depth); the
// advisor's exact winning chance of every choice is shown, and the hint points at the best.

import { attachBoardInput } from "../input.js";
import { cardSvg, cardName } from "./cards.js";
import { h } from "./dom.js";
import { mountShell } from "./shell.js";

const GAME = "clock";
const CENTRE = 13;
const PLAY_DELAY_MS = 140;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const HOURS = { 1: "A", 11: "J", 12: "Q", 13: "K" };
const hourName = (slot) => (slot === CENTRE ? "the centre" : `${slot} o'clock`);
const percent = (chance) => {
  const p = chance * 100;
  return p > 0 && p < 1 ? "<1%" : `${Math.round(p)}%`;
};

/** What the last move did, in words. */
function describe(view) {
  const b = view.board;
  if (!b.last) return "";
  const rank = b.last.slice(0, -1);
  const slot = rank === "K" ? CENTRE : rank === "A" ? 1 : rank === "J" ? 11 : rank === "Q" ? 12 : Number(rank);
  let text = `Turned up the ${cardName(b.last)}: placed at ${hourName(slot)}.`;
  if (b.exchange_pending) text = `The fourth king turned up: choose a face-down tile below to exchange it with.`;
  else if (b.exchanged && b.exchanged.taken === b.last && view.events.at(-1)?.move?.startsWith("exchange")) {
    text = `Exchanged: the king went face down at ${hourName(b.exchanged.slot)}; the ${cardName(b.last)} is placed at ${hourName(slot)}.`;
  }
  return text;
}

export function mountClock(root, context) {
  let playing = false;
  let stopRequested = false;
  let lastMoves = -1;
  const turnButton = h("button", { type: "button", "data-action": "turn", disabled: "" }, "Turn");
  const allButton = h("button", { type: "button", "data-action": "play-all", disabled: "" }, "Play to the end");

  const shell = mountShell(root, context, {
    id: GAME,
    boardClass: "ck-board",
    boardLabel: "Clock layout",
    extraButtons: [turnButton, allButton],
    intro: (view) => view.options.exchange
      ? "Turn the tiles up; if the fourth king comes too early you may exchange it once."
      : "With the exchange off this game has no decisions: turn tiles one by one, or play it out.",
    summary: (view) => `${52 - view.board.face_down} of 52 tiles face up` +
      (view.board.exchanged ? `, exchange used (${view.board.exchanged.taken} taken)` : ""),
    onReset: () => { stopRequested = true; },
    onDispose: () => { stopRequested = true; },
    render,
  });
  const { state, board } = shell;
  for (const option of root.querySelectorAll("#option-exchange option")) { // say on/off, not true/false
    option.textContent = option.value === "true" ? "on" : "off";
  }

  function activate(place) {
    const view = state.view;
    if (state.busy || state.locked || !view || view.outcome) return;
    if (place.startsWith("ex:")) {
      const [, slot, depth] = place.split(":");
      move(`exchange:slot${slot}:${depth}`);
      return;
    }
    if (view.board.exchange_pending) {
      const slot = Number(place.slice(4));
      const pile = view.board.slots[slot - 1];
      if (pile?.face_down) move(`exchange:slot${slot}:${pile.face_down}`);
      else shell.say("That pile has no face-down tile: choose one below.", "error");
      return;
    }
    if (place === `slot${view.board.next_slot}`) move("turn");
    else shell.say(`Tiles are turned from ${hourName(view.board.next_slot)} now (highlighted).`, "error");
  }

  async function move(moveId) {
    const fromBoard = board.contains(document.activeElement);
    const answer = await shell.play(moveId, { quiet: true });
    if (answer?.ok) shell.say(describe(answer.view));
    // keep the keyboard on the board: the pile to turn from next, or the first exchange choice
    if (fromBoard && !board.contains(document.activeElement)) {
      board.querySelector(".ck-pile.next, .ck-choice.best, [data-slot]")?.focus();
    }
  }

  attachBoardInput(board, { onActivate: activate, onDrop: () => {}, onCancel: () => shell.say("") });

  turnButton.addEventListener("click", () => {
    if (!state.locked) move("turn");
  });
  allButton.addEventListener("click", () => {
    if (playing) stopRequested = true;
    else playToEnd();
  });

  async function playToEnd() {
    if (playing || !state.session || state.view?.outcome) return;
    playing = true;
    stopRequested = false;
    state.locked = true;
    allButton.textContent = "Stop";
    allButton.setAttribute("aria-pressed", "true");
    shell.render();
    try {
      while (!stopRequested && state.view && state.view.board.phase === "turn") {
        const answer = await shell.send({ op: "play", session: state.session, move: "turn" });
        if (!answer?.ok) {
          if (answer) shell.say(answer.error.message, "error");
          break;
        }
        shell.say(describe(answer.view));
        if (answer.view.board.phase === "turn") await sleep(PLAY_DELAY_MS);
      }
    } finally {
      playing = false;
      state.locked = false;
      allButton.textContent = "Play to the end";
      allButton.setAttribute("aria-pressed", "false");
      shell.render();
    }
  }

  function pileElement(s, b, view, fresh) {
    const slot = s.slot;
    const next = b.next_slot === slot && !state.locked && !view.outcome;
    const exchanging = b.exchange_pending && s.face_down > 0;
    const hint = state.hint?.move?.match(/^exchange:slot(\d+):(\d+)$/);
    const hinted = (hint && Number(hint[1]) === slot) || (state.hint?.move === "turn" && b.next_slot === slot);
    const classes = ["ck-pile"];
    if (slot === CENTRE) classes.push("centre");
    if (next) classes.push("next");
    if (exchanging) classes.push("choosable");
    if (hinted) classes.push("hinted");
    if (s.face_up.length === 4 && !s.face_down) classes.push("done");
    const chances = view.analysis?.exchange_chances ?? [];
    const bottom = exchanging ? chances.find((c) => c.slot === slot && c.depth === s.face_down) : null;
    const cards = [];
    if (s.face_down) {
      cards.push(h("span", { class: "ck-card ck-down" }, cardSvg(null),
        s.king_depth ? h("span", { class: "ck-king", title: "the exchanged king lies here face down" }, `K@${s.king_depth}`) : null));
    }
    s.face_up.forEach((card, i) => {
      const isFresh = fresh && card === b.last && i === s.face_up.length - 1;
      cards.push(h("span", { class: `ck-card ck-up${isFresh ? " fresh" : ""}`, "data-card": card, title: cardName(card) }, cardSvg(card)));
    });
    if (!cards.length) cards.push(h("span", { class: "ck-card ck-none" }));
    const label = `${hourName(slot)} (${HOURS[slot] ?? slot}): ${s.face_down} face down` +
      `${s.face_up.length ? `, face up ${s.face_up.map(cardName).join(", ")}` : ""}` +
      `${next ? ", the next tile is turned from here" : ""}` +
      `${bottom ? `, exchange with its bottom tile: ${percent(bottom.chance)} to win` : ""}`;
    const clickable = next || exchanging;
    const pile = h(clickable ? "button" : "div", {
      type: clickable ? "button" : null, class: classes.join(" "), "data-slot": clickable ? `slot${slot}` : null,
      "data-pile": String(slot), "data-down": String(s.face_down), "data-up": s.face_up.join(" "), "aria-label": label,
      role: clickable ? null : "group",
    },
    h("span", { class: "ck-hour", "aria-hidden": "true" }, slot === CENTRE ? "K" : `${slot}${HOURS[slot] ? ` ${HOURS[slot]}` : ""}`),
    h("span", { class: "ck-cards" }, ...cards),
    h("span", { class: "ck-foot", "aria-hidden": "true" }, s.face_down ? `${s.face_down} down` : "\u00a0",
      bottom ? h("b", { class: "ck-chance" }, ` ${percent(bottom.chance)}`) : null));
    const rad = (slot % 12) * Math.PI / 6;
    const r = slot === CENTRE ? 0 : 39;
    pile.style.setProperty("--x", `${50 + r * Math.sin(rad)}%`);
    pile.style.setProperty("--y", `${50 - r * Math.cos(rad)}%`);
    pile.style.setProperty("--n", String(cards.length));
    return pile;
  }

  function exchangePanel(b, view) {
    const chances = view.analysis?.exchange_chances ?? [];
    const best = chances[0]?.chance ?? 0;
    const hint = state.hint?.move;
    const rows = b.slots.filter((s) => s.face_down > 0).map((s) => {
      const choices = [];
      for (let d = 1; d <= s.face_down; d++) {
        const choice = chances.find((c) => c.slot === s.slot && c.depth === d);
        const chance = choice?.chance ?? 0;
        const isBest = chance > 0 && chance === best;
        const move = `exchange:slot${s.slot}:${d}`;
        const where = d === s.face_down ? "bottom" : d === 1 ? "top" : `${d}th`;
        choices.push(h("button", {
          type: "button", class: `ck-choice${isBest ? " best" : ""}${hint === move ? " hinted" : ""}`,
          "data-slot": `ex:${s.slot}:${d}`, "data-chance": String(chance),
          "aria-label": `Exchange with tile ${d} of ${s.face_down} (${where}) at ${hourName(s.slot)}: ${percent(chance)} to win`,
        }, cardSvg(null), h("span", { class: "ck-choice-text" }, `${d === s.face_down ? "bottom" : `#${d}`}`, h("br"), percent(chance))));
      }
      return h("div", { class: "ck-ex-row" }, h("span", { class: "ck-ex-pile" }, `${hourName(s.slot)}`), ...choices);
    });
    const top = chances.filter((c) => c.chance > 0).slice(0, 3)
      .map((c) => `${hourName(c.slot)} bottom tile ${percent(c.chance)}`).join(" · ");
    return h("div", { class: "ck-exchange", role: "group", "aria-label": "Exchange choices" },
      h("h2", {}, "The fourth king turned up too early"),
      h("p", {}, `${b.face_down} tiles are still face down. Once per game you may swap the king with any face-down ` +
        "tile: the king goes there face down and the tile you take is played on. Only a pile's bottom tile can win: " +
        "a king above other face-down tiles would turn up before them."),
      h("p", { class: "ck-best" }, `Best choices (the advisor's exact chance to win): ${top || "none can win"}.`),
      h("div", { class: "ck-ex-rows" }, ...rows));
  }

  function render(view) {
    if (!view) return;
    const b = view.board;
    const fresh = view.moves !== lastMoves && view.moves > 0;
    lastMoves = view.moves;
    const dial = h("div", { class: "ck-dial", role: "group", "aria-label": "Clock dial" },
      ...b.slots.map((s) => pileElement(s, b, view, fresh)));
    const parts = [dial];
    const info = [];
    info.push(`${52 - b.face_down} of 52 face up · ${b.face_down} face down`);
    if (b.exchange) info.push(b.exchange_used ? `exchange used: ${b.exchanged.taken} taken, its king put at ${hourName(b.exchanged.slot)}` : "exchange available once");
    else info.push("exchange off: no decisions in this game");
    parts.push(h("p", { class: "ck-info" }, info.join(" · ")));
    if (!b.exchange && b.phase === "turn" && !state.locked) {
      const go = h("button", { type: "button", class: "primary", "data-action": "play-out" }, "Play it out");
      go.addEventListener("click", () => playToEnd());
      parts.push(h("p", { class: "ck-nodecision" }, "This game has no decisions (the exchange is off): ", go));
    }
    if (b.exchange_pending) parts.push(exchangePanel(b, view));
    board.replaceChildren(...parts);
    board.dataset.phase = b.phase;
    board.dataset.faceDown = String(b.face_down);
    board.dataset.playing = String(playing);
    const canTurn = b.phase === "turn" && !view.outcome;
    turnButton.disabled = state.locked || !canTurn;
    allButton.disabled = !playing && !canTurn;
  }

  return { dispose: () => shell.dispose() };
}
