// Prints the path of the Temporal CLI on stdout (building it if needed);
// progress goes to stderr so shell scripts can capture the path.
// With --server it also makes sure the real Temporal server and its schema tool are built (the production
// shape's test, test/shape/production-shape.test.ts), so that build happens before the tests start.
import { findTemporalCli } from '../src/temporal/cli-binary.js';
import { findTemporalServer } from '../src/temporal/server-binary.js';

const log = (m: string) => process.stderr.write(`[temporal] ${m}\n`);
const path = await findTemporalCli(log);
if (process.argv.includes('--server')) await findTemporalServer(log);
process.stdout.write(path);
