// The one notice about the saved game on screen (#storage-banner): storage full (guard.js), or
// the same game saved by another tab (tabs.js). One at a time, with real actions; "dismiss"
// closes it.

import { h } from "./render/dom.js";

const BANNER_ID = "storage-banner";

/** The banner on show, if any. */
export const banner = () => document.getElementById(BANNER_ID);

export function closeBanner() {
  banner()?.remove();
}

/** @param {string} label @param {string} action */
export function bannerButton(label, action) {
  return h("button", { type: "button", "data-action": action }, label);
}

/** Show the banner (in place of any other). @param {string} kind @param {string} gameId @param {string} text
 *  @param {...HTMLElement} buttons */
export function showBanner(kind, gameId, text, ...buttons) {
  closeBanner();
  const box = h("div", { class: "update-banner storage-banner", id: BANNER_ID, role: "alert",
    "data-kind": kind, "data-game": gameId }, h("span", {}, text), ...buttons);
  box.querySelector('[data-action="dismiss"]')?.addEventListener("click", closeBanner);
  document.body.append(box);
  return box;
}
