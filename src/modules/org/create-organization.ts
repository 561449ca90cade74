import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { DEFAULT_PRICE_LIST, Organization, Project, type PriceList } from './org.entity.js';

export interface CreateOrganizationInput {
  name: string;
  slug?: string;
  priceList?: PriceList;
}

function slugify(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'org'
  );
}

/** Creates an organization with its first project, "Default". */
export async function createOrganization(em: Em, input: CreateOrganizationInput) {
  const slug = input.slug ?? slugify(input.name);
  if (await em.count(Organization, { slug })) {
    throw new DomainError('CONFLICT', `An organization with the slug ${slug} exists already`, { slug });
  }
  const organization = em.create(Organization, {
    id: newId('organization'),
    name: input.name,
    slug,
    priceList: input.priceList ?? DEFAULT_PRICE_LIST,
  });
  const project = em.create(Project, {
    id: newId('project'),
    organization: organization.id,
    name: 'Default',
    description: 'Created with the organization',
  });
  await em.flush();
  return { organization, project };
}
