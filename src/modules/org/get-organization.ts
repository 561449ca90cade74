import type { Em } from '../../db/orm.js';
import { notFound } from '../errors.js';
import { COST_COMPONENTS, Organization, Project } from './org.entity.js';
import type { OrganizationView, ProjectView } from './org.schemas.js';

export function toProjectView(p: Project): ProjectView {
  return { project_id: p.id, name: p.name, description: p.description ?? null, created_at: p.createdAt.toISOString() };
}

export async function getOrganization(em: Em, organizationId: string): Promise<OrganizationView> {
  const org = await em.findOne(Organization, { id: organizationId });
  if (!org) throw notFound('Organization', organizationId);
  const projects = await em.find(Project, { organization: organizationId }, { orderBy: { id: 'asc' } });
  const perMinute = org.priceList.perMinuteMicros;
  return {
    organization_id: org.id,
    name: org.name,
    slug: org.slug,
    price_list: {
      currency: org.priceList.currency,
      per_minute_micros: { ...perMinute },
      total_per_minute_micros: COST_COMPONENTS.reduce((sum, c) => sum + (perMinute[c] ?? 0), 0),
    },
    projects: projects.map(toProjectView),
    created_at: org.createdAt.toISOString(),
  };
}
