import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { toInt } from '../../db/values.js';
import { DomainError, notFound } from '../errors.js';
import type { RecordingStore } from './recording-store.js';

/**
 * Signed recording links: HMAC-SHA256 over recording id, organization id,
 * expiry and a random nonce, so a link opens one recording of one
 * organization until it expires and nothing else. Spec 2.5 and 8: a new link
 * on every request, each valid one hour. The expiry has whole seconds, so two
 * requests in one second would sign the same text: the nonce (128 random
 * bits, in the link as `nonce`) makes every link distinct, and each stays
 * valid on its own until its expiry (nothing is stored per link).
 */
export const RECORDING_LINK_TTL_SECONDS = 3600;

function sign(secret: string, recordingId: string, organizationId: string, expires: number, nonce: string | undefined): string {
  // Links issued before the nonce (within their hour at a deploy) were signed without it, and still open.
  const text = nonce === undefined ? `${recordingId}.${organizationId}.${expires}` : `${recordingId}.${organizationId}.${expires}.${nonce}`;
  return createHmac('sha256', secret).update(text).digest('base64url');
}

/** A new signed link to a session's recording. Another project's session reads as not found when `projectId` is given. */
export async function createRecordingLink(
  em: Em,
  options: { secret: string; baseUrl: string; now?: number },
  organizationId: string,
  sessionId: string,
  projectId?: string,
) {
  const [session] = await sql<{ id: string; recording_id: string | null; content_type: string | null; duration_seconds: unknown }>(
    em,
    `select s.id, r.id as recording_id, r.content_type, r.duration_seconds
       from call_session s left join recording r on r.session_id = s.id
      where s.id = ? and s.organization_id = ?${projectId === undefined ? '' : ' and s.project_id = ?'}`,
    projectId === undefined ? [sessionId, organizationId] : [sessionId, organizationId, projectId],
  );
  if (!session) throw notFound('Call session', sessionId);
  if (session.recording_id === null) {
    throw new DomainError('NOT_FOUND', `Call session ${sessionId} has no recording`, { resource: 'Recording' });
  }
  const expires = Math.floor((options.now ?? Date.now()) / 1000) + RECORDING_LINK_TTL_SECONDS;
  const recordingId = session.recording_id;
  const nonce = randomBytes(16).toString('base64url');
  const signature = sign(options.secret, recordingId, organizationId, expires, nonce);
  const url = `${options.baseUrl}/recordings/${recordingId}/audio?org=${organizationId}&expires=${expires}&nonce=${nonce}&signature=${signature}`;
  return {
    recording_id: recordingId,
    url,
    expires_at: new Date(expires * 1000).toISOString(),
    expires_in: RECORDING_LINK_TTL_SECONDS,
    content_type: session.content_type as string,
    duration_seconds: toInt(session.duration_seconds),
  };
}

/** Checks a link's signature and expiry, then opens the audio. 403 for a tampered or expired link. */
export async function openSignedRecording(
  em: Em,
  store: RecordingStore,
  secret: string,
  link: { recordingId: string; org?: string; expires?: string; nonce?: string; signature?: string },
  now = Date.now(),
) {
  const invalid = () => new DomainError('LINK_INVALID', 'This recording link is not valid');
  if (!link.org || !link.expires || !link.signature || !/^\d{1,12}$/.test(link.expires)) throw invalid();
  if (link.nonce !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(link.nonce)) throw invalid();
  const expires = Number(link.expires);
  const expected = Buffer.from(sign(secret, link.recordingId, link.org, expires, link.nonce));
  const given = Buffer.from(link.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  if (expires * 1000 < now) throw new DomainError('LINK_EXPIRED', 'This recording link has expired: request a new one');
  const [row] = await sql(em, 'select storage_key, content_type from recording where id = ? and organization_id = ?', [link.recordingId, link.org]);
  if (!row) throw notFound('Recording', link.recordingId);
  const file = await store.open(row.storage_key as string);
  if (!file) throw new DomainError('NOT_FOUND', 'The audio of this recording is no longer stored');
  return { ...file, contentType: row.content_type as string };
}
