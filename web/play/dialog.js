// The one way a dialog or panel opens and closes on a game screen (the round's summary, the game's
// result, "Leave this game?", the pass screen, the keys' help, the More panel, the coach): it closes by its
// own buttons, Esc, a tap outside it and the browser's Back (an entry of its own in the history
// while it is open, so Back never leaves the game under it), and the keyboard goes back to what
// opened it. A tap that dismisses does nothing else: it never presses what it lands on.
// A browser without <dialog> (features.js) gets the same from supportDialog: the `open` attribute
// shows it (style.css), Esc and a tap outside close the top one, and "close" is sent as a dialog's.

import { hasDialog } from "../features.js";

/** The open layers, the last on top: Back closes the top one. @type {{close: (fromHistory: boolean) => void}[]} */
const layers = [];

// A layer's history entry: pushed when it opens; when it closes by its own means (a button, Esc, a
// tap) the entry stays, marked spare, rather than be taken back by history.back() — a back answered
// later would undo a navigation made meanwhile. The next layer reuses a spare entry, and Back to a
// spare entry, or to the entry of a layer no longer open (the screen left with it open), goes on
// back, so a Back press never lands on nothing.
addEventListener("popstate", () => {
  if (layers.length) layers.at(-1)?.close(true);
  else if (history.state?.spare || history.state?.layer) history.back();
});

/** @param {number} depth the layers open with this one */
function pushEntry(depth) {
  if (history.state?.spare) history.replaceState({ ...history.state, spare: false, layer: depth }, "");
  else history.pushState({ ...history.state, layer: depth }, "");
}

/** The entry of a layer closed by its own means stays, spare (see above). */
function spareEntry() {
  if (history.state?.layer) history.replaceState({ ...history.state, layer: 0, spare: true }, "");
}

/**
 * The element to give the keyboard back to: `opener` while it can take it, else `fallback()`.
 * @param {Element | null} opener
 * @param {() => HTMLElement | null} fallback
 */
function returnFocus(opener, fallback) {
  // a control the person can reach again (not the body, nor a container focused by script: tabindex -1)
  const usable = opener instanceof HTMLElement && opener !== document.body && opener.tabIndex >= 0 && opener.isConnected &&
    !opener.closest("[hidden], [inert]") && !(/** @type {HTMLButtonElement} */ (opener).disabled) &&
    opener.getClientRects().length > 0;
  const target = usable ? opener : fallback();
  target?.focus({ preventScroll: true });
}

/**
 * A layer's life: its history entry, its place on the stack, and the focus it gives back.
 * @param {() => void} hide take the layer off the screen (its own means: close() of a dialog, a class)
 * @param {() => HTMLElement | null} fallback where the keyboard goes when the opener cannot take it back
 */
function createLayer(hide, fallback) {
  /** @type {Element | null} */
  let opener = null;
  let shown = false;
  const layer = {
    /** @param {Element | null} from */
    opened(from) {
      if (shown) return;
      shown = true;
      opener = from;
      layers.push(layer);
      pushEntry(layers.length);
    },
    /** The layer closed (any way); `fromHistory`: by Back, its entry is gone already. */
    close(fromHistory = false) {
      if (!shown) return;
      shown = false;
      layers.splice(layers.indexOf(layer), 1);
      if (!fromHistory) spareEntry();
      hide();
      returnFocus(opener, fallback);
      opener = null;
    },
    /** Off the screen and the stack, its history entry left spare (the screen goes away). */
    drop() {
      if (!shown) return;
      shown = false;
      layers.splice(layers.indexOf(layer), 1);
      spareEntry();
      hide();
    },
    isShown: () => shown,
    onTop: () => layers.at(-1) === layer,
  };
  return layer;
}

/** The dialogs shown by supportDialog, the last on top. @type {HTMLDialogElement[]} */
const shownByPage = [];
addEventListener("boneyard-new-visitor", () => { layers.length = 0; shownByPage.length = 0; }); // (app.js: the screen is gone)

/** Close the top dialog shown by supportDialog on Esc, or on a tap outside it (which presses nothing else). */
function closeTopOnEscOrTapOutside(/** @type {Event} */ event) {
  const top = shownByPage.at(-1);
  if (!top) return;
  const outside = event.type === "click" && !(event.target instanceof Node && top.contains(event.target));
  if (!outside && !(event instanceof KeyboardEvent && event.key === "Escape")) return;
  event.stopPropagation();
  event.preventDefault();
  top.close();
}

/**
 * Give `dialog` what a browser without <dialog> lacks (`open`, showModal, close and its "close"
 * event), shown by its `open` attribute; in a browser that has it, nothing.
 * @param {HTMLDialogElement} dialog
 */
