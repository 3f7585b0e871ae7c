// Node options and environment of every server process: `npm run serve` (package.json, which repeats them),
// PM2's cluster workers (ecosystem.config.cjs) and the benchmarks (bench/support/server.mjs).
//
// The old-space limit keeps V8 from letting its heap grow to 300–400 MB of garbage before a full collection
// when 90–100 MB are live (decision 0011): a server at 5,000 jobs keeps about 100 MB live, and the job index
// of 100,000 jobs about 65 MB more. V8 sizes the young generation from the old one; a semi-space of 8 MB
// (young generation 24 MB) instead of 16 cost nothing measurable once most pages came from the page cache
// (CPU per cached page 0.75–0.77 ms with 8, 0.76–0.80 with 16; per new search 2.82 and 2.86 ms) and keeps
// the embedded server about 34 MB smaller under full load (issue 12, 2026-11-27). The database is
// prepared in a child process of its own limit (src/server/startup/prepare-in-child.ts).
exports.nodeOptions = ['--max-old-space-size=192', '--max-semi-space-size=8'];

// The machine's search process (scripts/search-service.mjs, decision 0031) holds the job index of the whole
// board: at a million jobs about 75 MB of it on V8's heap, the rest (about 200 MB) in typed arrays outside
// it. 256 MB keep its building garbage collected: 568 MB resident at a million jobs, 680 MB with 512.
exports.searchServiceNodeOptions = ['--max-old-space-size=256'];

// glibc gives every thread that allocates (libuv's pool compressing, V8's compiler and collector threads) an
// arena of its own and rarely returns their free memory: two arenas kept a server under mixed load at 338 MB
// instead of 369 MB. And it keeps freed blocks of up to 32 MB in its heap (its mmap threshold adapts upwards
// to the largest block freed), where compression buffers and rendered pages leave it fragmented: blocks of
// 128 KB and more mapped and unmapped on their own, and free memory above 128 KB returned, took the
// embedded server from 419 to 315 MB after the benchmark's rows (issue 12, 2026-11-25). At full load (about
// 1,500 req/s) the rendered pages themselves (40–60 KB each, plain) fragmented the heap below 128 KB: with
// 32 KB the embedded server peaked at 312 MB after the rows instead of 358 (64 KB: 348 in a shorter mix).
// The price is a page render's buffers mapped afresh: a search no cache has seen cost 2.95 ms of CPU
// instead of 2.62; cached pages and the uncached job page on PostgreSQL cost the same (bench/http,
// 2026-11-27).
exports.environment = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '32768',
  MALLOC_TRIM_THRESHOLD_: '32768',
};
