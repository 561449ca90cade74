// Stops the Temporal dev server that global-setup started for this run.
export default async function globalTeardown() {
  const pid = Number(process.env.TEST_TEMPORAL_PID);
  if (!pid) return;
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
