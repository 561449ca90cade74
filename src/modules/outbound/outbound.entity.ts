import { defineEntity, p } from '@mikro-orm/core';
import { Organization } from '../org/org.entity.js';
import type { Actor } from '../agents/agents.entity.js';

/**
 * A person the organization may call: organization-wide (campaigns in any
 * project dial the same contacts). Phone is E.164, email lower-case; each is
 * unique within the organization when present (partial unique indexes, so
 * resolve-or-create and CSV import can rely on ON CONFLICT).
 */
const ContactSchema = defineEntity({
  name: 'Contact',
  tableName: 'contact',
  indexes: [
    { name: 'contact_org_id_idx', properties: ['organization', 'id'] },
    {
      name: 'contact_org_phone_unique',
      expression: 'create unique index "contact_org_phone_unique" on "contact" ("organization_id", "phone") where "phone" is not null',
    },
    {
      name: 'contact_org_email_unique',
      expression: 'create unique index "contact_org_email_unique" on "contact" ("organization_id", "email") where "email" is not null',
    },
  ],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    name: p.string().length(200).nullable(),
    phone: p.string().length(20).nullable(),
    email: p.string().length(320).nullable(),
    /** ISO 3166 alpha-2 of the phone number. */
    country: p.string().length(2).nullable(),
    /** Derived from the phone number (src/modules/outbound/phone.ts timeZoneOf): a best guess. */
    timeZone: p.string().length(64).nullable(),
    attributes: p.json<Record<string, string>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class Contact extends ContactSchema.class {}
ContactSchema.setClass(Contact);

export const DNC_SOURCES = ['manual', 'api', 'call', 'import', 'campaign'] as const;
export type DncSource = (typeof DNC_SOURCES)[number];

/**
 * One number the organization must never dial. The unique (organization,
 * phone) index is also the index dncCheck reads before every dial.
 */
const DncEntrySchema = defineEntity({
  name: 'DncEntry',
  tableName: 'dnc_entry',
  uniques: [{ name: 'dnc_entry_org_phone_unique', properties: ['organization', 'phone'] }],
  indexes: [{ name: 'dnc_entry_org_created_idx', properties: ['organization', 'createdAt', 'id'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    phone: p.string().length(20),
    reason: p.text().nullable(),
    source: p.string().length(10).$type<DncSource>(),
    createdBy: p.json<Actor>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class DncEntry extends DncEntrySchema.class {}
DncEntrySchema.setClass(DncEntry);

export const outboundEntities = [Contact, DncEntry];
