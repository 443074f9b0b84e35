import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessEntry {
  pid: number;
  name: string;
}

/** Every process descended from `root` (default: this test process), read from /proc. */
function descendants(root = process.pid): ProcessEntry[] {
  const parents = new Map<number, { ppid: number; name: string }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so split at the last ')'.
      const close = stat.lastIndexOf(')');
      const name = stat.slice(stat.indexOf('(') + 1, close);
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      parents.set(Number(entry), { ppid, name });
    } catch {
      // gone meanwhile
    }
  }
  const found: ProcessEntry[] = [];
  const frontier = [root];
  while (frontier.length > 0) {
    const parent = frontier.pop()!;
    for (const [pid, info] of parents) {
      if (info.ppid === parent) {
        found.push({ pid, name: info.name });
        frontier.push(pid);
      }
    }
  }
  return found;
}

/** The descendants that are a conversion's programs (LibreOffice, Ghostscript, their sandbox). */
const conversionProcesses = (): ProcessEntry[] =>
  descendants().filter((p) => /soffice|oosplash|bwrap|^gs$|prlimit|unshare/.test(p.name));

/** Waits (bounded) until no conversion process is left, and returns those still there. */
export async function leftoverProcesses(waitMs = 3000): Promise<ProcessEntry[]> {
  const until = Date.now() + waitMs;
  let left = conversionProcesses();
  while (left.length > 0 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    left = conversionProcesses();
  }
  return left;
}
