import type { Route } from '../route.js';
import { callRoutes } from './calls.routes.js';
import { orgRoutes } from './org.routes.js';
import { analyticsRoutes } from './analytics.routes.js';
import { billingRoutes } from './billing.routes.js';
import { peopleRoutes } from './people.routes.js';
import { agentRoutes } from './agents.routes.js';
import { engineRoutes } from './engine.routes.js';
import { qualityRoutes } from './quality.routes.js';
import { releaseRoutes } from './releases.routes.js';
import { telephonyRoutes } from './telephony.routes.js';
import { triggerRoutes } from './triggers.routes.js';
import { outboundRoutes } from './outbound.routes.js';
import { toolsRoutes } from './tools.routes.js';
import { knowledgeRoutes } from './knowledge.routes.js';
import { campaignRoutes } from './campaigns.routes.js';
import { mcpServerRoutes } from './mcp-servers.routes.js';
import { integrationRoutes } from './integrations.routes.js';
import { voiceRoutes } from './voices.routes.js';
import { speechRoutes } from './speech.routes.js';

/** Every authenticated /v1 route, in the order the API reference lists them. */
export const v1Routes: Route[] = [
  ...callRoutes,
  ...analyticsRoutes,
  ...billingRoutes,
  ...orgRoutes,
  ...peopleRoutes,
  ...agentRoutes,
  ...engineRoutes,
  ...qualityRoutes,
  ...releaseRoutes,
  ...outboundRoutes,
  ...triggerRoutes,
  ...telephonyRoutes,
  ...voiceRoutes,
  ...speechRoutes,
  ...toolsRoutes,
  ...knowledgeRoutes,
  ...campaignRoutes,
  ...mcpServerRoutes,
  ...integrationRoutes,
];
