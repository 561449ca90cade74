import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { notFound } from '../errors.js';
import { COST_COMPONENTS, Organization } from '../org/org.entity.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { findAgent } from './agent-access.js';
import { EstimateAgentBody, type EstimateView } from './agents.schemas.js';

/**
 * Prices an agent before launch from the organization's price list: an
 * agent's own leg pays every component per minute (as modules/calls/pricing.ts
 * prices real calls), so the per-minute cost is their sum, and a month is
 * calls × minutes × that. Each component's monthly amount is rounded to whole
 * micros once and the total is their sum, so the breakdown adds up.
 *
 * Limits: transfer legs (telephony and platform only) and any per-call fees
 * are not estimated; the agent's configuration does not change the price today.
 */
export const estimateAgent = operation(
  { needs: 'agents:read', input: EstimateAgentBody },
  async (em: Em, principal: Principal, body: z.output<typeof EstimateAgentBody>): Promise<EstimateView> => {
    if (body.agent_id !== undefined) await findAgent(em, principal, body.agent_id, { archived: 'allow' });
    const organization = await em.findOne(Organization, { id: principal.organizationId });
    if (!organization) throw notFound('Organization', principal.organizationId);
    const prices = organization.priceList;
    const minutes = body.calls_per_month * body.average_minutes;
    const components = COST_COMPONENTS.map((component) => {
      const perMinute = prices.perMinuteMicros[component] ?? 0;
      return { component, per_minute_micros: perMinute, monthly_micros: Math.round(minutes * perMinute) };
    });
    const perMinute = components.reduce((sum, c) => sum + c.per_minute_micros, 0);
    return {
      agent_id: body.agent_id ?? null,
      currency: prices.currency,
      calls_per_month: body.calls_per_month,
      average_minutes: body.average_minutes,
      per_minute_micros: perMinute,
      per_call_micros: Math.round(body.average_minutes * perMinute),
      monthly_micros: components.reduce((sum, c) => sum + c.monthly_micros, 0),
      components,
    };
  },
);
