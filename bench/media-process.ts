// The media process of the media benchmark, in a process of its own so the
// load generator (the benchmark's callers) does not share its event loop and
// its memory is its own: the real startMediaRuntime on DATABASE_URL, SIP_PORT
// and the RTP range from the environment, without Temporal (calls run
// unsupervised, as in the media tests: the lifecycle is not what is measured).
// Writes one JSON line per event on stdout: {"ready":{host,port}} once SIP is
// bound, then {"report":CallReport} per finished call (turn timings, RTP and
// pacer figures). Log lines (warn and up) go to stderr. On stdin, "loop start"
// resets a monitor of this process's event-loop delay and "loop stop" writes
// {"loop":{p50,p99,max}} in ms beyond schedule: what delayed the pacers' ticks.
import { createInterface } from 'node:readline';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pino from 'pino';
import { loadConfig } from '../src/config.js';
import { initOrm } from '../src/db/orm.js';
import { entities } from '../src/entities.js';
import { LocalFolderStore } from '../src/modules/calls/recording-store.js';
import { startMediaRuntime } from '../src/roles/media-process.js';
import { StereoRecorder } from '../src/media/pipe/recorder.js';

// A diagnostic, never the default: BENCH_MEDIA_EXPERIMENT=no-recorder drops the call recorder's per-tick buffers
// (one 640-byte Buffer per call every 20 ms, kept for the whole call) to show their share of the GC pauses.
if (process.env.BENCH_MEDIA_EXPERIMENT === 'no-recorder') StereoRecorder.prototype.write = () => {};

const config = loadConfig(process.env);
if (!config.db.url) throw new Error('DATABASE_URL is not set');
const orm = await initOrm({ entities, url: config.db.url, poolMax: config.db.poolMax, logger: () => {} });
const logger = pino({ level: process.env.LOG_LEVEL ?? 'warn' }, pino.destination(2));
const write = (event: object) => process.stdout.write(`${JSON.stringify(event)}\n`);
const media = await startMediaRuntime({
  config,
  orm,
  logger,
  recordings: new LocalFolderStore(config.recordings.dir),
  onCallFinished: (report) => write({ report }),
});
write({ ready: media.sip });
const LOOP_RESOLUTION_MS = 5;
const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
createInterface({ input: process.stdin }).on('line', (command) => {
  if (command === 'loop start') {
    loop.reset();
    loop.enable();
  } else if (command === 'loop stop') {
    loop.disable();
    // The histogram holds whole sampling intervals: the delay is what exceeds the resolution.
    const ms = (ns: number) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS);
    write({ loop: { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) } });
  }
});
process.once('SIGTERM', () => {
  void media
    .stop()
    .then(() => orm.close(true))
    .finally(() => process.exit(0));
});
