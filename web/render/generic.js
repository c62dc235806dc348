// A plain screen for games whose own renderer is not written yet: status, legal moves as
// buttons, and a computer move. Enough to play any game of the catalog through the engine.

import { h, optionControls, randomSeed } from "./dom.js";

export function mountGeneric(root, { engine, spec }) {
  let session = null;
  const status = h("p", { class: "status" }, "Waiting for the game engine…");
  const moves = h("div", { class: "move-list" });
  const message = h("p", { class: "message", role: "status" });
  const options = optionControls(spec, (values) => start(values));
  const ai = h("button", { type: "button" }, spec.solitaire ? "Advisor move" : "Computer move");
  let timer = 0;
  const board = h("pre", { class: "raw-board" });
  root.replaceChildren(h("section", { class: "game generic" },
    h("div", { class: "game-head" }, h("h1", {}, spec.name), h("a", { href: `#/rules/${spec.id}` }, "Rules")),
    h("div", { class: "toolbar" }, ...options.elements, ai), status, message, moves, board));

  function show(answer) {
    if (!answer.ok) {
      message.textContent = answer.error.message;
      return;
    }
    session = answer.session;
    const view = answer.view;
    status.textContent = view.status ?? "";
    board.textContent = JSON.stringify(view.board, null, 1);
    moves.replaceChildren(...(view.legal ?? []).map((move) => {
      const button = h("button", { type: "button", "data-move": move.id }, move.label);
      button.addEventListener("click", async () => show(await engine.request({ op: "play", session, move: move.id })));
      return button;
    }));
    const computerToMove = !view.outcome && view.to_move !== null && view.to_move !== view.seat;
    ai.disabled = Boolean(view.outcome) || (!spec.solitaire && !computerToMove);
    if (view.outcome) status.textContent = `${view.status ?? ""} — ${view.outcome.reason ?? "game over"}`;
    clearTimeout(timer);
    if (computerToMove) timer = setTimeout(async () => show(await engine.request({ op: "ai", session })), 400);
  }

  async function start(values) {
    await engine.ready();
    show(await engine.request({ op: "new", game: spec.id, options: values, seed: randomSeed() }));
  }
  ai.addEventListener("click", async () => {
    const request = spec.solitaire ? { op: "ai", session, level: "advisor" } : { op: "ai", session };
    show(await engine.request(request));
  });
  start(options.values()).catch((error) => { message.textContent = error.message; });
  return { dispose() { clearTimeout(timer); } };
}
