// Preloaded into the server by bench/profile/job-page.mjs (node --import): counts every PGlite statement
// with its time, result rows and text size. Two times per statement: `ms` while it held PGlite's one
// connection (its own cost) and `waitMs` queued before that (behind other statements). The profile script
// reads and resets the figures through the inspector (globalThis.__sqlTrace). Never loaded in production.
import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite } from '@electric-sql/pglite';

const statements = new Map();
const current = new AsyncLocalStorage();

function entryOf(text) {
  const key = text.replace(/\s+/g, ' ').trim();
  let entry = statements.get(key);
  if (!entry) {
    entry = { count: 0, ms: 0, waitMs: 0, rows: 0, textBytes: Buffer.byteLength(key) };
    statements.set(key, entry);
  }
  return entry;
}

for (const method of ['query', 'exec']) {
  const original = PGlite.prototype[method];
  PGlite.prototype[method] = function traced(text, ...rest) {
    const call = { entry: entryOf(String(text)), started: performance.now(), exclusiveMs: 0 };
    return current.run(call, async () => {
      const result = await original.call(this, text, ...rest);
      const { entry } = call;
      entry.count += 1;
      entry.ms += call.exclusiveMs;
      entry.waitMs += performance.now() - call.started - call.exclusiveMs;
      for (const one of Array.isArray(result) ? result : [result]) entry.rows += one?.rows?.length ?? 0;
      return result;
    });
  };
}

// PGlite runs every statement inside _runExclusiveQuery (its connection lock): the time inside is its own.
const runExclusive = PGlite.prototype._runExclusiveQuery;
PGlite.prototype._runExclusiveQuery = function traced(work) {
  return runExclusive.call(this, async () => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      const call = current.getStore();
      if (call) call.exclusiveMs += performance.now() - started;
    }
  });
};

globalThis.__sqlTrace = {
  reset() {
    statements.clear();
  },
  /** Statements by their own total time, with count, rows and text size. */
  report() {
    return [...statements].map(([sql, entry]) => ({ sql, ...entry })).sort((a, b) => b.ms - a.ms);
  },
};
