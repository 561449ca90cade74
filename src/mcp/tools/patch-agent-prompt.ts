import { PromptChangeResult } from '../../modules/agents/agents.schemas.js';
import { patchAgentPrompt as patch } from '../../modules/agents/patch-agent-prompt.js';
import { defineTool } from '../tool.js';

export const patchAgentPrompt = defineTool({
  name: 'patch_agent_prompt',
  title: 'Patch an agent prompt',
  description:
    'Applies anchored edits to a long prompt without resending it: each edit finds an exact anchor text (which must ' +
    'occur once, or name its occurrence) and replaces it or inserts before or after it. expectedHash is the SHA-256 ' +
    '(hex) of the prompt you last read; if the prompt changed since, nothing is applied and the current hash comes ' +
    'back with what changed. The edit is recorded as a prompt revision.',
  operation: patch,
  input: {},
  output: PromptChangeResult,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: (input, { em, principal }) => patch(em, principal, input),
});
