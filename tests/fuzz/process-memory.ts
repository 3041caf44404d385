/**
 * The memory of the workerd process that serves the stack, read from Linux's /proc: VmRSS (now) and
 * VmHWM (the peak since the last reset). Writing "5" to /proc/<pid>/clear_refs resets the peak to
 * the current RSS, so peak − RSS-before of one request is what that request made the process hold
 * at its worst, measured by the kernel, not sampled. It is the whole process (every isolate, the
 * request's buffers in workerd's C++ side too), so it bounds what the request's isolate used.
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";

type Proc = { pid: number; ppid: number; comm: string };

function processes(): Proc[] {
  const out: Proc[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // "pid (comm) state ppid …": comm may hold spaces and parentheses.
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      const ppid = Number(stat.slice(close + 2).split(" ")[1]);
      out.push({ pid: Number(name), ppid, comm });
    } catch {
      // The process ended while we listed.
    }
  }
  return out;
}

/** The workerd processes started under `rootPid` (the stack's `vite preview`), most memory first. */
export function workerdUnder(rootPid: number): number[] {
  const all = processes();
  const children = new Map<number, Proc[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      if (child.comm.startsWith("workerd")) found.push(child.pid);
      walk(child.pid);
    }
  };
  walk(rootPid);
  return found.sort((a, b) => rss(b) - rss(a));
}

function status(pid: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of readFileSync(`/proc/${pid}/status`, "utf8").split("\n")) {
    const m = /^(VmRSS|VmHWM):\s+(\d+) kB/.exec(line);
    if (m) out[m[1]!] = Number(m[2]) * 1024;
  }
  return out;
}

export const rss = (pid: number) => status(pid).VmRSS ?? 0;
export const peak = (pid: number) => status(pid).VmHWM ?? 0;

/** Resets the process's peak (VmHWM) to its current RSS. */
export function resetPeak(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}
