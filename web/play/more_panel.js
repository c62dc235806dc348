// The side panel as a "More" panel on a small screen (style.css shows the More button there): it
// opens under the toolbar (never over the More button) and closes by its Close button, Esc, a tap
// outside it and the browser's Back (an entry of its own in the history while it is open); the
// keyboard goes back to More. On a large screen the panel is a column and none of this applies.

import { h } from "../render/dom.js";

/**
 * Make `side` (in `area`, which is positioned) the panel `more` opens. Returns {close, element}:
 * element is the panel's Close button, for the caller to put first in the panel.
 * @param {HTMLElement} area
 * @param {HTMLElement} side
 * @param {HTMLElement} more
 */
export function attachMorePanel(area, side, more) {
  const closeButton = h("button", { type: "button", class: "side-close", "aria-label": "Close the More panel" }, "Close ✕");
  let inHistory = false; // an entry of ours is on top of the history: Back closes the panel
  const isOpen = () => area.classList.contains("more-open");

  function open() {
    const top = more.offsetTop + more.offsetHeight + 4; // under the toolbar's row of More
    side.style.top = `${top}px`;
    side.style.maxHeight = `calc(100% - ${top + 4}px)`;
    area.classList.add("more-open");
    more.setAttribute("aria-expanded", "true");
    history.pushState({ ...history.state, morePanel: true }, "");
    inHistory = true;
    closeButton.focus();
  }

  /** Close the panel; `fromHistory`: Back did (its entry is gone already). */
  function close(fromHistory = false) {
    if (!isOpen()) return;
    area.classList.remove("more-open");
    more.setAttribute("aria-expanded", "false");
    if (inHistory && !fromHistory) history.back();
    inHistory = false;
    if (more.isConnected && getComputedStyle(more).display !== "none") more.focus();
  }

  more.addEventListener("click", () => (isOpen() ? close() : open()));
  closeButton.addEventListener("click", () => close());
  side.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !isOpen()) return;
    event.stopPropagation();
    close();
  });
  const onKey = (/** @type {KeyboardEvent} */ event) => { if (event.key === "Escape" && isOpen()) close(); };
  const onPointer = (/** @type {MouseEvent} */ event) => {
    const target = /** @type {Node | null} */ (event.target);
    if (isOpen() && !side.contains(target) && !more.contains(target)) close();
  };
  const onBack = () => { if (inHistory) close(true); };
  document.addEventListener("keydown", onKey);
  document.addEventListener("click", onPointer, true); // after the tap's own focus change: More gets it back
  addEventListener("popstate", onBack);
  const detach = () => {
    document.removeEventListener("keydown", onKey);
    document.removeEventListener("click", onPointer, true);
    removeEventListener("popstate", onBack);
  };
  return { close, detach, element: closeButton };
}
