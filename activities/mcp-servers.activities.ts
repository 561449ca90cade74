import { syncMcpTools } from '../src/modules/mcp-servers/sync-mcp-tools.js';
import { defaultEngineSettings } from '../src/modules/engine/engine-settings.js';
import type { ActivityDeps } from './index.js';
import { permanentOnDomainError } from './failures.js';

/** The mcpToolSync workflow's activity: a closure over the ORM, on its own fork. */
export function createMcpServerActivities({ orm, engineSettings }: ActivityDeps) {
  return {
    /** A server deleted before the sync ran is a permanent NOT_FOUND; unreachable servers come back as results. */
    syncMcpServerTools: (mcpServerId: string) =>
      permanentOnDomainError(() => syncMcpTools(orm.em.fork(), mcpServerId, engineSettings ?? defaultEngineSettings())),
  };
}
