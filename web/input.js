// Board input shared by the games: click (select, then target), drag and drop with pointer
// events (mouse, pen and touch) and the keyboard (arrows/Tab to move, Enter/Space to pick).
// Targets are <button data-slot="..."> elements; draggable ones also carry data-draggable.
// While a tile is dragged, the places it may go (handlers.targets) carry the class drop-target.

const DRAG_THRESHOLD_PX = 8;

/**
 * Wire the input of a board element.
 * handlers: onActivate(slot), onDrop(fromSlot, toSlot), onCancel(), targets(slot) -> [slot] (legal drops)
 */
export function attachBoardInput(board, handlers) {
  let drag = null; // {slot, source, x, y, ghost, pointerId}
  let suppressClick = false;

  board.addEventListener("click", (event) => {
    const target = event.target.closest("[data-slot]");
    if (!target || !board.contains(target) || target.disabled) return;
    if (suppressClick) {
      suppressClick = false;
      return;
    }
    handlers.onActivate(target.dataset.slot);
  });

  board.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      handlers.onCancel();
      return;
    }
    const steps = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (!(event.key in steps)) return;
    const targets = [...board.querySelectorAll("[data-slot]:not([disabled])")];
    if (!targets.length) return;
    const here = targets.indexOf(document.activeElement?.closest("[data-slot]"));
    const next = here < 0 ? 0 : (here + steps[event.key] + targets.length) % targets.length;
    targets[next].focus();
    event.preventDefault();
  });

  board.addEventListener("pointerdown", (event) => {
    const source = event.target.closest("[data-draggable]");
    if (!source || event.button !== 0) return;
    drag = { slot: source.dataset.slot, source, x: event.clientX, y: event.clientY, ghost: null,
      pointerId: event.pointerId };
  });

  board.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.ghost) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
      const box = drag.source.getBoundingClientRect();
      drag.ghost = drag.source.cloneNode(true);
      drag.ghost.removeAttribute("data-slot");
      drag.ghost.classList.add("drag-ghost");
      drag.ghost.setAttribute("aria-hidden", "true");
      drag.ghost.style.width = `${box.width}px`;
      drag.ghost.style.left = `${box.left}px`;
      drag.ghost.style.top = `${box.top}px`;
      document.body.append(drag.ghost);
      drag.source.classList.add("dragging");
      board.classList.add("drag-active");
      for (const slot of handlers.targets?.(drag.slot) ?? []) {
        board.querySelector(`[data-slot="${CSS.escape(slot)}"]`)?.classList.add("drop-target");
      }
      try {
        board.setPointerCapture(event.pointerId);
      } catch { /* pointer already gone */ }
    }
    drag.ghost.style.transform = `translate(${dx}px, ${dy}px)`;
    event.preventDefault();
  });

  const finish = (event, dropped) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const { slot, ghost, source } = drag;
    drag = null;
    if (!ghost) return; // a plain click: the click handler deals with it
    ghost.remove();
    source.classList.remove("dragging");
    board.classList.remove("drag-active");
    for (const target of board.querySelectorAll(".drop-target")) target.classList.remove("drop-target");
    suppressClick = true;
    setTimeout(() => { suppressClick = false; }, 0);
    if (!dropped) return;
    const under = document.elementFromPoint(event.clientX, event.clientY)?.closest("[data-slot]");
    if (under && board.contains(under) && under.dataset.slot !== slot) handlers.onDrop(slot, under.dataset.slot);
  };
  board.addEventListener("pointerup", (event) => finish(event, true));
  board.addEventListener("pointercancel", (event) => finish(event, false));
}
