import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { WebhookEvent } from './triggers.entity.js';
import { ReplayBody, type TriggerRunView } from './triggers.schemas.js';
import { findTrigger, toRunView } from './trigger-access.js';
import { checkTargetUrl } from './trigger-targets.js';
import type { TriggerSettings } from './trigger-settings.js';
import { newRuns } from './new-trigger-runs.js';

/** A replay sends at most this many events; a wider range is refused (narrow it, or replay it in parts). */
export const MAX_REPLAY_EVENTS = 1000;

/**
 * Sends again every event of the trigger's agent and kinds created in
 * [from, to], oldest first, as new runs: to the trigger's URL or to `url`
 * (checked like a trigger's, and signed with the trigger's secret). With an
 * Idempotency-Key, events the key already replayed return their earlier runs.
 */
export const replayTriggerEvents = operation(
  { needs: 'triggers:manage', input: ReplayBody },
  async (
    em: Em,
    principal: Principal,
    triggerId: string,
    input: z.output<typeof ReplayBody>,
    settings: TriggerSettings,
    idempotencyKey?: string,
  ): Promise<TriggerRunView[]> => {
    if (input.url) checkTargetUrl(input.url, 'url', settings);
    const trigger = await findTrigger(em, principal, triggerId);
    const events = await em.find(
      WebhookEvent,
      {
        organization: trigger.organization,
        agent: trigger.agent,
        type: { $in: trigger.eventKinds },
        createdAt: { $gte: input.from_time, $lte: input.to_time },
      },
      { orderBy: { id: 'asc' }, limit: MAX_REPLAY_EVENTS + 1, fields: ['id', 'type'] },
    );
    if (events.length > MAX_REPLAY_EVENTS) {
      throw new DomainError('VALIDATION_FAILED', `The range holds more than ${MAX_REPLAY_EVENTS} events: replay a narrower range`, {
        issues: [{ field: 'to_time', message: `the range must hold at most ${MAX_REPLAY_EVENTS} events` }],
      });
    }
    const runs = await newRuns(
      em,
      trigger,
      events.map((e) => e.id),
      'replay',
      input.url ?? null,
      idempotencyKey,
    );
    const types = new Map(events.map((e) => [e.id, e]));
    return runs.map((run) => toRunView(run, trigger, types.get(run.event)!));
  },
);
