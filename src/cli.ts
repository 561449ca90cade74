import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { initOrm, migrate, type Orm } from './db/orm.js';
import { entities } from './entities.js';
import { startEmbeddedDb, type EmbeddedDb } from './dev/embedded-db.js';
import { DEMO_SLUG } from './dev/bootstrap.js';
import { Organization, Project } from './modules/org/org.entity.js';
import { createOrganization } from './modules/org/create-organization.js';
import { createProject } from './modules/org/create-project.js';
import { createApiClient, revokeApiClient } from './modules/org/api-clients.js';
import { seedSessions } from './modules/calls/seed-sessions.js';
import { recordingStoreFrom } from './modules/calls/recording-store.js';
import { DomainError } from './modules/errors.js';
import { systemPrincipal } from './modules/org/permissions.js';
import { createUser } from './modules/people/users.js';
import { addMember, listMembers } from './modules/people/members.js';
import { createCustomRole } from './modules/people/roles.js';
import { CreateRoleBody } from './modules/people/people.schemas.js';
import { parseInput } from './modules/validation.js';
import { devStatePath } from './main-paths.js';
import { applyDevSecrets } from './dev/dev-secrets.js';
import { rotateSigningKey, RETIRED_KEY_GRACE_SECONDS } from './oauth/signing-keys.js';
import { allPages } from './modules/paging.js';

/**
 * Admin CLI: `npm run cli -- <command> [options]`. It uses DATABASE_URL when
 * set; otherwise the embedded database, through the running `npm run dev` when
 * there is one (its socket), or by opening it itself when there is not.
 */
const USAGE = `usage: npm run cli -- <command> [options]

  org create --name <name> [--slug <slug>]
  project create --name <name> [--org <org_id>] [--description <text>]
  client create [--org <org_id>] [--name <name>] [--role owner|admin|member|viewer]
  client revoke --id <client_id>
  user create --email <email> --password <password> [--name <name>]
  member add --email <email> --role <owner|admin|member|viewer|rol_...> [--org <org_id>]
  member list [--org <org_id>]
  role create --name <name> --permissions <p1,p2,...> [--org <org_id>] [--description <text>]
  seed [--sessions <n>] [--seed <s>] [--org <org_id>] [--project <project_id>] [--days <d>]
  oauth rotate-key
  migrate

--org defaults to the demo organization that npm run dev creates.`;

async function connect(): Promise<{ orm: Orm; embedded?: EmbeddedDb }> {
  const config = loadConfig(process.env);
  if (config.db.url) return { orm: await initOrm({ entities, url: config.db.url, logger: () => {} }) };
  const statePath = devStatePath(config.db.dataDir);
  if (existsSync(statePath)) {
    const state = JSON.parse(readFileSync(statePath, 'utf8')) as { pid: number; databaseUrl: string };
    let alive = true;
    try {
      process.kill(state.pid, 0);
    } catch {
      alive = false;
    }
    if (alive) return { orm: await initOrm({ entities, url: state.databaseUrl, logger: () => {} }) };
  }
  const embedded = await startEmbeddedDb(config.db.dataDir, 0);
  const orm = await initOrm({ entities, url: embedded.url, logger: () => {} });
  await migrate(orm);
  return { orm, embedded };
}

async function resolveOrg(orm: Orm, given: string | undefined): Promise<Organization> {
  const em = orm.em.fork();
  const org = given ? await em.findOne(Organization, { id: given }) : await em.findOne(Organization, { slug: DEMO_SLUG });
  if (!org) {
    throw new DomainError('NOT_FOUND', given ? `Organization ${given} was not found` : 'No demo organization yet: pass --org, or start npm run dev once');
  }
  return org;
}

type CommandContext = { orm: Orm; em: ReturnType<Orm['em']['fork']>; values: Options };

const OPTIONS = {
  name: { type: 'string' },
  slug: { type: 'string' },
  org: { type: 'string' },
  role: { type: 'string' },
  id: { type: 'string' },
  description: { type: 'string' },
  sessions: { type: 'string' },
  seed: { type: 'string' },
  project: { type: 'string' },
  days: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  permissions: { type: 'string' },
} as const;

type Options = ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; strict: true }>>['values'];

