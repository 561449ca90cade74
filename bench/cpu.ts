import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/**
 * Where the CPU goes during a benchmark phase, per group of processes (API processes, workers, PostgreSQL...),
 * read from /proc: a process's utime and stime, plus cutime and cstime (its children already waited for, so a
 * PostgreSQL backend that exits during the phase is counted through the postmaster that reaps it).
 */
const TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

export function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (comm) ": state is field 3, utime 14, stime 15, cutime 16, cstime 17.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICKS;
  } catch {
    return 0; // gone
  }
}

/** The pids whose command name is `comm` (every postgres process, say). */
export function pidsNamed(comm: string): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === comm;
      } catch {
        return false;
      }
    });
}

/** The machine's busy CPU seconds so far (every core): all of /proc/stat's time but idle and iowait. */
function machineBusySeconds(): number {
  const [, ...times] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = times;
  return (user + nice + system + irq + softirq + steal) / TICKS;
}

export interface CpuShare {
  /** Cores used by each group over the phase (CPU seconds / wall seconds). */
  groups: Record<string, number>;
  /** The same per process of each group, in the order the group lists them (which of two workers was busy). */
  processes: Record<string, number[]>;
  /** Cores the whole machine was busy, whoever used them. */
  machine: number;
}

/** Measures `fn`'s phase: cores used per group, the groups' pids read at the start and at the end. */
export async function cpuDuring<T>(groups: () => Record<string, number[]>, fn: () => Promise<T>): Promise<{ value: T; cpu: CpuShare }> {
  const sample = () => {
    const out = new Map<number, number>();
    for (const pids of Object.values(groups())) for (const pid of pids) out.set(pid, cpuSecondsOf(pid));
    return out;
  };
  const before = sample();
  const machineBefore = machineBusySeconds();
  const started = performance.now();
  const value = await fn();
  const wall = (performance.now() - started) / 1000;
  const after = sample();
  const machine = (machineBusySeconds() - machineBefore) / wall;
  const shares: Record<string, number> = {};
  const processes: Record<string, number[]> = {};
  for (const [name, pids] of Object.entries(groups())) {
    // A process started during the phase counts from zero; one gone by the end counts nothing (its parent's cutime may).
    processes[name] = pids.map((pid) => Math.max(0, (after.get(pid) ?? 0) - (before.get(pid) ?? 0)) / wall);
    shares[name] = processes[name].reduce((sum, share) => sum + share, 0);
  }
  return { value, cpu: { groups: shares, processes, machine } };
}

/**
 * CPU seconds used so far by `root` and every process under it, read from /proc: each live process's utime,
 * stime, cutime and cstime (a descendant that already exited is in its parent's cutime/cstime once reaped).
 * A process that exits between two readings and is not yet reaped is missed for that interval: a few ms.
 */
export function processTreeCpuSeconds(root: number): number {
  const parents = new Map<number, number[]>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(d)]);
    } catch {
      // gone
    }
  }
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    total += cpuSecondsOf(pid);
    stack.push(...(parents.get(pid) ?? []));
  }
  return total;
}
