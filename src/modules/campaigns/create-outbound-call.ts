import type { z } from 'zod';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError, notFound, validationFailed } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { actorOf, findAgent } from '../agents/agent-access.js';
import { routeCall } from '../agents/route-call.js';
import { Contact } from '../outbound/outbound.entity.js';
import { checkDefaultCountry, normalizePhone } from '../phone.js';
import { PhoneNumber } from '../telephony/telephony.entity.js';
import { startWorkflowOrClose, type TemporalAccess } from '../temporal-access.js';
import { workflowIds } from '../../../workflows/workflow-ids.js';
import type { OutboundCallInput, OutboundCallOutcome } from '../../../workflows/outbound-call/messages.js';
import { OutboundCall } from './campaigns.entity.js';
import { CreateOutboundCallBody, DEFAULT_CUSTOMER_SCRIPT, type OutboundCallView } from './campaigns.schemas.js';
import { toOutboundCallView } from './outbound-call-views.js';

/**
 * Records an outbound call (status queued) and starts the outboundCall
 * workflow `call/<session id>`; answers at once. Everything that can be
 * refused is checked here first (agent, from number owned by the
 * organization, callee number valid), so a bad request is a 4xx and never a
 * failed workflow. The do-not-call check is not done here: it belongs to the
 * workflow, immediately before the dial, and a blocked call is recorded
 * (status dnc_blocked) rather than refused, so the attempt is on record.
 *
 * Idempotency: the same `idempotency_key` returns the call it created, and
 * starts its workflow if an earlier attempt stopped before that (the
 * workflow id is the call's, so it never starts twice).
 */
export const createOutboundCall = operation(
  { needs: 'outbound:call', input: CreateOutboundCallBody },
  async (em: Em, principal: Principal, body: z.output<typeof CreateOutboundCallBody>, temporal: TemporalAccess): Promise<OutboundCallView> => {
    if ((body.to_number === undefined) === (body.contact_id === undefined)) {
      throw validationFailed([{ field: 'to_number', message: 'send exactly one of to_number and contact_id' }]);
    }
    const existing = body.idempotency_key ? await byKey(em, principal, body.idempotency_key) : null;
    if (existing) return resume(em, existing, temporal);

    const country = checkDefaultCountry(body.default_country, 'default_country');
    const from = normalizePhone(body.from_number, 'from_number').e164;
    const owned = await em.findOne(PhoneNumber, { number: from, organization: principal.organizationId });
    if (!owned) {
      throw new DomainError('UNPROCESSABLE', `${from} is not one of the organization's phone numbers: buy or import it first`, {
        issues: [{ field: 'from_number', message: 'not a number of this organization' }],
      });
    }
    let to: string;
    let contactId: string | null = null;
    if (body.contact_id !== undefined) {
      const contact = await em.findOne(Contact, { id: body.contact_id, organization: principal.organizationId });
      if (!contact) throw notFound('Contact', body.contact_id);
      if (!contact.phone) {
        throw new DomainError('UNPROCESSABLE', `Contact ${contact.id} has no phone number`, {
          issues: [{ field: 'contact_id', message: 'the contact has no phone' }],
        });
      }
      to = contact.phone;
      contactId = contact.id;
    } else {
      to = normalizePhone(body.to_number!, 'to_number', country).e164;
      // A number the organization has a contact for is that contact's call (contact phones are stored in E.164 too).
      contactId = (await em.findOne(Contact, { organization: principal.organizationId, phone: to }))?.id ?? null;
    }
    const agent = await findAgent(em, principal, body.agent_id);
    const versionId = routeCall(agent, to);

    const sessionId = newId('session');
    const call = em.create(OutboundCall, {
      id: newId('outboundCall'),
      organization: agent.organization,
      project: agent.project,
      agent: agent.id,
      versionId,
      sessionId,
      dialKey: workflowIds.outboundCall(sessionId),
      campaignId: null,
      fromNumber: from,
      toNumber: to,
      contactId,
      connectionId: owned.connection ?? null,
      variables: body.variables ?? {},
      customerScript: body.customer_script ?? DEFAULT_CUSTOMER_SCRIPT,
      status: 'queued',
      callLogId: null,
      endReason: null,
      error: null,
      idempotencyKey: body.idempotency_key ?? null,
      createdBy: actorOf(principal),
    });
    recordAudit(em, principal, {
      action: 'outbound_call.create',
      targetType: 'outbound_call',
      targetId: call.id,
      projectId: agent.project,
      data: { agent_id: agent.id, from, to, contact_id: contactId },
    });
    try {
      await em.flush();
    } catch (error) {
      // Two requests with one key at once: the loser answers with the winner's call.
      if (error instanceof UniqueConstraintViolationException && body.idempotency_key) {
        const winner = await byKey(em.fork(), principal, body.idempotency_key);
        if (winner) return resume(em.fork(), winner, temporal);
      }
      throw error;
    }
    await startWorkflow(em, call, temporal);
    return toOutboundCallView(call);
  },
);

async function byKey(em: Em, principal: Principal, key: string): Promise<OutboundCall | null> {
  return em.findOne(OutboundCall, { organization: principal.organizationId, idempotencyKey: key });
}

async function resume(em: Em, call: OutboundCall, temporal: TemporalAccess): Promise<OutboundCallView> {
  if (call.status === 'queued') await startWorkflow(em, call, temporal);
  return toOutboundCallView(call);
}

/** Starts `call/<session id>`. Already started is success (a retry); any other failure closes the call as failed. */
async function startWorkflow(em: Em, call: OutboundCall, temporal: TemporalAccess): Promise<void> {
  await startWorkflowOrClose<(input: OutboundCallInput) => Promise<OutboundCallOutcome>>(
    temporal,
    'outboundCall',
    workflowIds.outboundCall(call.sessionId),
    [{ outboundCallId: call.id }],
    {
      noun: 'call',
      details: { outbound_call_id: call.id },
      close: (error) => em.nativeUpdate(OutboundCall, { id: call.id, status: 'queued' }, { status: 'failed', error }),
    },
  );
}
