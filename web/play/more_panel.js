// The side panel as a "More" panel on a small screen (style.css shows the More button there): it
// opens under the toolbar, or from the top when it sits beside the toolbar (never over More) and closes as every dialog does (dialog.js:
// its Close button, Esc, a tap outside it that presses nothing else, the browser's Back); the
// keyboard goes back to More. On a large screen the panel is a column and none of this applies.

import { h } from "../render/dom.js";
import { attachPanel } from "./dialog.js";

/**
 * Make `side` (in `area`, which is positioned) the panel `more` opens. Returns {close, detach,
 * element}: element is the panel's Close button, for the caller to put first in the panel.
 * @param {HTMLElement} area
 * @param {HTMLElement} side
 * @param {HTMLElement} more
 */
export function attachMorePanel(area, side, more) {
  const closeButton = h("button", { type: "button", class: "side-close", "aria-label": "Close the More panel" }, "Close ✕");
  const panel = attachPanel({
    area, openClass: "more-open", toggle: more,
    inside: (node) => side.contains(node) || more.contains(node),
    onOpen() {
      // under the toolbar's row of More; beside it (a phone held sideways: the panel over the
      // table, right of the toolbar's column) from the top, so more of it is in view
      const beside = side.getBoundingClientRect().left >= more.getBoundingClientRect().right;
      const top = beside ? 4 : more.offsetTop + more.offsetHeight + 4;
      side.style.top = `${top}px`;
      side.style.maxHeight = `calc(100% - ${top + 4}px)`;
      more.setAttribute("aria-expanded", "true");
      closeButton.focus();
    },
    onClosed: () => more.setAttribute("aria-expanded", "false"),
  });
  closeButton.addEventListener("click", () => panel.close());
  return { close: panel.close, detach: panel.detach, element: closeButton };
}
