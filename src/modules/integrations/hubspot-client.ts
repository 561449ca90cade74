import { parseJson, ProviderError, providerRequest, statusError, type ProviderWire } from './provider-http.js';

export const HUBSPOT_BASE_URL = 'https://api.hubapi.com';
const PROVIDER = 'HubSpot';
const PROPERTIES = ['firstname', 'lastname', 'email', 'phone', 'mobilephone', 'company'];

export interface CrmContact {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
}

export interface NewContact {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  company?: string;
}

/**
 * HubSpot's CRM v3 contacts API: Bearer private-app token, JSON, errors as
 * {status: "error", message, correlationId, category}. validate: a one-item
 * list; lookup: POST search with one filter group per field (groups are
 * ORed): email, phone, mobilephone; create: POST with `properties`, where a
 * 409 (a contact with that email exists) names the existing id.
 */
export function createHubspotClient(settings: { base_url: string }, credentials: { access_token: string }, wire: ProviderWire) {
  const base = settings.base_url.replace(/\/+$/, '');
  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    const response = await providerRequest(PROVIDER, wire, base + path, {
      method,
      headers: {
        authorization: `Bearer ${credentials.access_token}`,
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const json = parseJson(response.text) as { message?: unknown; category?: unknown } | null;
    if (response.status < 200 || response.status >= 300) {
      const message = typeof json?.message === 'string' ? json.message : response.text.trim().slice(0, 200);
      throw statusError(PROVIDER, response, typeof json?.category === 'string' ? `${message} (${json.category})` : message);
    }
    return json;
  }

  return {
    async validate(): Promise<void> {
      await call('GET', '/crm/v3/objects/contacts?limit=1');
    },
    async search(by: { email?: string; phone?: string }): Promise<CrmContact[]> {
      const groups = [
        ...(by.email ? [{ filters: [{ propertyName: 'email', operator: 'EQ', value: by.email }] }] : []),
        ...(by.phone
          ? [
              { filters: [{ propertyName: 'phone', operator: 'EQ', value: by.phone }] },
              { filters: [{ propertyName: 'mobilephone', operator: 'EQ', value: by.phone }] },
            ]
          : []),
      ];
      const json = (await call('POST', '/crm/v3/objects/contacts/search', { filterGroups: groups, properties: PROPERTIES, limit: 5 })) as {
        results?: unknown;
      } | null;
      return (Array.isArray(json?.results) ? json.results : []).flatMap((r) => {
        const contact = toContact(r);
        return contact ? [contact] : [];
      });
    },
    /** Creates the contact; when one with this email exists, returns it (`created: false`) instead of failing. */
    async create(input: NewContact): Promise<{ contact: CrmContact; created: boolean }> {
      const properties = Object.fromEntries(
        Object.entries({
          firstname: input.first_name,
          lastname: input.last_name,
          email: input.email,
          phone: input.phone,
          company: input.company,
        }).filter(([, v]) => v !== undefined && v !== ''),
      );
      try {
        const json = await call('POST', '/crm/v3/objects/contacts', { properties });
        const contact = toContact(json);
        if (!contact) throw new ProviderError(PROVIDER, 'provider_error', 'HubSpot created a contact but did not return its id');
        return { contact, created: true };
      } catch (error) {
        const existing = error instanceof ProviderError && error.kind === 'conflict' ? /Existing ID:\s*(\d+)/i.exec(error.message)?.[1] : undefined;
        if (!existing) throw error;
        const found = input.email ? (await this.search({ email: input.email })).find((c) => c.id === existing) : undefined;
        return {
          contact: found ?? { id: existing, first_name: null, last_name: null, email: input.email ?? null, phone: null, company: null },
          created: false,
        };
      }
    },
  };
}
export type HubspotClient = ReturnType<typeof createHubspotClient>;

function toContact(raw: unknown): CrmContact | null {
  const r = raw as { id?: unknown; properties?: Record<string, unknown> } | null;
  if (!r || (typeof r.id !== 'string' && typeof r.id !== 'number')) return null;
  const p = r.properties ?? {};
  const s = (k: string) => (typeof p[k] === 'string' && p[k] !== '' ? (p[k] as string) : null);
  return {
    id: String(r.id),
    first_name: s('firstname'),
    last_name: s('lastname'),
    email: s('email'),
    phone: s('phone') ?? s('mobilephone'),
    company: s('company'),
  };
}
