// The menu: every game of the catalog.

import { h, playersText } from "./dom.js";

/**
 * @param {HTMLElement} root
 * @param {import("../engine_types.js").Catalog} catalog
 */
export function renderMenu(root, catalog) {
  const cards = catalog.games.map((spec) => h("li", { class: "game-card", "data-game": spec.id },
    h("h2", {}, spec.name),
    h("p", { class: "meta" }, `${playersText(spec.players)}${spec.solitaire ? " · solitaire" : ""}`),
    h("p", {}, spec.summary ?? ""),
    h("div", { class: "actions" },
      h("a", { class: "button primary", href: `#/play/${spec.id}`, "aria-label": `Play ${spec.name}` }, "Play"),
      h("a", { class: "button", href: `#/rules/${spec.id}`, "aria-label": `Rules of ${spec.name}` }, "Rules"),
      spec.lesson ? h("a", { class: "button", href: `#/play/${spec.id}?lesson=1`, "data-action": "lesson",
        "aria-label": `Learn ${spec.name}: a guided deal`, title: `A guided deal: ${spec.lesson.teaches.join(", ")}` },
      "Learn") : null)));
  root.replaceChildren(h("section", { class: "menu" },
    h("h1", {}, "Domino games"),
    h("p", { class: "lead" }, "Solitaires and table games with dominoes. Everything runs in your browser."),
    h("ul", { class: "game-list" }, ...cards)));
}
