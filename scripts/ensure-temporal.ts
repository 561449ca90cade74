// Prints the path of the Temporal CLI on stdout (building it if needed);
// progress goes to stderr so shell scripts can capture the path.
import { findTemporalCli } from '../src/temporal/cli-binary.js';

const path = await findTemporalCli((m) => process.stderr.write(`[temporal] ${m}\n`));
process.stdout.write(path);
