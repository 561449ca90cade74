import { toIso, toJson } from '../../db/values.js';
import type { Actor } from '../agents/agents.entity.js';
import type { DncSource } from './outbound.entity.js';
import type { ContactView, DncEntryView } from './outbound.schemas.js';

/** The columns every contact query selects, so rows map with one function. */
export const CONTACT_COLUMNS = 'id, name, phone, email, country, time_zone, attributes, created_at, updated_at, created_at::text as created_key';
export const DNC_COLUMNS = 'id, phone, reason, source, created_by, created_at, created_at::text as created_key';

export function toContactView(r: Record<string, unknown>): ContactView {
  return {
    contact_id: r.id as string,
    name: (r.name as string | null) ?? null,
    phone: (r.phone as string | null) ?? null,
    email: (r.email as string | null) ?? null,
    country: (r.country as string | null) ?? null,
    time_zone: (r.time_zone as string | null) ?? null,
    attributes: toJson<Record<string, string>>(r.attributes) ?? {},
    created_at: toIso(r.created_at),
    updated_at: toIso(r.updated_at),
  };
}

export function toDncView(r: Record<string, unknown>): DncEntryView {
  return {
    dnc_entry_id: r.id as string,
    phone: r.phone as string,
    reason: (r.reason as string | null) ?? null,
    source: r.source as DncSource,
    created_by: toJson<Actor>(r.created_by),
    created_at: toIso(r.created_at),
  };
}
