/**
 * Statements built once per database and prepared by name, for the reads every page makes (its loaders).
 * Drizzle builds a statement's SQL text on every call — a sixth of an uncached job page's CPU time (issue
 * 12) — and PostgreSQL parses it every time. A prepared statement is built once per process; node-postgres
 * then parses it once per connection (by its name) and PostgreSQL may keep its plan. Lists are passed as one
 * array parameter (`column = any($1)`), so one statement serves every batch size.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/** `build(db)` once per database handle (a process has one; tests open several). */
export function preparedPerDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

/** `column = any(:name)`: the column is one of the values of the array placeholder `name`. */
export function isAnyOf(column: PgColumn, name: string): SQL {
  return sql`${column} = any(${sql.placeholder(name)})`;
}
