import { existsSync, mkdirSync, readFileSync, readdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A CPU quota per process, for benchmarks that ask what one more process of a role adds when each process has a
 * share of the machine of its own (as on hosts with a core or more per process), rather than what it adds when
 * every process already contends for the same cores. Each capped process gets a cgroup of its own under the
 * kernel's CPU controller with a CFS bandwidth quota: `cores` CPU seconds per wall second at most.
 *
 * cgroup v1 (a `cpu` hierarchy at /sys/fs/cgroup/cpu, as on this machine) and v2 (the unified hierarchy with the
 * `cpu` controller at /sys/fs/cgroup) are both handled; where neither can be written (no root, a read-only
 * mount), `available` is false with the reason and nothing is capped.
 */
export interface CpuQuotas {
  available: boolean;
  /** Why quotas cannot be set here, when they cannot. */
  reason?: string;
  /** Caps `pid` (and the threads and children it has or starts) at `cores`; null lifts the cap. */
  cap(pid: number, cores: number | null): void;
  /** Removes the groups this made (their processes return to the root group). */
  close(): void;
}

const PERIOD_US = 100_000;

export function cpuQuotas(name = `vp-bench-${process.pid}`): CpuQuotas {
  const v1 = '/sys/fs/cgroup/cpu';
  const v2 = '/sys/fs/cgroup';
  const made = new Map<number, string>();
  let base: string;
  let version: 1 | 2;
  try {
    if (existsSync(join(v1, 'cpu.cfs_quota_us'))) {
      version = 1;
      base = join(v1, name);
      mkdirSync(base, { recursive: true });
    } else if (readFileSync(join(v2, 'cgroup.controllers'), 'utf8').split(/\s+/).includes('cpu')) {
      version = 2;
      base = join(v2, name);
      // The root's children may use the cpu controller, then this group's children: v2 keeps processes in leaves only.
      writeFileSync(join(v2, 'cgroup.subtree_control'), '+cpu');
      mkdirSync(base, { recursive: true });
      writeFileSync(join(base, 'cgroup.subtree_control'), '+cpu');
    } else {
      return unavailable('no cgroup CPU controller is mounted');
    }
  } catch (error) {
    return unavailable(`cgroups cannot be written here: ${(error as Error).message}`);
  }
  const root = version === 1 ? v1 : v2;
  const groupOf = (pid: number) => {
    let dir = made.get(pid);
    if (!dir) {
      dir = join(base, String(pid));
      mkdirSync(dir, { recursive: true });
      made.set(pid, dir);
    }
    return dir;
  };
  return {
    available: true,
    cap(pid, cores) {
      const dir = groupOf(pid);
      if (version === 1) writeFileSync(join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
      if (version === 1) writeFileSync(join(dir, 'cpu.cfs_quota_us'), cores === null ? '-1' : String(Math.round(cores * PERIOD_US)));
      else writeFileSync(join(dir, 'cpu.max'), cores === null ? `max ${PERIOD_US}` : `${Math.round(cores * PERIOD_US)} ${PERIOD_US}`);
      // Moving the process moves all its threads (cgroup.procs); children it starts later are born in the group.
      if (!readFileSync(join(dir, 'cgroup.procs'), 'utf8').split('\n').includes(String(pid))) writeFileSync(join(dir, 'cgroup.procs'), String(pid));
    },
    close() {
      for (const dir of made.values()) {
        try {
          for (const pid of readFileSync(join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean)) writeFileSync(join(root, 'cgroup.procs'), pid);
          rmdirSync(dir);
        } catch {
          // a process that cannot be moved (gone between the read and the write) leaves its group empty anyway
        }
      }
      made.clear();
      try {
        if (readdirSync(base).every((f) => !/^\d+$/.test(f))) rmdirSync(base);
      } catch {
        // left for the next run to reuse
      }
    },
  };
}

function unavailable(reason: string): CpuQuotas {
  return { available: false, reason, cap: () => {}, close: () => {} };
}
