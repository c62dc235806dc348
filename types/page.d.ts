// The page's typed events and its handle for tests, beside the DOM's own types (for tsc only:
// never shipped, no build step). The payloads are the JSDoc types of the modules that send them.

import type { Engine } from "../web/engine.js";
import type { Settings } from "../web/store/settings.js";
import type { StorageNotice } from "../web/store/saved_games.js";

/** The events an Engine sends (engine.js), by name. */
interface EngineEventMap {
  progress: CustomEvent<{ loaded: number; total: number }>;
  ready: CustomEvent<Record<string, unknown>>;
  failed: CustomEvent<{ message: string }>;
  restarting: CustomEvent<{ reason: string }>;
  restarted: CustomEvent<{ reason: string }>;
  state: CustomEvent<{ state: string }>;
}

declare module "../web/engine.js" {
  interface Engine {
    addEventListener<K extends keyof EngineEventMap>(type: K, listener: (this: Engine, event: EngineEventMap[K]) => unknown,
      options?: boolean | AddEventListenerOptions): void;
    addEventListener(type: string, listener: EventListenerOrEventListenerObject | null,
      options?: boolean | AddEventListenerOptions): void;
    removeEventListener<K extends keyof EngineEventMap>(type: K, listener: (this: Engine, event: EngineEventMap[K]) => unknown,
      options?: boolean | EventListenerOptions): void;
    removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null,
      options?: boolean | EventListenerOptions): void;
  }
}

declare global {
  interface WindowEventMap {
    "boneyard-storage": CustomEvent<StorageNotice>;
    "boneyard-settings": CustomEvent<Settings>;
    "boneyard-new-visitor": CustomEvent; // the page forgets this visitor (app.js startAsNewVisitor)
  }
  interface Window {
    /** The engine, for tests and benchmarks (app.js); `progress`: its download, once known. */
    boneyard: {
      engine: Engine;
      request: (request: Record<string, unknown>) => Promise<any>;
      progress?: { loaded: number; total: number };
      /** The page as a new visitor's, without a load (the tests' hook: tests/e2e/conftest.py). */
      startAsNewVisitor: (stored?: Record<string, string>) => Promise<void>;
    };
  }
}

export {};
