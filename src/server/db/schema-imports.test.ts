import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = join(import.meta.dirname, 'schema');

/** Each schema file and the schema files it imports (re-exports included). */
function importGraph(): Map<string, string[]> {
  const files = readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
  return new Map(
    files.map((name) => {
      const source = readFileSync(join(folder, name), 'utf8');
      const targets = [...source.matchAll(/\bfrom '\.\/([\w-]+)(?:\.ts)?'/g)].map((match) => `${match[1]}.ts`);
      return [name, targets];
    }),
  );
}

/** A path of imports that comes back to where it started, or null. */
function findCircle(graph: Map<string, string[]>): string[] | null {
  const done = new Set<string>();
  const visit = (file: string, path: string[]): string[] | null => {
    if (path.includes(file)) return [...path.slice(path.indexOf(file)), file];
    if (done.has(file)) return null;
    for (const target of graph.get(file) ?? []) {
      const circle = visit(target, [...path, file]);
      if (circle) return circle;
    }
    done.add(file);
    return null;
  };
  for (const file of graph.keys()) {
    const circle = visit(file, []);
    if (circle) return circle;
  }
  return null;
}

describe('database schema files', () => {
  it('import each other in one direction only (no relations(), tables that point at each other together)', () => {
    const graph = importGraph();
    expect(graph.get('jobs.ts')).toContain('organizations.ts');
    expect(findCircle(graph)).toBeNull();
  });

  it('would see a circle', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
    ]);
    expect(findCircle(graph)).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
  });
});
