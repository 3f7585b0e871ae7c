// Node options and environment of every server process: `npm run serve` (package.json, which repeats them),
// PM2's cluster workers (ecosystem.config.cjs) and the benchmarks (bench/support/server.mjs).
//
// The old-space limit keeps V8 from letting its heap grow to 300–400 MB of garbage before a full collection
// when 90–100 MB are live (decision 0011): a server at 5,000 jobs keeps about 100 MB live, and the job index
// of 100,000 jobs about 65 MB more. V8 sizes the young generation from the old one, and with 192 MB alone a
// home page cost 7.2 ms of CPU instead of 4.1 (every short-lived Request and row promoted early): the
// semi-space keeps the size it has with a large heap. The database is prepared in a child process of its own
// limit (src/server/startup/prepare-in-child.ts).
exports.nodeOptions = ['--max-old-space-size=192', '--max-semi-space-size=16'];

// The machine's search process (scripts/search-service.mjs, decision 0031) holds the job index of the whole
// board: at a million jobs about 75 MB of it on V8's heap, the rest (about 200 MB) in typed arrays outside
// it. 256 MB keep its building garbage collected: 568 MB resident at a million jobs, 680 MB with 512.
exports.searchServiceNodeOptions = ['--max-old-space-size=256'];

// glibc gives every thread that allocates (libuv's pool compressing, V8's compiler and collector threads) an
// arena of its own and rarely returns their free memory: two arenas kept a server under mixed load at 338 MB
// instead of 369 MB. And it keeps freed blocks of up to 32 MB in its heap (its mmap threshold adapts upwards
// to the largest block freed), where compression buffers and rendered pages leave it fragmented: blocks of
// 128 KB and more mapped and unmapped on their own, and free memory above 128 KB returned, took the
// embedded server from 419 to 315 MB after the benchmark's rows (issue 12, 2026-11-25).
exports.environment = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
};
