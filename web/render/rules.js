// A game's rules page, rendered from its spec (the rulings the program enforces).

import { choiceLabel, h, playersText } from "./dom.js";

/**
 * @param {HTMLElement} root
 * @param {import("../engine_types.js").GameSpec} spec
 */
export function renderRules(root, spec) {
  const options = spec.options.map((option) => h("li", {},
    h("strong", {}, option.label), `: ${option.choices.map((c) => choiceLabel(option, c)).join(", ")} ` +
      `(default ${choiceLabel(option, option.default)})`,
    option.help ? h("span", { class: "help" }, ` — ${option.help}`) : null));
  const sections = spec.rules.map((section) => h("section", {},
    h("h2", {}, section.heading), ...section.paragraphs.map((text) => h("p", {}, text))));
  root.replaceChildren(h("article", { class: "rules" },
    h("p", { class: "crumbs" }, h("a", { href: "#/" }, "Menu"), " › Rules"),
    h("h1", {}, `${spec.name}: rules`),
    h("p", { class: "meta" }, playersText(spec.players),
      spec.alias_names?.length ? ` · also called ${spec.alias_names.join(", ")}` : ""),
    h("p", { class: "lead" }, spec.summary ?? ""),
    options.length ? h("section", {}, h("h2", {}, "Options"), h("ul", {}, ...options)) : null,
    ...sections,
    h("p", { class: "actions" }, h("a", { class: "button primary", href: `#/play/${spec.id}` }, `Play ${spec.name}`),
      spec.lesson ? h("a", { class: "button", href: `#/play/${spec.id}?lesson=1`, "data-action": "lesson" },
        "Play a guided deal") : null)));
}
