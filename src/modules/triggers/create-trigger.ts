import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { actorOf, findAgent } from '../agents/agent-access.js';
import { encryptSecret } from '../secrets/secret-box.js';
import { AgentTrigger } from './triggers.entity.js';
import { CreateTriggerBody, type TriggerView } from './triggers.schemas.js';
import { toTriggerView } from './trigger-access.js';
import { newSigningSecret, type TriggerSettings } from './trigger-settings.js';
import { secretContext, checkTargetUrl } from './trigger-targets.js';

/** Creates a trigger; the signing secret is returned here and never again. */
export const createTrigger = operation(
  { needs: 'triggers:manage', input: CreateTriggerBody },
  async (
    em: Em,
    principal: Principal,
    input: z.output<typeof CreateTriggerBody>,
    settings: TriggerSettings,
  ): Promise<{ trigger: TriggerView; signing_secret: string }> => {
    checkTargetUrl(input.url, 'url', settings);
    const agent = await findAgent(em, principal, input.agent_id);
    const secret = newSigningSecret();
    const trigger = em.create(AgentTrigger, {
      id: newId('agentTrigger'),
      organization: agent.organization,
      project: agent.project,
      agent: agent.id,
      name: input.name ?? null,
      eventKinds: [...new Set(input.event_kinds)],
      url: input.url,
      secretEncrypted: '',
      enabled: true,
      disabledReason: null,
      retryScheduleMs: input.retry_schedule_ms ?? null,
      createdBy: actorOf(principal),
    });
    trigger.secretEncrypted = encryptSecret(settings.encryptionKey, secret, secretContext(trigger));
    await em.flush();
    return { trigger: toTriggerView(trigger, settings.retryScheduleMs), signing_secret: secret };
  },
);
