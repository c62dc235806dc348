// The frame of a game screen: the DOM around the renderer's board. A compact toolbar
// (frame_toolbar.js), the status line with the way-on bar in it (a closed dialog's ways back, beside
// the status), a message area of fixed height (frame_messages.js), the board taking the space left, and a side panel (frame_side.js: the deal,
// options, speed, link, record, log) that a "More" button opens on small screens (style.css); the
// round and game dialog and the hot-seat pass screen (frame_dialogs.js). The frame draws what the
// controller decides and keeps no game state; it hands out no element: what it can do is its
// methods (draw, say, show, open a dialog, hook a control, place a part).

import { h, put } from "../render/dom.js";
import { attachMorePanel } from "./more_panel.js";
import { createFrameDialogs } from "./frame_dialogs.js";
import { createMessages } from "./frame_messages.js";
import { createSidePanel } from "./frame_side.js";
import { createToolbar } from "./frame_toolbar.js";
import { isSeatedGame } from "./seating.js";
import { keepTallest } from "./status_height.js";

/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("./renderer_contract.js").Renderer} Renderer */
/** @typedef {import("./renderer_contract.js").LogEntry} LogEntry */
/** @typedef {import("./renderer_contract.js").MessageKind} MessageKind */
/** @typedef {import("./frame_dialogs.js").Action} Action */
/** @typedef {import("./frame_toolbar.js").ControlName} ControlName */

/**
 * What the frame draws for a view.
 * @typedef {object} FrameModel
 * @property {View} view
 * @property {Record<string, string | null>} boardData the board's data-* hooks (null: the hook is removed)
 * @property {string} status
 * @property {string[]} said the words of the status lines (the frame's and the board's own: statusWords)
 * @property {import("./frame_toolbar.js").ToolsModel} tools what the toolbar offers now
 * @property {boolean} computers the game has computer players (the speed is theirs, else the solution's)
 * @property {import("./frame_messages.js").HintWords | null} hint the hint's words, null when none
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
 * The frame's parts and the elements they sit in, built into root.
 * @param {HTMLElement} root
 * @param {FrameParts} parts
 * @param {() => void} onDialogClosed a dialog closed, whichever way
 */
function buildFrame(root, { spec, screen, board, extras, tools, options, speed, guide }, onDialogClosed) {
  const seated = isSeatedGame(spec);
  const status = h("span", { class: "status", id: "game-status" });
  const wayOn = h("div", { class: "way-on", id: "way-on", hidden: "" });
  board.id = screen.boardId;
  board.className = screen.boardClass;
  const toolbar = createToolbar(spec, screen, extras.toolbar);
  const messages = createMessages();
  const side = createSidePanel({ spec, screen, options, extras: extras.side, tools, speed });
  const statusLine = h("div", { class: "statusline" }, status, wayOn, ...(screen.statusExtras ?? []));
  const statusHeight = keepTallest(statusLine);
  const playMain = h("div", { class: "play-main" }, toolbar.element, statusLine, guide, messages.element, board);
  const playArea = h("div", { class: "play-area" }, playMain, side.element);
  const morePanel = attachMorePanel(playArea, side.element, toolbar.more);
  side.element.prepend(morePanel.element);
  const body = h("div", { class: "game-body" });
  const dialogs = createFrameDialogs({ dialogId: screen.dialogId, wayOn, onClosed: onDialogClosed,
    fallback: () => /** @type {HTMLElement | null} */ (wayOn.querySelector("button")) ?? toolbar.firstShown() });
  const head = h("div", { class: "game-head" }, h("h1", {}, spec.name),
    h("a", { href: `#/rules/${spec.id}`, class: "rules-link" }, "Rules"));
  const section = h("section", { class: `game ${spec.id}${seated ? " table-game" : ""}`, "data-game": spec.id },
    head, body, ...dialogs.elements, extras.dialog);
  messages.placeIn(toolbar.element, head);
  root.replaceChildren(section);
  return { spec, screen, board, status, statusHeight, toolbar, messages, side, playArea, morePanel, body, dialogs, section };
}

/** @typedef {ReturnType<typeof buildFrame>} Built */

/**
 * The person's turn began: the keyboard goes to the first thing they can play, unless it is in a
 * field, a dialog or the side panel (it stays where the person put it).
 * @param {Built} built
 */
function focusPlay({ screen, board, playArea, side, dialogs }) {
  const now = document.activeElement;
  const free = !now || now === document.body || (!now.isConnected) ||
    (playArea.contains(now) && !side.element.contains(now) && !now.matches("input, select, textarea"));
  if (!free || dialogs.dialogOpen()) return;
  const next = screen.focusTarget?.() ?? board.querySelector("[data-slot]:not([disabled])");
  if (next instanceof HTMLElement) next.focus({ preventScroll: true });
}

/**
 * The board's first control: what the renderer names (its playable tile, its place), else the
 * board's first enabled slot, else the toolbar's first enabled button.
 * @param {Built} built
 * @returns {Element | null}
 */
const firstControl = ({ screen, board, toolbar }) =>
  screen.focusTarget?.() ?? board.querySelector("[data-slot]:not([disabled])") ?? toolbar.firstEnabled();

/**
 * Where the keyboard is before a drawing, and its way back after: the same place of the board,
 * else, when what had it is gone or disabled, the next sensible control (never the page's body).
 * @param {Built} built
 */
