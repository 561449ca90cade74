// Stops the Temporal dev server that global-setup started for this run, and
// says so loudly if it had died during the run (with the end of its log).
import { readFileSync } from 'node:fs';

export default async function globalTeardown() {
  const pid = Number(process.env.TEST_TEMPORAL_PID);
  if (!pid) return;
  let alive = true;
  try {
    process.kill(pid, 0);
  } catch {
    alive = false;
  }
  if (!alive) {
    let log = '';
    try {
      log = readFileSync(process.env.TEST_TEMPORAL_LOG ?? '', 'utf8').slice(-3000);
    } catch {
      // no log
    }
    process.stderr.write(`\n[temporal] the dev server (pid ${pid}) died during the run. Its log ends with:\n${log}\n`);
    return;
  }
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
