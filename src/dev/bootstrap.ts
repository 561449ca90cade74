import type { Orm } from '../db/orm.js';
import { Organization, Project } from '../modules/org/org.entity.js';
import { createOrganization } from '../modules/org/create-organization.js';
import { createApiClient } from '../modules/org/api-clients.js';
import { seedSessions } from '../modules/calls/seed-sessions.js';
import type { RecordingStore } from '../modules/calls/recording-store.js';
import { randomBytes } from 'node:crypto';
import { createUser } from '../modules/people/users.js';
import { addMember } from '../modules/people/members.js';
import { systemPrincipal } from '../modules/org/permissions.js';

export const DEMO_SLUG = 'demo';
export const DEMO_SESSIONS = 2000;
export const DEMO_EMAIL = 'demo@example.com';

export interface DemoOrganization {
  organizationId: string;
  projectId: string;
  /** Present only when this call created the organization: the secret is never shown again. */
  credentials?: { clientId: string; clientSecret: string; email: string; password: string };
}

export type DemoCredentials = NonNullable<DemoOrganization['credentials']>;

/**
 * First start of `npm run dev`: a demo organization with an API client and a
 * month of seeded calls, so a newcomer can call the API at once. Later starts
 * find it and change nothing. The secrets are handed to `announce` the moment
 * they exist, before the seeding and everything else the start still does:
 * a start that fails after this point has shown them all the same (they are
 * never shown again).
 */
export async function ensureDemoOrganization(
  orm: Orm,
  store: RecordingStore,
  log: (m: string) => void,
  announce: (credentials: DemoCredentials) => void = () => {},
  options: { slug?: string; email?: string } = {},
): Promise<DemoOrganization> {
  const slug = options.slug ?? DEMO_SLUG;
  const email = options.email ?? DEMO_EMAIL;
  const em = orm.em.fork();
  const existing = await em.findOne(Organization, { slug });
  if (existing) {
    const project = await em.findOneOrFail(Project, { organization: existing.id }, { orderBy: { id: 'asc' } });
    return { organizationId: existing.id, projectId: project.id };
  }
  const { organization, project } = await createOrganization(em, { name: 'Demo Organization', slug });
  const client = await createApiClient(em, { organizationId: organization.id, name: 'Demo API client', role: 'admin' });
  // The demo user owns the organization, so a newcomer can connect an assistant at once.
  const password = randomBytes(9).toString('base64url');
  await createUser(em, { email, name: 'Demo Owner', password });
  await addMember(em, systemPrincipal(organization.id, 'system'), { email, role: 'owner' });
  const credentials = { clientId: client.clientId, clientSecret: client.clientSecret, email, password };
  announce(credentials);
  log(`Seeding ${DEMO_SESSIONS} demo call sessions...`);
  await seedSessions(em, store, {
    organizationId: organization.id,
    projectId: project.id,
    priceList: organization.priceList,
    sessions: DEMO_SESSIONS,
    seed: 42,
  });
  return {
    organizationId: organization.id,
    projectId: project.id,
    credentials,
  };
}
