// The frame of a game screen: the DOM around the renderer's board. A compact toolbar, the
// status line, a message area of fixed height (on a narrow screen a message shows at the top of
// the screen instead, over the site's bar, and fades once it is old), the way-on bar, the board
// taking the space left, and a side panel (the deal, options, speed, link, record, log) that a
// "More" button opens on small screens (style.css); the round and game dialog and the hot-seat
// pass screen (frame_dialogs.js). The frame draws what the controller decides and keeps no game
// state; it hands out no element: what it can do is its methods (draw, say, show, open a dialog,
// hook a control, place a part).

import { SPEEDS } from "../store/table.js";
import { h } from "../render/dom.js";
import { shake } from "../render/effects.js";
import { attachMorePanel } from "./more_panel.js";
import { createFrameDialogs } from "./frame_dialogs.js";
import { isSeatedGame, newGameWords } from "./seating.js";

/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Move} Move */
/** @typedef {import("./renderer_contract.js").Renderer} Renderer */
/** @typedef {import("./renderer_contract.js").LogEntry} LogEntry */
/** @typedef {import("./renderer_contract.js").MessageKind} MessageKind */

/** How long a message stays in view where it shows at the top of the screen (a narrow screen: style.css). */
const MESSAGE_FRESH_MS = 6000;

/**
 * A button's words, and shorter ones that a narrow screen shows instead (style.css); the button is
 * named by the long words.
 * @param {string} long
 * @param {string} short
 * @returns {[Record<string, string>, HTMLElement, HTMLElement]} the button's name, and its words
 */
function words(long, short) {
  return [{ "aria-label": long }, h("span", { class: "words-long", "aria-hidden": "true" }, long),
    h("span", { class: "words-short", "aria-hidden": "true" }, short)];
}

/** @typedef {import("./frame_dialogs.js").Action} Action */
/** @typedef {"newGame" | "undo" | "redo" | "hint" | "coach" | "skip" | "more"} ControlName a control of the toolbar */

/**
 * What the frame draws for a view.
 * @typedef {object} FrameModel
 * @property {View} view
 * @property {Record<string, string | null>} boardData the board's data-* hooks (null: the hook is removed)
 * @property {string} status
 * @property {{undo: boolean, redo: boolean, hotSeat: boolean, hint: boolean, hints: boolean, coach: boolean,
 *   skip: boolean}} tools undo, redo, hint, coach: each may be used now; hotSeat: they hide; hints: the hint
 *   button shows; skip: "Skip to my turn" shows (the computers are playing)
 * @property {boolean} computers the game has computer players (the speed is theirs, else the solution's)
 * @property {string | null} hint the hint's words, null when none
 * @property {{text: string, kind: MessageKind}} message
 * @property {LogEntry[]} log
 */

/**
 * @typedef {object} FrameParts the controls other parts make, placed by the frame
 * @property {GameSpec} spec
 * @property {Renderer} screen
 * @property {HTMLElement} board the renderer's board (the frame names it and places it)
 * @property {{toolbar: HTMLElement[], side: HTMLElement[], dialog: HTMLElement}} extras
 * @property {HTMLElement} tools the link, record and statistics tools
 * @property {HTMLElement[]} options the option controls
 * @property {string} speed the computers' speed now
 * @property {HTMLElement} guide the guide of a guided deal (guide.js), above the messages (a message
 *   shown over the board on a narrow screen never hides the note)
 */

/**
 * Build the frame into root.
 * @param {HTMLElement} root
 * @param {FrameParts} parts
 */
