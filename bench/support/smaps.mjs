// Where a Linux process's resident memory lies, from /proc/<pid>/smaps: file-backed mappings (the node
// binary, shared libraries), the brk heap (malloc), anonymous reservations of 1 GiB and more (a WebAssembly
// memory with a large maximum reserves its whole range), and other anonymous memory (V8's heap pages, malloc's
// thread arenas, stacks).
import { readFileSync } from 'node:fs';

export function residentByKind(pid) {
  const kinds = {
    'file-backed (node, libraries)': 0,
    '[heap] (malloc)': 0,
    'WebAssembly reservations': 0,
    'other anonymous (V8 heap, malloc arenas, stacks)': 0,
  };
  let kind = null;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      const size = Number.parseInt(header[2], 16) - Number.parseInt(header[1], 16);
      const name = header[3];
      if (name === '[heap]') kind = '[heap] (malloc)';
      else if (name && !name.startsWith('[')) kind = 'file-backed (node, libraries)';
      else if (size >= 1024 ** 3) kind = 'WebAssembly reservations';
      else kind = 'other anonymous (V8 heap, malloc arenas, stacks)';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && kind) kinds[kind] += Number(rss[1]) * 1024;
  }
  return kinds;
}
