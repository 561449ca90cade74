import { AgentVersion } from '../src/modules/agents/agents.entity.js';
import { defaultEngineSettings } from '../src/modules/engine/engine-settings.js';
import { loadCallTools } from '../src/modules/engine/load-call-tools.js';
import type { ToolContext } from '../src/modules/engine/tools.js';
import type { ConfirmedToolOutcome, PermissionRequestInput } from '../workflows/permission-request/messages.js';
import type { ActivityDeps } from './index.js';

/** The permissionRequest workflow's activity. */
export function createPermissionActivities({ orm, engineSettings }: ActivityDeps) {
  return {
    /**
     * Runs the tool the caller confirmed, with exactly the arguments read
     * back, as the engine would have (same tool set, same context). Called
     * once per request (preset confirmedAction: one attempt). A tool that
     * is gone (the version changed, the HTTP tool was deleted) or fails is a
     * failed outcome, not an error, so the workflow records it.
     */
    async runConfirmedTool(input: PermissionRequestInput): Promise<ConfirmedToolOutcome> {
      const em = orm.em.fork();
      const version = await em.findOne(AgentVersion, { id: input.versionId, agent: input.agentId });
      if (!version)
        return {
          status: 'failed',
          result: { error: 'unknown_tool', message: `Agent version ${input.versionId} no longer exists: ${input.toolName} did not run` },
        };
      const context: ToolContext = {
        organizationId: input.organizationId,
        projectId: input.projectId,
        agentId: input.agentId,
        versionId: input.versionId,
        sessionId: input.sessionId,
        direction: input.direction,
        caller: input.caller,
        config: version.config,
        em,
        toolCallId: input.toolCallId,
      };
      const tools = await loadCallTools(em, context, engineSettings ?? defaultEngineSettings());
      const tool = tools.find((candidate) => candidate.name === input.toolName && candidate.permission !== 'block');
      if (!tool)
        return { status: 'failed', result: { error: 'unknown_tool', message: `${input.toolName} is no longer one of the agent's tools: it did not run` } };
      try {
        const outcome = await tool.invoke(input.arguments, context);
        // Through JSON: what the workflow records is exactly what the engine gets.
        return JSON.parse(JSON.stringify(outcome)) as ConfirmedToolOutcome;
      } catch (error) {
        return { status: 'failed', result: { error: 'tool_failed', message: (error as Error)?.message ?? String(error) } };
      }
    },
  };
}
