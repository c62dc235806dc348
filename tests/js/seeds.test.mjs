// Fresh deal numbers (web/render/dom.js randomSeed): small where nothing is hidden, from the whole
// range where the deal number names hidden hands (a small range could be dealt through).
import test from "node:test";
import assert from "node:assert/strict";
import { MAX_DEAL, randomSeed } from "../../web/render/dom.js";

test("a game with nothing hidden gets a deal number below a million", () => {
  for (let i = 0; i < 200; i += 1) {
    const seed = randomSeed();
    assert.ok(Number.isInteger(seed) && seed >= 0 && seed < 1_000_000, String(seed));
  }
});

test("a game with hidden hands gets a deal number from the whole range, dealt as itself", () => {
  const seeds = Array.from({ length: 200 }, () => randomSeed(true));
  for (const seed of seeds) assert.ok(Number.isSafeInteger(seed) && seed >= 0 && seed <= MAX_DEAL, String(seed));
  // each is below 2^32 with chance 2^-21: 200 of them all below it would be a small range
  assert.ok(seeds.some((seed) => seed > 2 ** 32), "every number below 2^32");
  assert.ok(new Set(seeds).size === seeds.length);
});