export function supportDialog(dialog) {
  if (hasDialog || typeof dialog.showModal === "function") return;
  document.addEventListener("keydown", closeTopOnEscOrTapOutside, true); // (once: the same listener)
  document.addEventListener("click", closeTopOnEscOrTapOutside, true);
  dialog.dataset.fallback = "true";
  Object.defineProperty(dialog, "open", { configurable: true, get: () => dialog.hasAttribute("open"),
    set: (/** @type {boolean} */ value) => { dialog.toggleAttribute("open", value); } });
  dialog.showModal = () => {
    if (dialog.hasAttribute("open")) return;
    dialog.setAttribute("open", "");
    shownByPage.push(dialog);
    /** @type {HTMLElement | null} */ (dialog.querySelector("[autofocus], button, [href], input, select"))?.focus();
  };
  dialog.show = dialog.showModal;
  dialog.close = () => {
    if (!dialog.hasAttribute("open")) return;
    dialog.removeAttribute("open");
    shownByPage.splice(shownByPage.indexOf(dialog), 1);
    dialog.dispatchEvent(new Event("close"));
  };
}

/**
 * Make `dialog` a modal dialog of the screen. `onClosed` runs after it closed, whichever way.
 * @param {HTMLDialogElement} dialog
 * @param {{fallback?: () => HTMLElement | null, onClosed?: () => void}} [how]
 */
export function attachDialog(dialog, { fallback = () => null, onClosed = () => {} } = {}) {
  supportDialog(dialog);
  const layer = createLayer(() => { if (dialog.open) dialog.close(); }, fallback);
  dialog.addEventListener("close", () => {
    // the event comes a task after the dialog closed: opened again meanwhile ("?" right after Esc),
    // this close is over, and closing the layer now would close the dialog just opened
    if (dialog.open) return;
    onClosed(); // first: what the screen offers now is there to take the keyboard
    layer.close(); // Esc, a button, a tap outside: the same close
  });
  // a tap on the backdrop lands on the dialog itself, outside its box: nothing under it is pressed
  dialog.addEventListener("click", (event) => {
    const box = dialog.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (event.target === dialog && !inside && (event.clientX || event.clientY)) dialog.close();
  });
  return {
    /** Open it; the keyboard goes back to what has it now when it closes. */
    open() {
      const from = document.activeElement;
      if (!dialog.open) dialog.showModal();
      layer.opened(from);
    },
    close() { if (dialog.open) dialog.close(); },
    isOpen: () => dialog.open,
    /** The screen goes away: closed, its history entry left to the navigation under way. */
    detach: () => layer.drop(),
  };
}

/**
 * A key listener (capturing) that closes `layer` on Esc while it is shown and on top.
 * @param {ReturnType<typeof createLayer>} layer
 */
function closesOnEsc(layer) {
  return (/** @type {KeyboardEvent} */ event) => {
    if (event.key !== "Escape" || !layer.isShown() || !layer.onTop()) return;
    event.stopPropagation();
    layer.close();
  };
}

/**
 * Make a view shown in the game's place (the coach) close as a panel does: by Esc and by Back (an
 * entry of its own in the history, so Back stays in the game), the keyboard going back to what
 * opened it. `hide` takes it off the screen, whichever way it closes.
 * @param {() => void} hide
 */
export function attachScreenLayer(hide) {
  const layer = createLayer(hide, () => null);
  const onKey = closesOnEsc(layer);
  document.addEventListener("keydown", onKey, true);
  return {
    /** Shown now; `from` had the keyboard before. @param {Element | null} from */
    opened: (/** @type {Element | null} */ from) => layer.opened(from),
    close: () => layer.close(),
    /** The screen goes away: its history entry left spare, Esc no longer listened for. */
    detach() {
      document.removeEventListener("keydown", onKey, true);
      layer.drop();
    },
  };
}

/**
 * Make `panel` a panel that `toggle` opens (a class on `area`) and that closes as a dialog does.
 * `inside(node)`: the node belongs to the panel or its toggle (a tap there is no tap outside).
 * @param {{area: HTMLElement, openClass: string, toggle: HTMLElement, inside: (node: Node) => boolean,
 *   onOpen: () => void, onClosed: () => void}} parts
 */
export function attachPanel({ area, openClass, toggle, inside, onOpen, onClosed }) {
  const isOpen = () => area.classList.contains(openClass);
  const layer = createLayer(() => {
    area.classList.remove(openClass);
    onClosed();
  }, () => (toggle.isConnected && getComputedStyle(toggle).display !== "none" ? toggle : null));
  const open = () => {
    if (isOpen()) return;
    area.classList.add(openClass);
    layer.opened(toggle);
    onOpen();
  };
  toggle.addEventListener("click", () => (isOpen() ? layer.close() : open()));
  const onKey = closesOnEsc(layer);
  /** A tap outside closes the panel, and only that: the click stops here. */
  const onTap = (/** @type {MouseEvent} */ event) => {
    const target = /** @type {Node | null} */ (event.target);
    if (!isOpen() || !layer.onTop() || !target || inside(target)) return;
    event.stopPropagation();
    event.preventDefault();
    layer.close();
  };
  document.addEventListener("keydown", onKey, true);
  document.addEventListener("click", onTap, true);
  return {
    open,
    close: () => layer.close(),
    isOpen,
    detach() {
      document.removeEventListener("keydown", onKey, true);
      document.removeEventListener("click", onTap, true);
      layer.drop();
    },
  };
}
