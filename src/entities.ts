import { orgEntities } from './modules/org/org.entity.js';
import { callsEntities } from './modules/calls/calls.entity.js';
import { peopleEntities } from './modules/people/people.entity.js';
import { AuditEvent } from './modules/audit/audit.entity.js';
import { agentsEntities } from './modules/agents/agents.entity.js';
import { engineEntities } from './modules/engine/engine.entity.js';
import { OAuthModel, OAuthSigningKey } from './oauth/oauth.entity.js';
import { OAuthConnection } from './oauth/connections/connection.entity.js';
import { qualityEntities } from './modules/quality/quality.entity.js';
import { releasesEntities } from './modules/releases/releases.entity.js';
import { telephonyEntities } from './modules/telephony/telephony.entity.js';
import { outboundEntities } from './modules/outbound/outbound.entity.js';
import { triggersEntities } from './modules/triggers/triggers.entity.js';
import { campaignsEntities } from './modules/campaigns/campaigns.entity.js';
import { toolsEntities } from './modules/tools/tools.entity.js';
import { knowledgeEntities } from './modules/knowledge/knowledge.entity.js';
import { mcpServersEntities } from './modules/mcp-servers/mcp-servers.entity.js';
import { integrationsEntities } from './modules/integrations/integrations.entity.js';
import { voicesEntities } from './modules/voices/voices.entity.js';
import { speechEntities } from './modules/speech/speech.entity.js';

/**
 * Every entity of the platform (the domain's and the OAuth server's), handed to initOrm by each process that opens
 * the database: db/ knows no entity itself.
 */
export const entities = [
  ...orgEntities,
  ...callsEntities,
  ...peopleEntities,
  AuditEvent,
  OAuthModel,
  OAuthSigningKey,
  OAuthConnection,
  ...agentsEntities,
  ...engineEntities,
  ...qualityEntities,
  ...releasesEntities,
  ...telephonyEntities,
  ...outboundEntities,
  ...triggersEntities,
  ...toolsEntities,
  ...knowledgeEntities,
  ...campaignsEntities,
  ...mcpServersEntities,
  ...voicesEntities,
  ...integrationsEntities,
  ...speechEntities,
];
