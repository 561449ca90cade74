import { requirePermission, type Principal } from '../org/permissions.js';
import type { IntegrationInfo } from './integrations.schemas.js';
import { INTEGRATIONS } from './catalogue.js';

/** The catalogue: what can be connected, the fields each needs, the agent tools each gives. Readable by every role. */
export function getIntegrationInfo(principal: Principal): IntegrationInfo[] {
  requirePermission(principal, 'org:read');
  return INTEGRATIONS;
}
