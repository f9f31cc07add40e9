// Preloaded (`--expose-gc --import`) into a server process by the runtime test: garbage collection at its worst for
// native objects. Short-lived garbage every 10 ms makes the collector run often on its own — its finalisers then
// run outside any JavaScript call, where better-sqlite3 12 aborted Node 24 — and a forced full collection every
// second reaches what survived. (Forcing collections much more often hides the fault: the statements then die in
// the forced collections, whose finalisers run inside the call.)
if (typeof globalThis.gc !== 'function') throw new Error('force-gc.mjs needs --expose-gc');
let garbage;
setInterval(() => {
  garbage = Array.from({ length: 2000 }, (_, i) => ({ i, text: 'x'.repeat(100) }));
}, 10).unref();
setInterval(() => globalThis.gc(), 1000).unref();
export { garbage };
