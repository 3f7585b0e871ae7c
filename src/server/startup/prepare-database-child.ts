/**
 * The child process of `prepareDatabaseInChild` (prepare-in-child.ts): prepares the database with the
 * configuration of the environment it inherited and exits, handing every byte it used back to the system.
 * Under plain Node: explicit `.ts` imports, erasable TypeScript only.
 */
import { parseConfig } from '../config.ts';
import { prepareDatabase } from './prepare-database.ts';

// The server that started us is gone (killed, crashed) when we were handed to another parent: stop before
// the next statement rather than keep writing to a data directory that the next server will open. Like a
// crash, this leaves an unfinished seed, which the next start replaces. (Where setpriv exists the kernel
// has already killed us with the server; this is the check elsewhere.)
const server = process.ppid;
const stopWithoutServer = () => {
  if (process.ppid !== server) process.exit(1);
};

await prepareDatabase(parseConfig(process.env), undefined, { beforeStatement: stopWithoutServer });
