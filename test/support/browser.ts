// Browser tests and the /docs bench (bench/docs-page.ts): what a page costs the browser.
import fs from 'node:fs';

/** CPU time (user + system, ms) of a process and all its descendants: the browser with its renderer and GPU processes. */
export function treeCpuMs(root: number): number {
  const stats = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((pid) => {
      try {
        // pid (comm) state ppid ... utime(14) stime(15): fields after the command's closing parenthesis.
        const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
        return [{ pid: Number(pid), ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) }];
      } catch {
        return [];
      }
    });
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const s of stats) if (!tree.has(s.pid) && tree.has(s.ppid)) grew = Boolean(tree.add(s.pid));
  }
  return stats.filter((s) => tree.has(s.pid)).reduce((sum, s) => sum + s.ticks, 0) * 10; // USER_HZ 100
}