/** Each command of the admin CLI, by its name (`group action`, or `seed` and `migrate` alone). */
const COMMANDS: Record<string, (ctx: CommandContext) => Promise<void>> = {
  migrate: async ({ orm }) => {
    const applied = await migrate(orm);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'up to date');
  },
  'oauth rotate-key': async ({ orm }) => {
    const rotated = await rotateSigningKey(orm, loadConfig(process.env).secrets.encryptionKey);
    console.log(JSON.stringify(rotated, null, 2));
    console.error(
      `${rotated.kid} signs new MCP access tokens (running servers switch within a minute); older keys keep ` +
        `verifying for ${RETIRED_KEY_GRACE_SECONDS / 60} minutes, then are deleted.`,
    );
  },
  'org create': async ({ em, values }) => {
    if (!values.name) throw new DomainError('VALIDATION_FAILED', '--name is required');
    const { organization, project } = await createOrganization(em, { name: values.name, slug: values.slug });
    console.log(JSON.stringify({ organization_id: organization.id, slug: organization.slug, default_project_id: project.id }, null, 2));
  },
  'project create': async ({ orm, em, values }) => {
    if (!values.name) throw new DomainError('VALIDATION_FAILED', '--name is required');
    const org = await resolveOrg(orm, values.org);
    console.log(JSON.stringify(await createProject(em, systemPrincipal(org.id), { name: values.name, description: values.description }), null, 2));
  },
  'client create': async ({ orm, em, values }) => {
    const org = await resolveOrg(orm, values.org);
    const client = await createApiClient(em, { organizationId: org.id, name: values.name ?? 'API client', role: values.role });
    console.log(JSON.stringify({ client_id: client.clientId, client_secret: client.clientSecret, organization_id: org.id, role: client.role }, null, 2));
    console.error('The secret is shown once; only its hash is stored.');
  },
  'client revoke': async ({ em, values }) => {
    if (!values.id) throw new DomainError('VALIDATION_FAILED', '--id is required');
    await revokeApiClient(em, values.id);
    console.log(`revoked ${values.id}`);
  },
  'user create': async ({ em, values }) => {
    if (!values.email || !values.password) throw new DomainError('VALIDATION_FAILED', '--email and --password are required');
    const user = await createUser(em, { email: values.email, name: values.name ?? values.email, password: values.password });
    console.log(JSON.stringify({ user_id: user.id, email: user.email, name: user.name }, null, 2));
  },
  'member add': async ({ orm, em, values }) => {
    // Direct, without the person's acceptance: an operator of the platform only. Organizations invite (REST, dashboard).
    if (!values.email || !values.role) throw new DomainError('VALIDATION_FAILED', '--email and --role are required');
    const org = await resolveOrg(orm, values.org);
    console.log(JSON.stringify(await addMember(em, systemPrincipal(org.id), { email: values.email, role: values.role }), null, 2));
  },
  'member list': async ({ orm, em, values }) => {
    const org = await resolveOrg(orm, values.org);
    console.log(JSON.stringify(await allPages((page) => listMembers(em, org.id, page)), null, 2));
  },
  'role create': async ({ orm, em, values }) => {
    const org = await resolveOrg(orm, values.org);
    const body = parseInput(
      CreateRoleBody,
      {
        name: values.name,
        description: values.description,
        permissions: values.permissions
          ?.split(',')
          .map((p) => p.trim())
          .filter(Boolean),
      },
      'option',
    );
    console.log(JSON.stringify(await createCustomRole(em, systemPrincipal(org.id), body), null, 2));
  },
  seed: async ({ orm, em, values }) => {
    const sessions = Number(values.sessions ?? 1000);
    const seed = Number(values.seed ?? 1);
    const days = Number(values.days ?? 30);
    if (!Number.isInteger(sessions) || sessions < 1 || sessions > 10_000_000) throw new DomainError('VALIDATION_FAILED', '--sessions must be 1..10000000');
    if (!Number.isInteger(seed)) throw new DomainError('VALIDATION_FAILED', '--seed must be an integer');
    if (!Number.isInteger(days) || days < 1 || days > 3650) throw new DomainError('VALIDATION_FAILED', '--days must be 1..3650');
    const org = await resolveOrg(orm, values.org);
    const project = values.project
      ? await em.findOne(Project, { id: values.project, organization: org.id })
      : await em.findOne(Project, { organization: org.id }, { orderBy: { id: 'asc' } });
    if (!project) throw new DomainError('NOT_FOUND', `Project ${values.project} was not found in ${org.id}`);
    const config = loadConfig(process.env);
    const started = Date.now();
    let lastPrint = 0;
    const result = await seedSessions(em, await recordingStoreFrom(config), {
      organizationId: org.id,
      projectId: project.id,
      priceList: org.priceList,
      sessions,
      seed,
      days,
      batchSize: 2000,
      // COPY on a PostgreSQL server (DATABASE_URL); row inserts on the embedded development database.
      copy: !!config.db.url,
      onProgress: (done, total) => {
        if (Date.now() - lastPrint > 2000 || done === total) {
          lastPrint = Date.now();
          const rate = Math.round(done / ((Date.now() - started) / 1000));
          console.error(`seeded ${done}/${total} (${rate} sessions/s)`);
        }
      },
    });
    console.log(JSON.stringify({ organization_id: org.id, project_id: project.id, created: result.created, seconds: (Date.now() - started) / 1000 }));
  },
};

async function main() {
  // Outside production, the secrets of the data folder, as `npm run dev` uses them (ENCRYPTION_KEY: oauth rotate-key).
  applyDevSecrets(process.env);
  const [group, action, ...rest] = process.argv.slice(2);
  const command = group === 'seed' || group === 'migrate' ? group : `${group} ${action}`;
  const args = group === 'seed' || group === 'migrate' ? [action, ...rest].filter((a) => a !== undefined) : rest;
  const { values } = parseArgs({ args, options: OPTIONS, strict: true });
  const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!run) {
    process.stderr.write(`${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const { orm, embedded } = await connect();
  try {
    await run({ orm, em: orm.em.fork(), values });
  } finally {
    await orm.close(true);
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DomainError) {
    const fields = (error.details.issues ?? []).map((i) => `\n  ${i.field}: ${i.message}`).join('');
    console.error(`error: ${error.message}${fields}`);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
});
