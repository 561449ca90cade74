import { randomUUID } from 'node:crypto';
import { startWireServer, type WireReply, type WireRequest, type WireServer } from './wire-server.js';

/**
 * HubSpot's CRM v3 contacts API as far as the platform uses it, on
 * 127.0.0.1: Bearer private-app token; GET objects/contacts (list),
 * POST objects/contacts/search (filterGroups ORed, filters ANDed, operator
 * EQ), POST objects/contacts (409 "Contact already exists. Existing ID: n"
 * for a known email); errors as {status: "error", message, correlationId,
 * category}. Every request is recorded (`requests`).
 */
export const HUBSPOT_TOKEN = 'pat-na1-11111111-2222-3333-4444-555555555555';

export interface FakeHubspot extends WireServer {
  contacts: Map<string, Record<string, string>>;
  seed(properties: Record<string, string>): string;
}

const error = (status: number, category: string, message: string): WireReply => ({
  status,
  body: { status: 'error', message, correlationId: randomUUID(), category },
});

export async function startFakeHubspot(): Promise<FakeHubspot> {
  const contacts = new Map<string, Record<string, string>>();
  let next = 501;
  const view = (id: string) => ({
    id,
    properties: { ...contacts.get(id)!, hs_object_id: id },
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    archived: false,
  });
  const seed = (properties: Record<string, string>) => {
    const id = String(next++);
    contacts.set(id, properties);
    return id;
  };

  const handle = (req: WireRequest): WireReply => {
    if (req.headers.authorization !== `Bearer ${HUBSPOT_TOKEN}`) {
      return error(
        401,
        'INVALID_AUTHENTICATION',
        'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview',
      );
    }
    if (req.method === 'GET' && req.path === '/crm/v3/objects/contacts') {
      const limit = Number(req.query.limit ?? 10);
      return { status: 200, body: { results: [...contacts.keys()].slice(0, limit).map(view) } };
    }
    if (req.method === 'POST' && req.path === '/crm/v3/objects/contacts/search') {
      const groups = req.body?.filterGroups;
      if (!Array.isArray(groups) || groups.length > 5 || typeof req.body !== 'object')
        return error(400, 'VALIDATION_ERROR', 'Invalid input JSON on line 1: filterGroups');
      const matches = [...contacts.entries()].filter(
        ([, p]) =>
          groups.length === 0 ||
          groups.some((g: { filters: { propertyName: string; operator: string; value: string }[] }) =>
            g.filters.every((f) => f.operator === 'EQ' && (p[f.propertyName] ?? '').toLowerCase() === String(f.value).toLowerCase()),
          ),
      );
      const limit = Number(req.body.limit ?? 10);
      return { status: 200, body: { total: matches.length, results: matches.slice(0, limit).map(([id]) => view(id)) } };
    }
    if (req.method === 'POST' && req.path === '/crm/v3/objects/contacts') {
      const properties = req.body?.properties;
      if (!properties || typeof properties !== 'object') return error(400, 'VALIDATION_ERROR', 'Invalid input JSON: properties is required');
      const known = [...contacts.entries()].find(([, p]) => properties.email && p.email?.toLowerCase() === String(properties.email).toLowerCase());
      if (known) return error(409, 'CONFLICT', `Contact already exists. Existing ID: ${known[0]}`);
      return { status: 201, body: view(seed(properties)) };
    }
    return error(404, 'OBJECT_NOT_FOUND', `resource not found: ${req.method} ${req.path}`);
  };
  const server = await startWireServer(handle);
  const resetRequests = server.reset;
  return Object.assign(server, {
    contacts,
    seed,
    reset() {
      resetRequests();
      contacts.clear();
    },
  });
}
