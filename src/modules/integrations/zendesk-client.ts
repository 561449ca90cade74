import { parseJson, ProviderError, providerRequest, statusError, type ProviderWire } from './provider-http.js';

const PROVIDER = 'Zendesk';

export interface NewTicket {
  subject: string;
  body: string;
  priority?: 'low' | 'normal' | 'high' | 'urgent';
  requester: { name: string; email?: string; phone?: string };
  externalId?: string;
  tags?: string[];
  idempotencyKey: string;
}

/** https://<subdomain>.zendesk.com, or the base_url the operator gave (a host-mapped account). */
export function zendeskBaseUrl(settings: { subdomain?: string; base_url?: string }): string {
  return (settings.base_url ?? `https://${settings.subdomain}.zendesk.com`).replace(/\/+$/, '');
}

/**
 * Zendesk's Support API: Basic auth as `{email}/token:{api_token}`, JSON,
 * errors as {error, description, details}. validate: GET users/me (Zendesk
 * answers an anonymous user, id null, for credentials it does not accept on
 * some accounts: that is refused too); open: POST tickets.json with an
 * `Idempotency-Key` (Zendesk returns the first ticket for a repeated key).
 */
export function createZendeskClient(
  settings: { subdomain?: string; base_url?: string },
  credentials: { email: string; api_token: string },
  wire: ProviderWire,
) {
  const base = zendeskBaseUrl(settings);
  const auth = `Basic ${Buffer.from(`${credentials.email}/token:${credentials.api_token}`).toString('base64')}`;
  async function call(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await providerRequest(PROVIDER, wire, base + path, {
      method,
      headers: { authorization: auth, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const json = parseJson(response.text) as { error?: unknown; description?: unknown; details?: unknown } | null;
    if (response.status < 200 || response.status >= 300) {
      const error =
        typeof json?.error === 'string'
          ? json.error
          : typeof (json?.error as { title?: unknown })?.title === 'string'
            ? (json!.error as { title: string }).title
            : '';
      const description = typeof json?.description === 'string' ? json.description : (json?.error as { message?: unknown })?.message;
      const details = json?.details ? ` ${JSON.stringify(json.details).slice(0, 200)}` : '';
      throw statusError(
        PROVIDER,
        response,
        [error, typeof description === 'string' ? description : ''].filter(Boolean).join(': ') + details || response.text.trim().slice(0, 200),
      );
    }
    return json;
  }
  return {
    async validate(): Promise<{ user_id: string; name: string | null }> {
      const json = (await call('GET', '/api/v2/users/me.json')) as { user?: { id?: unknown; name?: unknown } } | null;
      const id = json?.user?.id;
      if (id === null || id === undefined)
        throw new ProviderError(PROVIDER, 'auth', 'Zendesk did not accept the credentials (it answered as an anonymous user)', 200);
      return { user_id: String(id), name: typeof json?.user?.name === 'string' ? json.user.name : null };
    },
    async open(ticket: NewTicket): Promise<{ id: string; status: string | null; url: string | null }> {
      const json = (await call(
        'POST',
        '/api/v2/tickets.json',
        {
          ticket: {
            subject: ticket.subject,
            comment: { body: ticket.body },
            requester: ticket.requester,
            ...(ticket.priority ? { priority: ticket.priority } : {}),
            ...(ticket.externalId ? { external_id: ticket.externalId } : {}),
            ...(ticket.tags ? { tags: ticket.tags } : {}),
          },
        },
        { 'idempotency-key': ticket.idempotencyKey },
      )) as { ticket?: { id?: unknown; status?: unknown; url?: unknown } } | null;
      const id = json?.ticket?.id;
      if (id === undefined || id === null) throw new ProviderError(PROVIDER, 'provider_error', 'Zendesk created a ticket but did not return its id');
      return {
        id: String(id),
        status: typeof json?.ticket?.status === 'string' ? json.ticket.status : null,
        url: typeof json?.ticket?.url === 'string' ? json.ticket.url : null,
      };
    },
  };
}
export type ZendeskClient = ReturnType<typeof createZendeskClient>;
