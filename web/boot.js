// Starts the engine worker as early as possible, before the rest of the page's modules load (a
// file of it that fails to download is load_guard.js's to handle).
import { Engine } from "./engine.js";

export const engine = new Engine(new URL("worker.js", import.meta.url));
engine.start().catch(() => {});
