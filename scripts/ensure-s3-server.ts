// Prints the path of versitygw, the S3-compatible server the S3 recording store's tests run against, on stdout
// (building it with Go if needed); progress goes to stderr so shell scripts can capture the path.
import { findS3Server } from '../src/dev/s3-server-binary.js';

process.stdout.write(await findS3Server((m) => process.stderr.write(`[s3 server] ${m}\n`)));
