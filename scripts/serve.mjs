// Starts the built server (dist/) after checking the configuration, so a wrong setting stops start-up with
// a message naming the variable instead of a stack trace on the first request.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Node ${process.versions.node} is too old: run the server through npm (npm start), which uses Node 24 from node_modules.`,
  );
  process.exit(1);
}

// The configuration's default: libraries read it too (React renders with its development build otherwise,
// several times slower).
process.env.NODE_ENV ??= 'production';

const { readConfigOrExit } = await import('./read-config.mjs');
const config = readConfigOrExit();

const entry = fileURLToPath(new URL('../dist/server/entry.mjs', import.meta.url));
if (!existsSync(entry)) {
  console.error('No build found in dist/: run `npm run build` first (or `npm start`, which builds).');
  process.exit(1);
}
// PM2 workers start together; `npm run pm2:start` has already migrated the shared database once. In a
// child process, whose PGlite instance and seeding memory leave with it (decision 0011).
if (process.env.pm_id === undefined) {
  const { prepareDatabaseInChild } = await import('../src/server/startup/prepare-in-child.ts');
  try {
    await prepareDatabaseInChild();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

// Our front door (src/server/http/front-door.ts) listens, serves the text-like static files with their
// precompressed siblings, and hands Astro's standalone handler (pages, endpoints, the other static files)
// the requests it admits, compressing its answers; the adapter must not start a server of its own.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
process.env.JOBBOARD_JOB_RUNNER ??= 'on';
process.env.PORT = String(config.PORT);
process.env.HOST = config.HOST;
const { handler } = await import(entry);
const { startFrontDoor } = await import('../src/server/http/front-door.ts');
await startFrontDoor({ handler, config, clientDir: fileURLToPath(new URL('../dist/client/', import.meta.url)) });

// The recurring tasks of src/server/job-runner (decision 0016) start inside the built server, in every server
// process, when its middleware module loads. Astro loads it on the first request; loading it here (the same
// module the server imports, so one copy) starts them with the server, also in a PM2 worker that has not had
// a request yet.
const middleware = new URL('../dist/server/virtual_astro_middleware.mjs', import.meta.url);
if (existsSync(fileURLToPath(middleware))) await import(middleware.href);
else console.error('No built middleware found: the job runner starts with the first request.');
