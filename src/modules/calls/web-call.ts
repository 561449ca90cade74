import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql, type Em } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { resolveUserPrincipal } from '../people/resolve-principal.js';
import { Agent } from '../agents/agents.entity.js';
import { streamBaseUrl } from '../telephony/carriers/stream-url.js';

/**
 * A call from the browser (issue 15): the dashboard's "Talk to this agent"
 * streams the microphone over a WebSocket to the media runtime, which runs the
 * agent on it as on a phone call (direction `web`). The page asks the API for
 * a stream address for one agent; the address carries a token the media
 * runtime verifies with the platform's key (it knows no dashboard session):
 * the organization, the agent, the person, a nonce and a 30-second expiry to
 * open it. The grant opens one call (decision 0055): its nonce is claimed in
 * PostgreSQL when the stream opens, and the person's membership and the agent
 * are read again then, so a grant copied, replayed or outliving its holder's
 * membership opens nothing.
 */
export const WEB_STREAM_PATH = /^\/carriers\/web\/stream\/([A-Za-z0-9_-]{1,400}\.[A-Za-z0-9_-]{43})$/;
const TOKEN_TTL_MS = 30_000;
/** How long a claimed nonce is kept after its grant expired (clocks of the API and media hosts may differ a little). */
const CLAIM_KEPT_AFTER_EXPIRY_S = 300;

export interface WebCallGrant {
  organizationId: string;
  projectId: string;
  agentId: string;
  userId: string;
  email: string;
  /** Expiry, ms since the epoch. */
  exp: number;
  /** Random, claimed once when the stream opens. */
  nonce: string;
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(`web-call:${payload}`).digest('base64url');

/** The stream address for a browser call to `agentId`: the person needs tests:run and the agent a published version. */
export async function openWebCall(
  em: Em,
  principal: Principal,
  agentId: string,
  who: { userId: string; email: string },
  settings: { encryptionKey: Buffer; publicUrl: string },
): Promise<{ stream_url: string; agent_id: string; expires_at: string }> {
  requirePermission(principal, 'tests:run');
  const agent = await em.findOne(Agent, { id: agentId, organization: principal.organizationId });
  if (!agent || (principal.projectId && agent.project !== principal.projectId)) {
    throw new DomainError('NOT_FOUND', `Agent ${agentId} was not found`, { resource: 'Agent', id: agentId });
  }
  if (!agent.liveVersionId) throw new DomainError('CONFLICT', `Agent ${agent.name} has no published version to talk to: publish it first`);
  const grant: WebCallGrant = {
    organizationId: principal.organizationId,
    projectId: agent.project,
    agentId,
    userId: who.userId,
    email: who.email,
    exp: Date.now() + TOKEN_TTL_MS,
    nonce: randomBytes(16).toString('base64url'),
  };
  const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
  return {
    stream_url: `${streamBaseUrl(settings.publicUrl)}/carriers/web/stream/${payload}.${sign(settings.encryptionKey, payload)}`,
    agent_id: agentId,
    expires_at: new Date(grant.exp).toISOString(),
  };
}

/** The grant a stream address carries, when its signature holds and it has not expired; else null. */
export function verifyWebCall(key: Buffer, token: string, now = Date.now()): WebCallGrant | null {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString()) as WebCallGrant;
    const fields = [grant.organizationId, grant.agentId, grant.userId, grant.nonce];
    return typeof grant.exp === 'number' && grant.exp > now && fields.every((f) => typeof f === 'string' && f.length > 0 && f.length <= 60) ? grant : null;
  } catch {
    return null;
  }
}

/** Why a grant with a good signature opens no call: the HTTP status the upgrade is answered with, and the reason logged. */
export interface WebCallRefusal {
  status: 403 | 404;
  reason: string;
}

/**
 * Whether a verified grant may open its call now: the person is still a
 * member of the organization allowed to run tests, the agent is still there
 * (not archived) with a published version, and the grant was not used
 * before. The nonce is claimed last, in one insert, so of several opens of one
 * grant at once, on any media processes, exactly one gets the agent; claimed
 * nonces whose grants expired a while ago are deleted on the way.
 */
export async function admitWebCall(em: Em, grant: WebCallGrant): Promise<{ agent: Agent } | WebCallRefusal> {
  let permissions: Principal['permissions'];
  try {
    ({ permissions } = await resolveUserPrincipal(em, { userId: grant.userId, organizationId: grant.organizationId, via: 'dashboard' }));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { status: 403, reason: 'the person is no longer a member of the organization' };
  }
  if (!permissions.has('tests:run')) return { status: 403, reason: 'the person may no longer talk to agents' };
  const agent = await em.findOne(Agent, { id: grant.agentId, organization: grant.organizationId, archivedAt: null });
  if (!agent?.liveVersionId) return { status: 404, reason: 'the agent is gone or has no published version' };
  await sql(em, `delete from web_call_grant where expires_at < now() - make_interval(secs => ?)`, [CLAIM_KEPT_AFTER_EXPIRY_S]);
  const claimed = await sql(em, 'insert into web_call_grant (nonce, expires_at) values (?, ?) on conflict (nonce) do nothing returning nonce', [
    grant.nonce,
    new Date(grant.exp),
  ]);
  if (!claimed.length) return { status: 403, reason: 'the grant was used already' };
  return { agent };
}
