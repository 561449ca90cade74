// Prints the plain closing line that CI reads: "N passed, M failed". When
// TEST_SUMMARY_FILE is set (scripts/test.sh runs jest in two phases), the
// counts are also appended there, one line per run, for the script to add up.
const { appendFileSync } = require('node:fs');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skipped = results.numPendingTests + results.numTodoTests;
    process.stdout.write(`\n${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
    if (process.env.TEST_SUMMARY_FILE) appendFileSync(process.env.TEST_SUMMARY_FILE, `${results.numPassedTests} ${failed} ${skipped}\n`);
  }
}
module.exports = SummaryReporter;
