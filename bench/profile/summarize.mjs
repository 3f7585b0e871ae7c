// Summarises a V8 CPU profile (.cpuprofile, from --cpu-prof or the inspector): self and total time by
// function, self time by file or package, and every sample attributed to one part of the job page's path
// (route lookup, job query, similar jobs, rendering, GraphQL layer, middleware, PGlite, ...).
//
// Bundled server code (dist/server/chunks/*.mjs) is mapped back to its source file when the build has
// source maps (`SERVER_SOURCEMAPS=1 npm run build`); without them it is named by its chunk.
//
// Usage: node bench/profile/summarize.mjs <file.cpuprofile> [--top 30]
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * Parts of the path a sample is charged to: the innermost frame that matches a rule decides, so a builtin
 * (JSON.parse, Array.map) is charged to the code that called it. Rules are tried in order per frame.
 */
const parts = [
  ['PGlite (WASM and its JS glue)', (f) => f.url.startsWith('wasm://') || f.source.includes('@electric-sql/pglite')],
  ['Drizzle (SQL building, row mapping)', (f) => f.source.includes('/drizzle-orm/')],
  ['pg driver', (f) => /\/node_modules\/pg(-[a-z]+)?\//.test(f.source)],
  ['graphql: parse', (f) => f.source.includes('/graphql/language/')],
  ['graphql: validate', (f) => f.source.includes('/graphql/validation/')],
  ['graphql: execute', (f) => /\/graphql\/(execution|type|jsutils|utilities|error)\//.test(f.source)],
  [
    'yoga pipeline (Fetch emulation, envelop, plugins, JSON)',
    (f) =>
      /\/(graphql-yoga|@whatwg-node|@envelop|@graphql-tools|@escape\.tech|@graphql-yoga|dataloader)\//.test(f.source),
  ],
  ['backend client (in-process transport)', (f) => /src\/(lib\/backend-client|server\/backend\.ts)/.test(f.source)],
  ['route lookup (getRoutInfo, metatags)', (f) => /src\/server\/(modules\/routing|metatags)/.test(f.source)],
  ['similar jobs', (f) => f.source.includes('src/server/modules/jobs/list-similar-jobs')],
  [
    'job query and its resolvers',
    (f) => /src\/server\/modules\/(jobs|organizations|taxonomy|attachments)\//.test(f.source),
  ],
  ['GraphQL context, loaders, other resolvers', (f) => /src\/server\/(graphql|modules)\//.test(f.source)],
  ['search index', (f) => f.source.includes('src/server/search/')],
  [
    'middleware (routing, session, security headers)',
    (f) => /src\/(middleware\.ts|server\/auth\/|lib\/routing\/|server\/brand|server\/http\/)/.test(f.source),
  ],
  ['React render', (f) => /\/(react-dom|react)\//.test(f.source)],
  [
    'Astro render (components, pages, layouts)',
    (f) => /src\/(components|layouts|pages|features|i18n|lib)\/|\.astro/.test(f.source),
  ],
  ['Astro runtime (render)', (f) => /\/astro\/dist\/runtime\//.test(f.source)],
  ['Astro core and adapter (pipeline, routing, static files)', (f) => /\/(astro\/dist|@astrojs)\//.test(f.source)],
  ['zod (input validation)', (f) => f.source.includes('/zod/')],
  ['pino (logging)', (f) => f.source.includes('/pino')],
  [
    'Node HTTP, streams, zlib',
    (f) => /^node:(internal\/(http|streams|zlib|stream_base)|_http|http|zlib|net)/.test(f.url),
  ],
  ['front door', (f) => f.source.includes('src/server/http/')],
];

const special = {
  '(garbage collector)': 'garbage collector',
  '(idle)': 'idle (waiting for requests)',
  '(program)': 'V8/native, not attributed',
};

/** Turns a profile URL (file:///…, node:…) into a readable path, via the bundle's source map when there is one. */
export function createResolver(root = process.cwd()) {
  const maps = new Map();
  const mapOf = (url) => {
    if (!maps.has(url)) {
      let map = null;
      if (url.startsWith('file://')) {
        const file = fileURLToPath(url);
        if (existsSync(`${file}.map`)) {
          try {
            map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
          } catch {
            map = null;
          }
        }
      }
      maps.set(url, map);
    }
    return maps.get(url);
  };
  const relative = (path) => (path.startsWith(root) ? path.slice(root.length + 1) : path);
  const original = (url, entry) =>
    entry.originalSource.startsWith('file://')
      ? fileURLToPath(entry.originalSource)
      : resolvePath(dirname(fileURLToPath(url)), entry.originalSource);
  return (callFrame) => {
    const { url, lineNumber, columnNumber } = callFrame;
    if (!url) return { url, source: '', line: -1, where: '' };
    const path = url.startsWith('file://') ? relative(fileURLToPath(url)) : url;
    const entry = mapOf(url)?.findEntry(lineNumber, columnNumber);
    if (!entry?.originalSource) return { url, source: path, line: lineNumber + 1, where: `${path}:${lineNumber + 1}` };
    const mapped = relative(original(url, entry));
    const where = `${mapped}:${entry.originalLine + 1}`;
    // Our bundle is grouped by the source file it came from (src/…, or a package it inlined such as Astro's
    // runtime); a package by its own path (its maps point into sources outside node_modules).
    return url.includes('/dist/server/')
      ? { url, source: mapped, line: entry.originalLine + 1, where }
      : {
          url,
          source: path,
          line: lineNumber + 1,
          where: `${packageOf(path)} › ${where.replace(/^.*?\bsrc\//, 'src/')}`,
        };
  };
}

const packageOf = (path) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? path;

/** The package (node_modules/<name>) or file a source path belongs to. */
function fileGroupOf(source, url) {
  if (url.startsWith('wasm://')) return 'wasm (PGlite)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (modules) return `node_modules/${modules[1]}`;
  if (source.startsWith('node:')) return source.split('/').slice(0, 2).join('/');
  return source || '(native)';
}

export function summarize(profile, { root = process.cwd() } = {}) {
  const resolve = createResolver(root);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const frames = new Map();
  for (const node of profile.nodes) {
    const { functionName } = node.callFrame;
    frames.set(node.id, { name: functionName || '(anonymous)', ...resolve(node.callFrame) });
  }
  // Time per sample: the profile's span spread evenly (the sampling interval is fixed).
  const totalMicros = profile.endTime - profile.startTime;
  const sampleMs = totalMicros / 1000 / profile.samples.length;
  const hits = new Map();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);

  const selfByFunction = new Map();
  const totalByFunction = new Map();
  const selfByFile = new Map();
  const byPart = new Map();
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);

  for (const [id, count] of hits) {
    const ms = count * sampleMs;
    const leaf = frames.get(id);
    const leafKey = `${leaf.name}  ${leaf.where}`;
    add(selfByFunction, leafKey, ms);
    add(selfByFile, fileGroupOf(leaf.source, leaf.url), ms);
    // Total time: each function once per sample, however deep it recurses.
    const seen = new Set();
    let part = special[leaf.name];
    for (let node = id; node !== undefined; node = parent.get(node)) {
      const frame = frames.get(node);
      const key = `${frame.name}  ${frame.where}`;
      if (!seen.has(key)) {
        seen.add(key);
        add(totalByFunction, key, ms);
      }
      if (part === undefined && frame.source) part = parts.find(([, matches]) => matches(frame))?.[0];
    }
    part ??= `other: ${fileGroupOf(leaf.source, leaf.url)}`;
    add(byPart, part, ms);
  }
  const sorted = (map) => [...map].sort((a, b) => b[1] - a[1]);
  const busyMs = totalMicros / 1000 - (byPart.get(special['(idle)']) ?? 0);
  return {
    durationMs: totalMicros / 1000,
    busyMs,
    samples: profile.samples.length,
    sourceMapped: [...frames.values()].some((frame) => frame.source.startsWith('src/')),
    parts: sorted(byPart),
    selfByFile: sorted(selfByFile),
    selfByFunction: sorted(selfByFunction),
    totalByFunction: sorted(totalByFunction),
    nodes: byId.size,
  };
}

/** The summary as text tables; percentages of the busy (non-idle) time. */
export function formatSummary(summary, { top = 30 } = {}) {
  const lines = [];
  const percent = (ms) => `${((100 * ms) / summary.busyMs).toFixed(1).padStart(5)} %`;
  const table = (title, rows) => {
    lines.push('', title, '-'.repeat(title.length));
    for (const [key, ms] of rows.slice(0, top)) {
      lines.push(`${ms.toFixed(0).padStart(8)} ms ${percent(ms)}  ${key}`);
    }
  };
  lines.push(
    `CPU profile: ${(summary.durationMs / 1000).toFixed(1)} s, ${summary.samples} samples, busy ${(summary.busyMs / 1000).toFixed(1)} s` +
      ` (percentages of busy time)${summary.sourceMapped ? '' : '; no source maps: bundled code is named by chunk'}`,
  );
  table('Time by part of the request path (innermost matching frame)', summary.parts);
  table('Self time by package or file', summary.selfByFile);
  table('Self time by function', summary.selfByFunction);
  table('Total time by function (inclusive, synchronous stacks only)', summary.totalByFunction);
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { top: { type: 'string', default: '30' } },
  });
  if (positionals.length !== 1) {
    console.error('Usage: node bench/profile/summarize.mjs <file.cpuprofile> [--top 30]');
    process.exit(1);
  }
  const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
  console.log(formatSummary(summarize(profile), { top: Number(values.top) }));
}
