// The frame shared by the solitaires (Luzon, The Big Clock, Clock): toolbar (new deal, deal
// number, options, undo/redo, hint, game buttons), status line, message, hint box, board, game
// tools (link, export, import: athome.js), won/lost dialog with new deal and replay, game links,
// resume after reload (storage.js), statistics and the engine round trips.

import { loadRecord, saveRecord, dropRecord } from "../storage.js";
import { h, optionControls, randomSeed } from "./dom.js";
import { countGame, finishes, gameTools, linkProblemsText, newToken, readGameLink } from "./athome.js";

/**
 * game: {id, boardClass, boardLabel, extraButtons: [el], statusExtras: [el], render(view, api),
 *        intro(view) -> text, summary(view) -> text, lostTitle, moveName(moveId) -> text,
 *        onView(view) (every new view), onReset() (new deal, undo), onHint(answer),
 *        onStarted(view, record) (a new, resumed or imported game; may be async),
 *        countExtra() -> extra statistics (countGame), onDispose()}
 * Returns the api: {state, say, send, play, newGame, buttons, board, hintBox, render, options, dispose}
 */
export function mountShell(root, { engine, spec, params, notify }, game) {
  const state = { session: null, view: null, hint: null, busy: false, shownOutcome: null, locked: false,
    token: null }; // token: this game, counted once in the statistics
  const message = h("p", { class: "message", role: "status", "aria-live": "polite" });
  const dealInput = h("input", { type: "number", id: "deal-number", min: "0", step: "1", inputmode: "numeric",
    "aria-label": "Deal number" });
  const options = optionControls(spec, (values) => newGame(values, currentSeed()));
  const buttons = {
    newDeal: h("button", { type: "button", "data-action": "new" }, "New deal"),
    undo: h("button", { type: "button", "data-action": "undo", "aria-keyshortcuts": "Control+Z" }, "Undo"),
    redo: h("button", { type: "button", "data-action": "redo", "aria-keyshortcuts": "Control+Y" }, "Redo"),
    hint: h("button", { type: "button", "data-action": "hint" }, "Hint"),
  };
  for (const button of Object.values(buttons)) button.disabled = true;
  const dealForm = h("form", { class: "deal-form" },
    h("label", { for: "deal-number" }, "Deal"), dealInput,
    h("button", { type: "submit", "data-action": "deal" }, "Play deal"));
  const status = h("span", { class: "status", id: "game-status" });
  const board = h("div", { class: game.boardClass, id: "board", "aria-label": game.boardLabel },
    h("p", { class: "board-wait" }, "Waiting for the game engine…"));
  const hintBox = h("p", { class: "hint-text", id: "hint-text", hidden: "" });
  const outcome = h("dialog", { class: "outcome", id: "outcome", "aria-labelledby": "outcome-title" });
  const tools = gameTools({ gameId: game.id, engine, say, session: () => state.session, load: importRecord });

  root.replaceChildren(h("section", { class: `game ${game.id}` },
    h("div", { class: "game-head" },
      h("h1", {}, spec.name),
      h("a", { href: `#/rules/${game.id}`, class: "rules-link" }, "Rules")),
    h("div", { class: "toolbar", role: "toolbar", "aria-label": "Game controls" },
      buttons.newDeal, dealForm, ...options.elements, buttons.undo, buttons.redo, buttons.hint,
      ...(game.extraButtons ?? [])),
    h("div", { class: "statusline" }, status, ...(game.statusExtras ?? [])),
    message, hintBox, board, tools.element, outcome));

  const currentSeed = () => {
    const n = Number(dealInput.value);
    return Number.isSafeInteger(n) && n >= 0 ? n : state.view?.seed ?? randomSeed();
  };

  function say(text, kind = "info") {
    message.textContent = text;
    message.dataset.kind = kind;
  }

  function setBusy(busy) {
    state.busy = busy;
    root.querySelector(".game")?.classList.toggle("busy", busy);
  }

  /** Send a request; on success show the new view and save the game. */
  async function send(request, { save = true, token = undefined } = {}) {
    if (state.busy) return null;
    setBusy(true);
    try {
      const answer = await engine.request(request);
      if (!answer.ok) return answer;
      if (answer.view) {
        const before = state.view;
        if (["new", "load"].includes(request.op)) state.token = token ?? newToken(game.id);
        state.session = answer.session;
        state.hint = null;
        game.onView?.(answer.view);
        if (save) await persist(); // saved before it is shown, and no await after it: a key
        show(answer.view); //         pressed once the move is on screen is never dropped as busy
        if (finishes(request.op, before, answer.view)) countGame(answer.view, state.token, game.countExtra?.());
      }
      return answer;
    } catch (error) {
      say(error.message, "error");
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function persist() {
    const answer = await engine.request({ op: "record", session: state.session });
    if (answer.ok) saveRecord(game.id, answer.record, state.token);
  }

  /** Load a record in place of the game on screen (resume, import); token: the saved game's. */
  async function load(record, token) {
    const answer = await send({ op: "load", record }, { token });
    if (answer?.ok) await game.onStarted?.(answer.view, record);
    return answer;
  }

  function importRecord(record) {
    game.onReset?.();
    return load(record);
  }

  async function newGame(values, seed) {
    game.onReset?.();
    for (let i = 0; state.busy && i < 200; i++) await new Promise((resolve) => setTimeout(resolve, 25)); // autoplay's last request
    const answer = await send({ op: "new", game: game.id, options: values, seed, seats: ["human"] });
    if (answer && !answer.ok) say(answer.error.message, "error");
    else if (answer) {
      say(`Deal ${seed}. ${game.intro(answer.view)}`);
      await game.onStarted?.(answer.view, null);
    }
  }

  async function play(moveId, { quiet = false } = {}) {
    const answer = await send({ op: "play", session: state.session, move: moveId });
    if (answer && !answer.ok) {
      say(`Not allowed: ${game.moveName?.(moveId) ?? moveId}. ${answer.error.message}`, "error");
      render();
    } else if (answer && !quiet) {
      say(answer.view.events.at(-1)?.label ?? "");
    }
    return answer;
  }

  buttons.newDeal.addEventListener("click", () => newGame(options.values(), randomSeed()));
  dealForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const n = Number(dealInput.value);
    if (!Number.isSafeInteger(n) || n < 0) {
      say("A deal number is a whole number, 0 or more.", "error");
      return;
    }
    newGame(options.values(), n);
  });
  buttons.undo.addEventListener("click", () => {
    game.onReset?.();
    send({ op: "undo", session: state.session }).then(() => say(""));
  });
  buttons.redo.addEventListener("click", () => {
    game.onReset?.();
    send({ op: "redo", session: state.session }).then(() => say(""));
  });
  buttons.hint.addEventListener("click", showHint);
  const onShortcut = (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.target.matches?.("input, select, textarea")) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) buttons.undo.click();
    else if (key === "y" || (key === "z" && event.shiftKey)) buttons.redo.click();
    else return;
    event.preventDefault();
  };
  document.addEventListener("keydown", onShortcut);

  async function showHint() {
    if (!state.session || state.busy) return;
    const answer = await engine.request({ op: "hint", session: state.session });
    if (!answer.ok) {
      say(answer.error.message, "error");
      return;
    }
    state.hint = answer;
    game.onHint?.(answer);
    render();
  }

  function show(view) {
    state.view = view;
    dealInput.value = String(view.seed);
    options.set(view.options);
    tools.update(view);
    render();
  }

  function render() {
    const view = state.view;
    if (!view) return;
    const focused = document.activeElement?.closest?.("[data-slot]")?.dataset.slot;
    game.render(view, api);
    board.dataset.moves = String(view.moves);
    board.dataset.session = state.session;
    board.dataset.seed = String(view.seed);
    board.dataset.over = view.outcome ? (view.outcome.winners.includes(0) ? "won" : "lost") : "";
    if (focused) board.querySelector(`[data-slot="${CSS.escape(focused)}"]`)?.focus();
    const locked = state.locked;
    buttons.newDeal.disabled = false;
    buttons.undo.disabled = locked || !view.can_undo;
    buttons.redo.disabled = locked || !view.can_redo;
    buttons.hint.disabled = locked || Boolean(view.outcome);
    if (state.hint) {
      const chance = state.hint.chance;
      hintBox.textContent = `Hint: ${state.hint.label}. ${state.hint.reason}` +
        (chance > 0 && chance < 1 && !state.hint.reason.includes("%") ? ` (chance to win ${Math.round(chance * 100)}%)` : "");
      hintBox.hidden = false;
    } else {
      hintBox.hidden = true;
    }
    status.textContent = `Deal ${view.seed} · ${view.status}`;
    renderOutcome();
  }

  function renderOutcome() {
    const view = state.view;
    const key = view.outcome ? `${state.session}:${view.moves}` : null;
    if (!view.outcome) {
      if (outcome.open) outcome.close();
      state.shownOutcome = null;
      return;
    }
    if (state.shownOutcome === key) return;
    state.shownOutcome = key;
    const won = view.outcome.winners.includes(0);
    const again = h("button", { type: "button", class: "primary" }, "New deal");
    again.addEventListener("click", () => { outcome.close(); newGame(options.values(), randomSeed()); });
    const replay = h("button", { type: "button", "data-action": "replay" }, "Replay deal");
    replay.addEventListener("click", () => { outcome.close(); newGame(view.options, view.seed); });
    const close = h("button", { type: "button" }, "Close");
    close.addEventListener("click", () => outcome.close());
    const actions = [again, replay];
    if (!won && view.can_undo) {
      const undo = h("button", { type: "button" }, "Undo last move");
      undo.addEventListener("click", () => { outcome.close(); buttons.undo.click(); });
      actions.push(undo);
    }
    actions.push(close);
    outcome.dataset.result = won ? "won" : "lost";
    outcome.replaceChildren(
      h("h2", { id: "outcome-title" }, won ? "You won!" : game.lostTitle ?? "Game lost"),
      h("p", {}, view.outcome.reason || view.status),
      h("p", {}, `Deal ${view.seed} · ${game.summary(view)}`),
      h("div", { class: "actions" }, ...actions));
    outcome.showModal();
    again.focus();
  }

  /** Start: the deal of a game link, else the saved game, else a new deal. */
  async function begin() {
    await engine.ready();
    const link = readGameLink(spec, params);
    if (link.problems.length) notify(linkProblemsText(spec, link.problems));
    if (link.seed !== null) {
      await newGame(link.options, link.seed);
      return;
    }
    const { record, token, dropped } = loadRecord(game.id);
    if (dropped) notify(`The saved ${spec.name} game could not be read and was removed.`);
    if (record) {
      const answer = await load(record, token); // the saved token: counted once across reloads
      if (answer?.ok) {
        say(`Resumed deal ${record.seed}.`);
        return;
      }
      dropRecord(game.id);
      notify(`The saved ${spec.name} game could not be restored and was removed.`);
    }
    await newGame(options.values(), randomSeed());
  }

  const api = { state, say, send, play, newGame, buttons, board, hintBox, render, options, engine, persist };
  begin().catch((error) => say(error.message, "error"));
  api.dispose = () => {
    document.removeEventListener("keydown", onShortcut);
    if (outcome.open) outcome.close();
    game.onDispose?.();
  };
  return api;
}
