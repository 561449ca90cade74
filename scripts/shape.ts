// `npm run shape`: the production shape on this machine (scripts/production-shape.ts) until Ctrl-C.
// SHAPE_APIS, SHAPE_WORKERS and SHAPE_MEDIA set how many processes of each (default 2); DATABASE_ADMIN_URL the
// PostgreSQL; SHAPE_APP=sources runs src/ through tsx instead of the production build; SHAPE_RECORDINGS=local keeps
// recordings in a shared folder instead of the shape's S3 server.
import { startShape } from './production-shape.js';

const shape = await startShape({
  adminUrl: process.env.DATABASE_ADMIN_URL,
  apis: Number(process.env.SHAPE_APIS ?? 2),
  workers: Number(process.env.SHAPE_WORKERS ?? 2),
  media: Number(process.env.SHAPE_MEDIA ?? 2),
  recordings: process.env.SHAPE_RECORDINGS === 'local' ? 'local' : 's3',
  app: process.env.SHAPE_APP === 'sources' ? 'sources' : 'build',
  log: (m) => process.stderr.write(`[shape] ${m}\n`),
});
process.stdout.write(`REST through HAProxy: ${shape.url}/v1 (API processes: ${shape.apiUrls.join(', ')})
Temporal: ${shape.temporalAddress}  database: ${shape.databaseUrl}
SIP (UDP), a media process each: ${shape.sipAddresses.join(', ') || 'none'}${shape.s3 ? `\nRecordings: bucket ${shape.s3.bucket} at ${shape.s3.endpoint}` : ''}
A first client: export DATABASE_URL=${shape.databaseUrl}
  npm run cli -- org create --name <name>      then   npm run cli -- client create --org <org_id>
Logs: ${shape.dir}   Ctrl-C stops everything.
`);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void shape.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
