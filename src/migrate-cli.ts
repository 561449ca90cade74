// `npm run migration:create [-- --blank] [--name x]`: writes a new TypeScript
// migration from the difference between the entities and the database at
// DATABASE_URL (default: a scratch database on the local PostgreSQL), then
// remind yourself to add it to src/db/migrations/index.ts.
import { initOrm, migrate } from './db/orm.js';
import { entities } from './entities.js';

const [command, ...rest] = process.argv.slice(2);
const url = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/voice_migrations';
const orm = await initOrm({ entities, url });
try {
  await orm.schema.ensureDatabase();
  if (command === 'create') {
    await migrate(orm);
    const nameIdx = rest.indexOf('--name');
    const result = await orm.migrator.create(undefined, rest.includes('--blank'), false, nameIdx >= 0 ? rest[nameIdx + 1] : undefined);
    console.log(result.fileName ? `created ${result.fileName}; add it to src/db/migrations/index.ts` : 'no changes');
  } else if (command === 'up') {
    console.log(await migrate(orm));
  } else {
    console.error('usage: migrate-cli create [--blank] [--name x] | up');
    process.exitCode = 2;
  }
} finally {
  await orm.close(true);
}
