import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { Agent } from '../agents/agents.entity.js';
import { streamBaseUrl } from '../telephony/twiml.js';

/**
 * A call from the browser (issue 15): the dashboard's "Talk to this agent"
 * streams the microphone over a WebSocket to the media runtime, which runs the
 * agent on it as on a phone call (direction `web`). The page asks the API for
 * a stream address for one agent; the address carries a token the media
 * runtime verifies with the platform's key (it knows no dashboard session):
 * the organization, the agent, the person, and a two-minute expiry to open it.
 */
export const WEB_STREAM_PATH = /^\/carriers\/web\/stream\/([A-Za-z0-9_-]{1,400}\.[A-Za-z0-9_-]{43})$/;
const TOKEN_TTL_MS = 120_000;

export interface WebCallGrant {
  organizationId: string;
  projectId: string;
  agentId: string;
  userId: string;
  email: string;
  /** Expiry, ms since the epoch. */
  exp: number;
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
    return typeof grant.exp === 'number' && grant.exp > now && typeof grant.agentId === 'string' ? grant : null;
  } catch {
    return null;
  }
}
