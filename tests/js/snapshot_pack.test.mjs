// The start-up snapshot's memory as stored (web/snapshot.js pack, unpack): without its chunks of
// zeros, and the same bytes back, whatever the length, alignment or zeros; a stored form that is
// not one is refused.
import test from "node:test";
import assert from "node:assert/strict";
import { pack, unpack } from "../../web/snapshot.js";

/** A memory of `length` bytes with data in the given [start, end) ranges (a byte pattern). */
function memory(length, ranges, offset = 0) {
  const bytes = new Uint8Array(new ArrayBuffer(length + offset), offset, length);
  for (const [start, end] of ranges) for (let i = start; i < end; i++) bytes[i] = (i * 131 + 7) % 251 + 1;
  return bytes;
}

test("a memory comes back as it was, its zero chunks left out of what is stored", () => {
  const cases = [
    memory(31_458_768 % 100_000 + 40_000, [[0, 100], [9000, 9001], [20_000, 33_000], [42_000, 71_768]]),
    memory(65_536 * 3, [[0, 4], [65_536 * 3 - 1, 65_536 * 3]]),
    memory(4096 * 5 + 3, [[4096 * 5, 4096 * 5 + 3]]), // data in the last, partial chunk
    memory(4096 * 5 + 3, [[1, 2]], 1), // not aligned: compared byte by byte
    memory(10_000, []), // all zeros
    memory(0, []),
  ];
  for (const original of cases) {
    const stored = pack(original);
    assert.deepEqual(unpack(stored), new Uint8Array(original), `length ${original.length}`);
    const zeroChunks = Math.floor(original.length / 4096) - Math.ceil(new Set(
      [...original.keys()].filter((i) => original[i]).map((i) => Math.floor(i / 4096))).size);
    if (zeroChunks > 2) assert.ok(stored.length < original.length, `length ${original.length}: stored ${stored.length}`);
  }
  // the first bytes stay first (Pyodide's header: a damaged magic number is Pyodide's to find)
  const withHeader = memory(50_000, [[0, 64], [30_000, 31_000]]);
  assert.deepEqual(pack(withHeader).subarray(0, 64), withHeader.subarray(0, 64));
});

test("a stored form that is not one is refused", () => {
  const stored = pack(memory(50_000, [[0, 64], [30_000, 31_000]]));
  const damaged = (change) => { const copy = stored.slice(); change(copy); return copy; };
  for (const bad of [
    new Uint8Array(0),
    stored.subarray(0, stored.length - 1),
    damaged((s) => { s[s.length - 1] ^= 1; }), // not packed
    damaged((s) => { s[s.length - 12] += 1; }), // a run more than there are
    damaged((s) => { s[s.length - 12] = 0; }), // no run: the kept bytes unaccounted
    damaged((s) => { s[s.length - 12 - 16] = 200; }), // a run past the memory's end
  ]) {
    assert.throws(() => unpack(bad), /damaged/);
  }
});
