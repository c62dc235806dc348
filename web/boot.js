// Starts the engine worker as early as possible, before the rest of the page's modules load.
import { Engine } from "./engine.js";

export const engine = new Engine(new URL("worker.js", import.meta.url));
engine.start().catch(() => {});

// app.js runs after this module, once it and every module it imports are downloaded. If one of
// them fails to download (a dropped connection says nothing in the console), app.js never runs:
// say so, with a reload, instead of "Loading the game engine…" for ever beside a ready engine.
document.querySelector('script[type="module"][src="app.js"]')?.addEventListener("error", () => {
  document.documentElement.dataset.app = "incomplete";
  console.error("Boneyard: a file of the page failed to download, so the page cannot run; reload it.");
  // (index.html's own elements: always there)
  /** @type {HTMLElement} */ (document.getElementById("engine-text")).textContent =
    "The page did not load completely (a file failed to download).";
  /** @type {HTMLElement} */ (document.getElementById("engine-progress")).hidden = true;
  const reload = /** @type {HTMLElement} */ (document.getElementById("engine-retry"));
  reload.textContent = "Reload";
  reload.hidden = false;
  reload.addEventListener("click", () => location.reload(), { once: true });
});