function keepFocus(built) {
  const { board, section, dialogs } = built;
  const focused = document.activeElement;
  const focusKey = focused && board.contains(focused)
    ? /** @type {HTMLElement | null} */ (focused.closest("[data-slot]"))?.dataset.slot : null;
  const hadFocus = section.contains(focused);
  return () => {
    const again = focusKey && board.querySelector(`[data-slot="${CSS.escape(focusKey)}"]:not([disabled])`);
    if (again instanceof HTMLElement) again.focus();
    else if (hadFocus && focused instanceof HTMLElement && !dialogs.dialogOpen() &&
      (!focused.isConnected || /** @type {HTMLButtonElement} */ (focused).disabled || focused.closest("[hidden]"))) {
      const next = firstControl(built);
      if (next instanceof HTMLElement) next.focus();
    }
  };
}

/**
 * Draw the frame for a view, the board's data hooks but not the board (the renderer's: drawn
 * after, in the room the frame leaves it). Returns the keyboard's way back, to run once the board,
 * the way-on bar and the extra moves are drawn.
 * @param {Built} built
 * @param {FrameModel} model
 */
function draw(built, model) {
  const { spec, board, status, statusHeight, toolbar, messages, side } = built;
  const refocus = keepFocus(built);
  statusHeight.round(`${model.boardData.session}:${model.boardData.round}`);
  for (const [key, value] of Object.entries(model.boardData)) {
    if (value === null) delete board.dataset[key];
    else put(board.dataset, key, value);
  }
  put(status, "textContent", model.status);
  toolbar.draw(model.tools);
  side.pace.draw(model.computers, model.computers || Boolean(spec.winnable_deals)); // the computers' pace, and the solution's
  messages.drawHint(model.hint);
  messages.show(model.message.text, model.message.kind, false, model.said);
  side.drawLog(model.log);
  return refocus;
}

/**
 * Build the frame into root.
 * @param {HTMLElement} root
 * @param {FrameParts} parts
 */
export function createFrame(root, parts) {
  let onDialogClosed = () => {};
  const built = buildFrame(root, parts, () => onDialogClosed());
  const { board, toolbar, messages, side, playArea, morePanel, body, dialogs, section, statusHeight } = built;
  /** @param {HTMLElement} node what the body shows: the setup or the coach (showPlay: the play area) */
  const show = (node) => { if (!body.contains(node)) body.replaceChildren(node); };
  return {
    /** @param {string} text @param {MessageKind} kind @param {number} ms an error's shake (0: none)
     *  @param {string[]} said the status lines' words now (statusWords) */
    say: (text, kind, ms, said) => messages.say(text, kind, ms, board, said),
    /** @param {boolean} busy */
    setBusy: (busy) => { section.classList.toggle("busy", busy); put(board.dataset, "busy", String(busy)); },
    show,
    /** Hook a control of the toolbar. @param {ControlName} name @param {() => void} run */
    onPress: (name, run) => toolbar.control(name).addEventListener("click", run),
    press: toolbar.press,
    focusPlay: () => focusPlay(built),
    /** The board's first control (the keyboard's place when what had it cannot take it back). */
    firstControl: () => /** @type {HTMLElement | null} */ (firstControl(built)),
    drawExtraMoves: toolbar.drawExtraMoves,
    /** @param {FrameModel} model */
    draw: (model) => draw(built, model),
    // the round's or the game's dialog, or the pass screen, is what the screen is about now: the
    // More panel does not stay open under it (resigned from the panel, a round ended meanwhile)
    /** @param {import("./frame_dialogs.js").DialogContent} content */
    openDialog: (content) => { morePanel.close(); dialogs.openDialog(content); },
    /** @param {number} seat @param {string} name @param {() => void} onReady */
    openPassScreen: (seat, name, onReady) => { morePanel.close(); dialogs.openPassScreen(seat, name, onReady); },
    closePassScreen: dialogs.closePassScreen,
    closeDialogs: dialogs.closeDialogs, dialogOpen: dialogs.dialogOpen, endDialogOpen: dialogs.endDialogOpen,
    drawWayOn: dialogs.drawWayOn,
    showPlay: () => show(playArea),
    playShown: () => body.contains(playArea),
    /** @param {string} phase the phase on section.game[data-screen-phase] */
    setPhase: (phase) => { put(section.dataset, "screenPhase", phase); },
    /** @param {string} text the deal number shown ("": none) */
    setDeal: (text) => { side.deal.input.value = text; },
    dealText: () => side.deal.input.value,
    /** @param {(text: string) => void} run a deal number asked for (the deal form) */
    onDeal: (run) => side.deal.form.addEventListener("submit", (event) => {
      event.preventDefault();
      run(side.deal.input.value);
    }),
    /** @param {(speed: string) => void} run a speed chosen */
    onSpeed: (run) => side.pace.select.addEventListener("change", () => run(side.pace.select.value)),
    /** @param {() => void} run a dialog closed, whichever way */
    onDialogClosed: (run) => { onDialogClosed = run; },
    /** @param {HTMLElement} node a part of the side panel (at its end) */
    addToSide: (node) => side.element.append(node),
    /** @param {HTMLElement} node a dialog of a part (the keys' help) */
    addDialog: (node) => section.append(node),
    /** @param {HTMLElement} node a part above the screen's body (the guided deal's offer) */
    addAboveBody: (node) => section.insertBefore(node, body),
    /** The keyboard on the board's first place that may be picked. */
    focusFirstPlace: () => /** @type {HTMLElement | null} */ (board.querySelector("[data-slot]:not([disabled])"))?.focus(),
    /** @param {ControlName} name */
    focusControl: (name) => toolbar.control(name).focus(),
    /** @param {ControlName} name a control clicked (a disabled one does nothing) */
    click: (name) => toolbar.control(name).click(),
    dispose() {
      morePanel.detach();
      dialogs.detach();
      statusHeight.detach();
    },
  };
}