export function createFrame(root, { spec, screen, board, extras, tools, options, speed, guide }) {
  const seated = isSeatedGame(spec);
  const message = h("p", { class: "message", id: "message", role: "status", "aria-live": "polite" });
  const hintBox = h("p", { class: "hint-text", id: "hint-text", hidden: "" });
  const status = h("span", { class: "status", id: "game-status" });
  const wayOn = h("div", { class: "way-on", id: "way-on", hidden: "" });
  board.id = screen.boardId;
  board.className = screen.boardClass;
  const logList = h("ol", { class: "table-log", id: "log", "aria-label": "What happened", reversed: "" });
  const logBox = h("details", { class: "log-box", open: "" }, h("summary", {}, "Play log"), logList);

  const newWords_ = newGameWords(spec);
  const [newName, ...newWords] = words(newWords_.newGame, "New");
  const [undoName, ...undoWords] = words("Undo", "↶");
  const [redoName, ...redoWords] = words("Redo", "↷");
  const [skipName, ...skipWords] = words("Skip to my turn", "Skip");
  const buttons = {
    newGame: h("button", { type: "button", "data-action": newWords_.action, ...newName }, ...newWords),
    undo: h("button", { type: "button", "data-action": "undo", "aria-keyshortcuts": "Control+Z U", ...undoName },
      ...undoWords),
    redo: h("button", { type: "button", "data-action": "redo", "aria-keyshortcuts": "Control+Y R", ...redoName },
      ...redoWords),
    hint: h("button", { type: "button", "data-action": "hint", "aria-keyshortcuts": "H" }, "Hint"),
    coach: h("button", { type: "button", "data-action": "coach", "aria-keyshortcuts": "P" }, "Replay"),
    skip: h("button", { type: "button", "data-action": "skip", "aria-keyshortcuts": "S", hidden: "", ...skipName },
      ...skipWords),
  };
  const dealInput = h("input", { type: "number", id: "deal-number", min: "0", step: "1",
    inputmode: "numeric", "aria-label": "Deal number" });
  const dealForm = h("form", { class: "deal-form" }, h("label", { for: "deal-number" }, "Deal"), dealInput,
    h("button", { type: "submit", "data-action": "deal" }, "Play deal"));
  const speedSelect = /** @type {HTMLSelectElement} */ (h("select", { id: "speed", "aria-label": "Computer speed" },
    ...SPEEDS.map(([key, label]) => h("option", { value: key }, String(label)))));
  speedSelect.value = speed;
  const speedText = document.createTextNode("Computer speed ");
  const speedLabel = h("label", { for: "speed", class: "option speed" }, speedText, speedSelect);
  const extraMoves = h("span", { class: "extra-moves" }); // moves the engine accepts beside the legal ones (resign)
  const moreButton = h("button", { type: "button", class: "more-button", "aria-expanded": "false",
    "aria-controls": "side-panel" }, "More");
  const toolbar = h("div", { class: "toolbar", role: "toolbar", "aria-label": "Game controls" },
    buttons.newGame, buttons.undo, buttons.redo, buttons.hint, ...(screen.buttons ?? []), ...extras.toolbar, extraMoves,
    buttons.skip, buttons.coach, moreButton);
  const side = h("div", { class: "side-panel", id: "side-panel" },
    ...(seated ? [] : [dealForm, ...options]), ...extras.side, speedLabel, tools,
    h("a", { href: `#/rules/${spec.id}`, class: "rules-link side-rules" }, "Rules"),
    h("a", { href: "#/", class: "side-rules" }, "All games"), ...(screen.sideParts ?? []), screen.showsLog ? logBox : null);
  const messages = h("div", { class: "messages" }, message, hintBox);
  const playMain = h("div", { class: "play-main" }, toolbar,
    h("div", { class: "statusline" }, status, ...(screen.statusExtras ?? [])), guide, messages, wayOn, board);
  const playArea = h("div", { class: "play-area" }, playMain, side);
  const morePanel = attachMorePanel(playArea, side, moreButton);
  side.prepend(morePanel.element);
  const body = h("div", { class: "game-body" });
  const dialogs = createFrameDialogs({ dialogId: screen.dialogId, wayOn, onClosed: () => onDialogClosed(),
    fallback: () => /** @type {HTMLElement | null} */ (wayOn.querySelector("button") ??
      toolbar.querySelector("button:not([disabled]):not([hidden])")) });
  let onDialogClosed = () => {};
  const section = h("section", { class: `game ${spec.id}${seated ? " table-game" : ""}`, "data-game": spec.id },
    h("div", { class: "game-head" }, h("h1", {}, spec.name),
      h("a", { href: `#/rules/${spec.id}`, class: "rules-link" }, "Rules")),
    body, ...dialogs.elements, extras.dialog);
  root.replaceChildren(section);
  for (const b of Object.values(buttons)) b.disabled = true;
  buttons.newGame.disabled = false;

  /**
   * A message of the moment; `ms`: an error's shake (0: none).
   * @param {string} text
   * @param {MessageKind} kind
   * @param {number} ms
   */
  function say(text, kind, ms) {
    showMessage(text, kind, true);
    if (kind === "error") { // the reason shakes, and the place picked once the board is drawn again
      shake(message, ms);
      requestAnimationFrame(() => shake(board.querySelector(".selected"), ms));
    }
  }

  let staleTimer = 0;
  /**
   * Put a message in the message area; a new one (or one said again) is fresh for a while.
   * @param {string} text
   * @param {MessageKind} kind
   * @param {boolean} again said again: fresh even when the words are the same
   */
  function showMessage(text, kind, again) {
    if (again || message.textContent !== text) {
      delete message.dataset.stale;
      clearTimeout(staleTimer);
      staleTimer = setTimeout(() => { message.dataset.stale = ""; }, MESSAGE_FRESH_MS);
      measureMessageRoom();
    }
    message.textContent = text;
    message.dataset.kind = kind;
  }
  // where a message shows at the top of the screen (a phone): a tap puts it away at once
  message.addEventListener("click", () => { message.dataset.stale = ""; });

  /**
   * The room a message shown at the top of the screen has (style.css, a phone): down to the top of
   * what follows the toolbar (the status, the guide, the board), which it never covers.
   */
  function measureMessageRoom() {
    const below = [...playMain.children].filter((el) => el !== toolbar && el !== messages && el.getClientRects().length);
    const top = Math.min(...below.map((el) => el.getBoundingClientRect().top));
    if (Number.isFinite(top)) message.style.setProperty("--message-room", `${Math.max(48, Math.floor(top) - 8)}px`);
  }

  /** @param {boolean} busy */
  function setBusy(busy) {
    section.classList.toggle("busy", busy);
    board.dataset.busy = String(busy);
  }

  /** @param {HTMLElement} node what the body shows: the setup or the coach (showPlay: the play area) */
  function show(node) {
    if (!body.contains(node)) body.replaceChildren(node);
  }

  /**
   * Hook a control of the toolbar (the New button, undo, redo, hint, the coach, skip, More).
   * @param {ControlName} name
   * @param {() => void} run
   */
  function onPress(name, run) {
    control(name).addEventListener("click", run);
  }

  /** A control's element. @param {ControlName} name */
  const control = (name) => (name === "more" ? moreButton : buttons[name]);

  /** Click a control the way a person could: only when it is shown and enabled. @param {ControlName} name */
  function press(name) {
    const button = control(name);
    if (!button.disabled && !button.closest("[hidden]") && button.isConnected) button.click();
  }

  /**
   * The person's turn began: the keyboard goes to the first thing they can play, unless it is in a
   * field, a dialog or the side panel (it stays where the person put it).
   */
  function focusPlay() {
    const now = document.activeElement;
    const free = !now || now === document.body || (!now.isConnected) ||
      (playArea.contains(now) && !side.contains(now) && !now.matches("input, select, textarea"));
    if (!free || dialogOpen()) return;
    const next = screen.focusTarget?.() ?? board.querySelector("[data-slot]:not([disabled])");
    if (next instanceof HTMLElement) next.focus({ preventScroll: true });
  }

  const { dialogOpen } = dialogs;

  /**
   * Buttons for the extra moves (The Big Clock's resign): a second click within a few seconds confirms.
   * @param {Move[]} moves
   * @param {(move: Move) => void} onConfirmed
   * @param {(fn: () => void, ms: number) => void} later
   */
  function drawExtraMoves(moves, onConfirmed, later) {
    const keep = [...extraMoves.children].map((b) => /** @type {HTMLElement} */ (b).dataset.move).join() ===
      moves.map((m) => m.id).join();
    if (keep) return;
    extraMoves.replaceChildren(...moves.map((move) => {
      const button = h("button", { type: "button", "data-move": move.id }, move.button ?? move.you);
      button.addEventListener("click", () => {
        if (button.dataset.confirm) {
          onConfirmed(move);
          return;
        }
        button.dataset.confirm = "true";
        button.textContent = `${move.button ?? move.you}: are you sure?`;
        later(() => { delete button.dataset.confirm; button.textContent = move.button ?? move.you; }, 4000);
      });
      return button;
    }));
  }

  /**
   * Draw the frame for a view (the board is the renderer's). The keyboard stays where it was,
   * else goes to the next sensible control (never the page's body).
   * @param {FrameModel} model
   * @param {() => void} drawBoard
   */
  function draw(model, drawBoard) {
    const focused = document.activeElement;
    const focusKey = focused && board.contains(focused)
      ? /** @type {HTMLElement | null} */ (focused.closest("[data-slot]"))?.dataset.slot : null;
    const hadFocus = section.contains(focused);
    for (const [key, value] of Object.entries(model.boardData)) {
      if (value === null) delete board.dataset[key];
      else board.dataset[key] = value;
    }
    drawBoard();
    status.textContent = model.status;
    const { tools: t } = model;
    buttons.undo.disabled = !t.undo;
    buttons.redo.disabled = !t.redo;
    buttons.undo.hidden = buttons.redo.hidden = t.hotSeat;
    buttons.hint.disabled = !t.hint;
    buttons.hint.hidden = !t.hints;
    buttons.coach.disabled = !t.coach;
    buttons.skip.hidden = buttons.skip.disabled = !t.skip;
    buttons.coach.hidden = t.hotSeat; // a replay from one seat would show that seat's hand to everyone
    speedLabel.hidden = !model.computers && !spec.winnable_deals; // the pace of the computers, and of the solution
    speedText.nodeValue = model.computers ? "Computer speed " : "Solution speed ";
    speedSelect.setAttribute("aria-label", speedText.nodeValue.trim());
    hintBox.hidden = model.hint === null;
    if (model.hint !== null) hintBox.textContent = model.hint;
    showMessage(model.message.text, model.message.kind, false);
    logList.replaceChildren(...model.log.map((entry) =>
      h("li", { "data-seat": entry.seat === null ? null : String(entry.seat) }, entry.text)));
    return () => { // after the way-on bar and the extra moves are drawn
      const again = focusKey && board.querySelector(`[data-slot="${CSS.escape(focusKey)}"]:not([disabled])`);
      if (again instanceof HTMLElement) again.focus();
      else if (hadFocus && focused instanceof HTMLElement && !dialogOpen() &&
        (!focused.isConnected || /** @type {HTMLButtonElement} */ (focused).disabled || focused.closest("[hidden]"))) {
        const next = screen.focusTarget?.() ?? board.querySelector("[data-slot]:not([disabled])") ??
          toolbar.querySelector("button:not([disabled])");
        if (next instanceof HTMLElement) next.focus();
      }
    };
  }

  return {
    say, setBusy, show, onPress, press, focusPlay, drawExtraMoves, draw,
    openDialog: dialogs.openDialog, openPassScreen: dialogs.openPassScreen, closePassScreen: dialogs.closePassScreen,
    closeDialogs: dialogs.closeDialogs, dialogOpen, endDialogOpen: dialogs.endDialogOpen, drawWayOn: dialogs.drawWayOn,
    showPlay: () => show(playArea),
    playShown: () => body.contains(playArea),
    /** @param {string} phase the phase on section.game[data-screen-phase] */
    setPhase: (phase) => { section.dataset.screenPhase = phase; },
    /** @param {string} text the deal number shown ("": none) */
    setDeal: (text) => { dealInput.value = text; },
    dealText: () => dealInput.value,
    /** @param {(text: string) => void} run a deal number asked for (the deal form) */
    onDeal: (run) => dealForm.addEventListener("submit", (event) => {
      event.preventDefault();
      run(dealInput.value);
    }),
    /** @param {(speed: string) => void} run a speed chosen */
    onSpeed: (run) => speedSelect.addEventListener("change", () => run(speedSelect.value)),
    /** @param {() => void} run a dialog closed, whichever way */
    onDialogClosed: (run) => { onDialogClosed = run; },
    /** @param {HTMLElement} node a part of the side panel (at its end) */
    addToSide: (node) => side.append(node),
    /** @param {HTMLElement} node a dialog of a part (the keys' help) */
    addDialog: (node) => section.append(node),
    /** @param {HTMLElement} node a part above the screen's body (the guided deal's offer) */
    addAboveBody: (node) => section.insertBefore(node, body),
    /** The keyboard on the board's first place that may be picked. */
    focusFirstPlace: () => /** @type {HTMLElement | null} */ (board.querySelector("[data-slot]:not([disabled])"))?.focus(),
    /** @param {ControlName} name */
    focusControl: (name) => control(name).focus(),
    /** @param {ControlName} name a control clicked (a disabled one does nothing) */
    click: (name) => control(name).click(),
    dispose() {
      morePanel.detach();
      dialogs.detach();
    },
  };
}
