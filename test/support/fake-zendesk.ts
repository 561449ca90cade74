import { startWireServer, type WireReply, type WireRequest, type WireServer } from './wire-server.js';

/**
 * Zendesk's Support API v2 as far as the platform uses it, on 127.0.0.1:
 * Basic auth `{email}/token:{api_token}`; GET users/me.json; POST
 * tickets.json ({ticket: {subject, comment: {body}, requester, priority}})
 * honouring `Idempotency-Key` (the same key and body return the first
 * ticket; the same key with another body is refused); errors as
 * {error, description, details}. Every request is recorded.
 */
export const ZENDESK_EMAIL = 'bot@acme.example';
export const ZENDESK_TOKEN = 'zd-api-token-6wiIBWbGkBMo1mRDMuVwkw1EPsNkeUj95PIz2akv';

export interface FakeZendesk extends WireServer {
  tickets: Record<string, unknown>[];
}

const PRIORITIES = ['low', 'normal', 'high', 'urgent'];

export async function startFakeZendesk(): Promise<FakeZendesk> {
  const tickets: Record<string, unknown>[] = [];
  const byKey = new Map<string, { raw: string; ticket: Record<string, unknown> }>();
  const expected = `Basic ${Buffer.from(`${ZENDESK_EMAIL}/token:${ZENDESK_TOKEN}`).toString('base64')}`;
  const handle = (req: WireRequest): WireReply => {
    if (req.headers.authorization !== expected) return { status: 401, body: { error: "Couldn't authenticate you" } };
    if (req.method === 'GET' && req.path === '/api/v2/users/me.json') {
      return { status: 200, body: { user: { id: 9001, name: 'Support Bot', email: ZENDESK_EMAIL, role: 'agent' } } };
    }
    if (req.method === 'POST' && req.path === '/api/v2/tickets.json') {
      const key = req.headers['idempotency-key'] as string | undefined;
      const previous = key ? byKey.get(key) : undefined;
      if (previous && previous.raw !== req.raw) {
        return {
          status: 400,
          body: { error: 'IdempotentRequestError', description: 'The request body does not match the original request for this Idempotency-Key' },
        };
      }
      if (previous) return { status: 201, headers: { 'x-idempotency-lookup': 'hit' }, body: { ticket: previous.ticket } };
      const t = req.body?.ticket;
      const issues: Record<string, unknown[]> = {};
      if (!t?.comment?.body) issues.base = [{ description: 'Description: cannot be blank', error: 'BlankValue' }];
      if (t?.priority !== undefined && !PRIORITIES.includes(t.priority))
        issues.priority = [{ description: `Priority: ${t.priority} is not valid`, error: 'InvalidValue' }];
      if (Object.keys(issues).length) return { status: 422, body: { error: 'RecordInvalid', description: 'Record validation errors', details: issues } };
      const id = 35436 + tickets.length;
      const ticket = {
        id,
        url: `https://acme.zendesk.com/api/v2/tickets/${id}.json`,
        subject: t.subject,
        description: t.comment.body,
        priority: t.priority ?? null,
        status: 'new',
        requester_id: 20978392,
        external_id: t.external_id ?? null,
        tags: t.tags ?? [],
        requester: t.requester,
      };
      tickets.push(ticket);
      if (key) byKey.set(key, { raw: req.raw, ticket });
      return { status: 201, body: { ticket } };
    }
    return { status: 404, body: { error: 'InvalidEndpoint', description: 'Not found' } };
  };
  const server = await startWireServer(handle);
  const resetRequests = server.reset;
  return Object.assign(server, {
    tickets,
    reset() {
      resetRequests();
      tickets.length = 0;
      byKey.clear();
    },
  });
}
