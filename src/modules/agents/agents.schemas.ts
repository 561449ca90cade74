import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../calls/calls.schemas.js';
import { BUILTIN_ALIASES } from '../engine/tools.js';
import { pageFields } from '../paging.js';

extendZodWithOpenApi(z);

/**
 * One schema per payload (zod is the single source of REST validation, the
 * OpenAPI document and MCP input schemas). Config fields are
 * declared once without defaults (`fields`), so the update body can make them
 * optional without zod filling in defaults the caller never sent.
 */

/** 200 KB of UTF-8: long prompts are the point of anchored patches, but a version row must stay bounded. */
export const PROMPT_MAX_BYTES = 200 * 1024;

/** True when `value` is plain JSON (what jsonb stores and the content hash covers). */
function isPlainJson(value: unknown, depth = 0): boolean {
  if (depth > 32) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((v) => isPlainJson(v, depth + 1));
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    return (proto === Object.prototype || proto === null) && Object.values(value).every((v) => isPlainJson(v, depth + 1));
  }
  return false;
}
// z.json() recurses forever in the OpenAPI generator; an opaque value with a JSON check documents as "any".
const JsonValue = z.unknown().refine((v) => v !== undefined && isPlainJson(v), 'must be a JSON value (at most 32 levels deep)');

export const PromptText = z
  .string()
  // Characters never outnumber UTF-8 bytes: past this the byte check need not run (and name the field twice).
  .max(PROMPT_MAX_BYTES, { abort: true })
  .refine((s) => Buffer.byteLength(s, 'utf8') <= PROMPT_MAX_BYTES, `must be at most ${PROMPT_MAX_BYTES} bytes of UTF-8`)
  .describe(`The system prompt: the agent's instructions, up to ${PROMPT_MAX_BYTES} bytes. Edit long prompts with patch_agent_prompt.`);

export const AgentVoice = z
  .object({
    provider: z.string().trim().min(1).max(40).describe('Text-to-speech provider, e.g. platform, elevenlabs, azure.'),
    voice_id: z.string().trim().min(1).max(200).describe("The provider's voice id (see list_voices)."),
  })
  .strict()
  .describe('The voice the agent speaks with.')
  .openapi('AgentVoice');

/**
 * The simulated model's rules (modules/engine/simulated-model.ts): the first
 * rule whose `when` matches the customer's last words acts; a rule without
 * `when` matches anything, so a last one without it is the default reply.
 * Only the structure is checked here; whether a variable or destination a
 * rule names exists is checked when the call runs (a merge may change the
 * variables without touching the rules), and a miss shows as a failed tool call.
 */
const RulePhrase = z.string().trim().min(1).max(200);
const RuleRegex = z
  .object({
    regex: z.string().min(1).max(500).describe("A JavaScript regular expression, matched against the customer's last words."),
    flags: z
      .string()
      .regex(/^[imsu]*$/, 'only the flags i, m, s and u')
      .optional()
      .describe('Regex flags; default i (case-insensitive).'),
  })
  .strict()
  .superRefine((value, ctx) => {
    try {
      new RegExp(value.regex, value.flags ?? 'i');
    } catch (error) {
      ctx.addIssue({ code: 'custom', path: ['regex'], message: `is not a valid regular expression: ${(error as Error).message}` });
    }
  });
export const SimulatedRule = z
  .object({
    when: z
      .union([RulePhrase, z.array(RulePhrase).min(1).max(50), RuleRegex])
      .optional()
      .describe(
        'A phrase (matched case-insensitively as whole words), a list of phrases (any of them), or {regex, flags}. Absent: matches every turn (a default reply).',
      ),
    say: z.string().max(2000).optional().describe('What the agent replies.'),
    call_tool: z
      .object({
        name: z.string().min(1).max(64).describe('A tool of the agent.'),
        arguments: z.record(z.string(), JsonValue).default({}).describe('The arguments the simulated model passes.'),
      })
      .strict()
      .optional()
      .describe('A tool call the simulated model makes.'),
    set_variable: z
      .object({
        key: z.string().min(1).max(64).describe("One of the agent's variables."),
        value: z.string().max(500).optional().describe('A fixed value.'),
        group: z
          .union([z.number().int().min(0).max(99), z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/)])
          .optional()
          .describe('Or: the regex group (number or name) of `when` whose match is the value.'),
      })
      .strict()
      .optional()
      .describe('Records a variable (through the record_variable tool).'),
    transfer_to: z.string().trim().min(1).max(100).optional().describe('A destination name: transfers the call (transfer_call tool).'),
    hangup: z.boolean().optional().describe('Ends the call after the reply (end_call tool).'),
  })
  .strict()
  .superRefine((rule, ctx) => {
    if (rule.say === undefined && !rule.call_tool && !rule.set_variable && rule.transfer_to === undefined && !rule.hangup) {
      ctx.addIssue({ code: 'custom', path: [], message: 'a rule needs at least one of say, call_tool, set_variable, transfer_to, hangup' });
    }
    const variable = rule.set_variable;
    if (variable && (variable.value === undefined) === (variable.group === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['set_variable'], message: 'give exactly one of value and group' });
    }
    const isRegex = typeof rule.when === 'object' && !Array.isArray(rule.when);
    if (variable?.group !== undefined && !isRegex) {
      ctx.addIssue({ code: 'custom', path: ['set_variable', 'group'], message: 'needs a `when` with a regex' });
    }
  })
  .openapi('SimulatedRule');
export type SimulatedRule = z.output<typeof SimulatedRule>;
export const SimulatedRules = z.array(SimulatedRule).max(200);

export const MODEL_PROVIDERS = ['simulated', 'openai-compatible'] as const;
export const AgentModel = z
  .object({
    provider: z.enum(MODEL_PROVIDERS).describe('simulated: deterministic rules, runs offline (tests); openai-compatible: a Chat Completions endpoint.'),
    name: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .describe('The model name sent to the provider ("default": the provider\'s default_model); any label for simulated.'),
    temperature: z.number().min(0).max(2).default(0).describe('Sampling temperature, 0 to 2; default 0.'),
    rules: SimulatedRules.optional().describe(
      "Rules of the simulated model, in order: the first whose `when` matches the customer's last words replies (say), " +
        'calls a tool, records a variable, transfers or hangs up. A rule without `when` is the default reply.',
    ),
    provider_id: z
      .string()
      .min(1)
      .max(60)
      .regex(/^[A-Za-z0-9_-]+$/, 'an id such as mpr_01J...')
      .optional()
      .describe("openai-compatible: the organization's model provider (mpr_..., base URL and API key). Default: its only one."),
  })
  .strict()
  .describe('The language model that drives the conversation.')
  .openapi('AgentModel');

export const TOOL_KINDS = ['builtin', 'http', 'mcp', 'integration'] as const;
export const TOOL_PERMISSIONS = ['allow', 'ask', 'block'] as const;
export const AgentTool = z
  .object({
    name: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'letters, digits, _ and -, starting with a letter, at most 64')
      .describe('Tool name the model calls; unique within the agent.'),
    kind: z.enum(TOOL_KINDS).describe('builtin (end_call, transfer, record_variable), http, mcp or integration.'),
    permission: z.enum(TOOL_PERMISSIONS).default('allow').describe('allow: runs when needed; ask: the caller confirms first; block: never shown to the model.'),
    config: z.record(z.string(), JsonValue).default({}).describe('Settings of the tool, read by its kind (e.g. the MCP server id, the HTTP operation).'),
    committing: z
      .boolean()
      .optional()
      .describe(
        'Whether calling the tool commits something for the caller (a booking, a payment, a cancellation): on a live call it then runs only after a turn heard with at least repair.commit_confidence, else the model is told to ask the caller to confirm. end_call, transfer_call and add_to_do_not_call always commit; default false for other tools.',
      ),
  })
  .strict()
  .openapi('AgentTool');

export const AgentVariable = z
  .object({
    key: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'letters, digits and _, starting with a letter, at most 64')
      .describe('Variable name; unique within the agent.'),
    description: z.string().max(500).default('').describe('What the agent should collect, for the model to read.'),
  })
  .strict()
  .openapi('AgentVariable');

const ADDRESS = /^(\+[1-9]\d{6,14}|sips?:[^\s@]+@[^\s]+)$/;
export const AgentDestination = z
  .object({
    name: z.string().trim().min(1).max(100).describe('How the agent refers to it, e.g. "billing desk"; unique within the agent.'),
    // 200: a transfer leg records this address in call_leg.address (varchar 200).
    address: z.string().max(200).regex(ADDRESS, 'an E.164 number (+4930...) or a sip:/sips: URI').describe('Where a transfer goes.'),
  })
  .strict()
  .openapi('AgentDestination');

export const AgentEndCall = z
  .object({
    phrases: z.array(z.string().trim().min(1).max(200)).max(50).default([]).describe('Phrases after which the agent hangs up.'),
    max_duration_seconds: z
      .number()
      .int()
      .min(10)
      .max(4 * 3600)
      .default(1800)
      .describe('Hard limit of a call, 10 s to 4 h; default 30 min.'),
  })
  .strict()
  .describe('When the agent ends a call on its own.')
  .openapi('AgentEndCall');

export const AgentTurnTaking = z
  .object({
    end_of_turn_silence_ms: z
      .number()
      .int()
      .min(100)
      .max(5000)
      .optional()
      .describe(
        "On a live call, how long the caller's silence ends their turn, 100 to 5000 ms; default the platform's (800). This is the wait for a turn whose words are not yet a complete phrase (a complete one ends after complete_turn_silence_ms): shorter asks again sooner after speech it did not understand, and cuts off callers who pause mid-sentence.",
      ),
    complete_turn_silence_ms: z
      .number()
      .int()
      .min(100)
      .max(5000)
      .optional()
      .describe(
        'On a live call, the silence that ends a turn whose words are already a complete phrase (the recognizer decodes what was said at that point), 100 to 5000 ms; default 200, never more than end_of_turn_silence_ms.',
      ),
  })
  .strict()
  .describe('How the agent takes turns on a live call.')
  .openapi('AgentTurnTaking');

export const AgentRepair = z
  .object({
    reprompt: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .optional()
      .describe(`What the agent says when it did not understand the caller; default "${'Sorry, I did not catch that. Could you say that again?'}".`),
    max_attempts: z.number().int().min(1).max(5).optional().describe('How many times in a row the agent asks again before its fallback, 1 to 5; default 2.'),
    fallback: z
      .enum(['end_call', 'transfer'])
      .optional()
      .describe('What the agent does when it still did not understand: end the call politely (default) or transfer to fallback_destination.'),
    fallback_message: z.string().trim().min(1).max(500).optional().describe('What the agent says before its fallback; a default per fallback.'),
    fallback_destination: z.string().trim().min(1).max(200).optional().describe('The name of one of the destinations, for the transfer fallback.'),
    min_confidence: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe(
        "A turn the recognizer heard with a confidence below this is treated as not understood, 0 to 1; default 0.5. The offline recognizer's confidence is 1 for a phrase it matched and 0 for speech it rejected.",
      ),
    commit_confidence: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe(
        "The confidence a caller turn needs before a committing action follows it (end_call, transfer_call, add_to_do_not_call, tools marked committing, and the caller's yes to an Ask tool), 0 to 1; default 0.8. Below it the action does not run: the model is told to ask the caller to confirm, and an Ask answer counts as unclear. Digits pressed are always confident.",
      ),
    no_input_ms: z
      .number()
      .int()
      .min(2000)
      .max(60_000)
      .optional()
      .describe(
        'On a live call, how long the caller may stay silent after the agent has spoken (no speech, no digits) before the agent checks on them, 2000 to 60000 ms; default 8000.',
      ),
    no_input_prompt: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .optional()
      .describe(`What the agent says when the caller stayed silent for no_input_ms; default "${'Are you still there?'}".`),
    no_input_max_prompts: z
      .number()
      .int()
      .min(0)
      .max(5)
      .optional()
      .describe(
        'How many times in a row the agent checks on a silent caller before it says no_input_message and ends the call (end reason silence_timeout), 0 to 5; default 2.',
      ),
    no_input_message: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .optional()
      .describe(
        `What the agent says before it ends a call whose caller stayed silent; default "${'I have not heard anything, so I will end the call now. Goodbye.'}".`,
      ),
  })
  .strict()
  .describe(
    'What the agent does when it did not understand the caller: it asks again, repeats its last line when asked to, and after max_attempts follows its fallback. Acting on a guess is never an option: a turn it did not understand reaches neither the model nor a tool. A caller who says nothing is checked on (no_input_prompt) and, still silent, told goodbye.',
  )
  .openapi('AgentRepair');

const fields = {
  prompt: PromptText,
  first_message: z.string().max(2000).describe('What the agent says first; empty: it waits for the caller.'),
  language: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'a BCP 47 tag such as en-US')
    .describe('BCP 47 language tag, e.g. en-US, de-DE.'),
  voice: AgentVoice,
  model: AgentModel,
  tools: z.array(AgentTool).max(64).describe('Tools the agent may call, each with a permission.'),
  variables: z.array(AgentVariable).max(100).describe('Variables the agent collects on the call.'),
  destinations: z.array(AgentDestination).max(50).describe('Where the agent may transfer a call.'),
  end_call: AgentEndCall,
  turn_taking: AgentTurnTaking,
  repair: AgentRepair,
};

/** Names within a list must be unique: a second `transfer` tool would be ambiguous to the model. */
function uniqueBy<T>(items: T[] | undefined, key: (t: T) => string, list: string, field: string, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  items?.forEach((item, i) => {
    const k = key(item);
    if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [list, i, field], message: `${k} is used twice` });
    seen.add(k);
  });
}
function checkConfig(
  value: {
    tools?: { name: string; kind?: string }[];
    variables?: { key: string }[];
    destinations?: { name: string }[];
    repair?: { fallback?: string; fallback_destination?: string };
  },
  ctx: z.RefinementCtx,
) {
  uniqueBy(value.tools, (t) => t.name, 'tools', 'name', ctx);
  // A builtin entry names which built-in it configures; an unknown name would silently do nothing.
  value.tools?.forEach((tool, i) => {
    if (tool.kind === 'builtin' && !Object.hasOwn(BUILTIN_ALIASES, tool.name)) {
      ctx.addIssue({ code: 'custom', path: ['tools', i, 'name'], message: `is not a built-in tool; built-ins are ${Object.keys(BUILTIN_ALIASES).join(', ')}` });
    }
  });
  uniqueBy(value.variables, (v) => v.key, 'variables', 'key', ctx);
  uniqueBy(value.destinations, (d) => d.name.toLowerCase(), 'destinations', 'name', ctx);
  checkRepair(value, ctx);
  rejectNul(value, [], ctx);
}

/** A transfer fallback names one of the version's destinations (checked where both are known: a whole config). */
function checkRepair(value: { destinations?: { name: string }[]; repair?: { fallback?: string; fallback_destination?: string } }, ctx: z.RefinementCtx) {
  const repair = value.repair;
  if (repair?.fallback !== 'transfer') return;
  if (!repair.fallback_destination) {
    ctx.addIssue({ code: 'custom', path: ['repair', 'fallback_destination'], message: 'is required when the fallback is transfer' });
    return;
  }
  if (value.destinations && !value.destinations.some((d) => d.name.toLowerCase() === repair.fallback_destination!.toLowerCase())) {
    ctx.addIssue({
      code: 'custom',
      path: ['repair', 'fallback_destination'],
      message: `is not one of the destinations (${value.destinations.map((d) => d.name).join(', ') || 'none'})`,
    });
  }
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000: a NUL anywhere in a body
 * would fail the insert (a 500). Refuse it up front, naming where it is.
 */
export function rejectNul(value: unknown, path: (string | number)[], ctx: z.RefinementCtx): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) ctx.addIssue({ code: 'custom', path, message: 'must not contain the NUL character (U+0000)' });
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => rejectNul(v, [...path, i], ctx));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) ctx.addIssue({ code: 'custom', path: [...path, k], message: 'must not contain the NUL character (U+0000)' });
      rejectNul(v, [...path, k], ctx);
    }
  }
}

const configShape = {
  prompt: fields.prompt,
  first_message: fields.first_message.default(''),
  language: fields.language.default('en-US'),
  voice: fields.voice.default({ provider: 'platform', voice_id: 'default' }).describe('The voice the agent speaks with; default the platform voice.'),
  model: fields.model
    .default({ provider: 'simulated', name: 'simulated', temperature: 0 })
    .describe('The language model that drives the conversation; default simulated.'),
  tools: fields.tools.default([]),
  variables: fields.variables.default([]),
  destinations: fields.destinations.default([]),
  end_call: fields.end_call.default({ phrases: [], max_duration_seconds: 1800 }).describe('When the agent ends a call on its own.'),
  // Optional without a default: versions that never set it keep the config (and content hash) they had.
  turn_taking: fields.turn_taking.optional().describe("How the agent takes turns on a live call; default the platform's timing."),
  repair: fields.repair.optional().describe('What the agent does when it did not understand the caller; default: ask again twice, then end the call politely.'),
};

/** The whole configuration of a version, as stored (every field present). */
export const AgentConfig = z.object(configShape).strict().superRefine(checkConfig).openapi('AgentConfig');
export type AgentConfig = z.output<typeof AgentConfig>;
/** The fields that merge one by one (the prompt merges line by line). */
export const CONFIG_FIELDS = Object.keys(configShape) as (keyof AgentConfig)[];

const AgentName = z.string().trim().min(1).max(200).describe('Display name of the agent.');
/** Ids are prefix_ULID; anything else (a NUL, a quote) is refused before it reaches a query. */
const Id = (what: string) =>
  z
    .string()
    .min(1)
    .max(60)
    .regex(/^[A-Za-z0-9_-]+$/, 'an id such as agt_01J...')
    .describe(what);

export const CreateAgentBody = z
  .object({
    name: AgentName,
    project_id: Id("Project of the agent (prj_...). Default: the project of an assistant sign-in, else the organization's first project.").optional(),
    ...configShape,
  })
  .strict()
  .superRefine(checkConfig)
  .openapi('CreateAgentBody');
export type CreateAgentBody = z.input<typeof CreateAgentBody>;

export const UpdateAgentBody = z
  .object({
    name: AgentName.optional(),
    branch_id: Id('Branch to change (brn_...); default main.').optional(),
    summary: z.string().trim().min(1).max(500).optional().describe('What changed, recorded with the prompt revision.'),
    prompt: fields.prompt.optional(),
    first_message: fields.first_message.optional(),
    language: fields.language.optional(),
    voice: fields.voice.optional().describe('The voice the agent speaks with.'),
    model: fields.model.optional().describe('The language model that drives the conversation.'),
    tools: fields.tools.optional(),
    variables: fields.variables.optional(),
    destinations: fields.destinations.optional(),
    end_call: fields.end_call.optional().describe('When the agent ends a call on its own.'),
    turn_taking: fields.turn_taking.optional().describe('How the agent takes turns on a live call.'),
    repair: fields.repair.optional().describe('What the agent does when it did not understand the caller.'),
  })
  .strict()
  .superRefine(checkConfig)
  .describe('Fields to change; the others keep their values. Lists and objects (tools, voice, ...) are replaced whole.')
  .openapi('UpdateAgentBody');
export type UpdateAgentBody = z.input<typeof UpdateAgentBody>;

export const AgentIdParams = z.object({ agent_id: Id('The agent (agt_...).') });
export const AgentBranchParams = AgentIdParams.extend({ branch_id: Id('The branch (brn_...).') });
export const AgentRevisionParams = AgentIdParams.extend({ revision_id: Id('The prompt revision (rev_...).') });

export const RetrieveAgentQuery = z.object({ branch_id: Id("Show this branch's head instead of main's.").optional() }).strict();

const pageSize = z.coerce
  .number()
  .int()
  .min(1)
  .max(PAGE_SIZE_MAX)
  .default(PAGE_SIZE_DEFAULT)
  .describe(`Items per page, 1 to ${PAGE_SIZE_MAX}; default ${PAGE_SIZE_DEFAULT}.`);
const cursor = z.string().max(500).optional().describe('next_cursor of the previous page; send the same filters.');

export const ListAgentsQuery = z
  .object({
    project_id: Id('Only agents of this project.').optional(),
    archived: z.enum(['false', 'true', 'include']).default('false').describe('false (default): agents in use only; true: archived agents only; include: both.'),
    page_size: pageSize,
    cursor,
  })
  .strict();
export type ListAgentsQuery = z.output<typeof ListAgentsQuery>;

export const ListPromptRevisionsQuery = z.object({ branch_id: Id('Only revisions made on this branch.').optional(), page_size: pageSize, cursor }).strict();
export type ListPromptRevisionsQuery = z.output<typeof ListPromptRevisionsQuery>;

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 hex digest (64 lowercase hex characters)');

export const PromptEdit = z
  .object({
    anchor: z.string().min(1).max(20_000).describe('Exact text to find in the prompt; must occur exactly once unless occurrence is given.'),
    occurrence: z.number().int().min(1).optional().describe('Which occurrence of the anchor to edit, counting from 1 (overlapping matches count).'),
    op: z.enum(['replace', 'insert_before', 'insert_after']).describe('replace the anchor with text, or insert text before or after it.'),
    text: z.string().max(PROMPT_MAX_BYTES).describe('The replacement or inserted text (may be empty to delete the anchor).'),
  })
  .strict()
  .openapi('PromptEdit');
export type PromptEdit = z.output<typeof PromptEdit>;

const PatchPromptFields = z
  .object({
    agentId: Id('The agent (agt_...).'),
    branchId: Id('The branch to edit (brn_...); default main.').optional(),
    expectedHash: Sha256.describe(
      'SHA-256 hex of the prompt you last read (prompt_hash). A different current prompt refuses the patch with the current hash and a diff.',
    ),
    edits: z.array(PromptEdit).min(1).max(100).describe('Applied in order, each to the result of the ones before.'),
    summary: z.string().trim().min(1).max(500).optional().describe('What the change does, recorded with the revision; default: a list of the edits.'),
  })
  .strict();
export const PatchPromptBody = PatchPromptFields.superRefine((value, ctx) => rejectNul(value, [], ctx)).openapi('PatchPromptBody');
export type PatchPromptBody = z.output<typeof PatchPromptBody>;
/** The REST body: the agent is in the path. */
export const PatchPromptRestBody = PatchPromptFields.omit({ agentId: true })
  .superRefine((value, ctx) => rejectNul(value, [], ctx))
  .openapi('PatchPromptRestBody');

export const CreateAgentBranchBody = z
  .object({
    agentId: Id('The agent (agt_...).'),
    branch: z
      .object({
        name: z
          .string()
          .trim()
          .min(1)
          .max(100)
          .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'letters, digits, ., _, / and -, starting with a letter or digit')
          .describe('Unique within the agent, e.g. shorter-greeting.'),
      })
      .strict()
      .describe('The new branch: a working copy of main.'),
  })
  .strict()
  .openapi('CreateAgentBranchBody');
export type CreateAgentBranchBody = z.output<typeof CreateAgentBranchBody>;
export const CreateAgentBranchRestBody = CreateAgentBranchBody.omit({ agentId: true }).openapi('CreateAgentBranchRestBody');

export const MergeAgentBranchBody = z
  .object({
    sourceBranchId: Id('The branch to merge into main (brn_...).'),
    agentId: Id('The agent (agt_...); optional, checked when given.').optional(),
  })
  .strict()
  .openapi('MergeAgentBranchBody');
export type MergeAgentBranchBody = z.output<typeof MergeAgentBranchBody>;

export const AgentIdBody = z
  .object({ agentId: Id('The agent (agt_...).') })
  .strict()
  .openapi('AgentIdBody');
export type AgentIdBody = z.output<typeof AgentIdBody>;

export const RestoreRevisionInput = z
  .object({
    agentId: Id('The agent (agt_...).'),
    revisionId: Id('The revision to restore (rev_...).'),
    branchId: Id("Branch to restore onto (brn_...); default the revision's own branch.").optional(),
  })
  .strict();
export type RestoreRevisionInput = z.output<typeof RestoreRevisionInput>;
export const RestoreRevisionQuery = z.object({ branch_id: RestoreRevisionInput.shape.branchId }).strict();

export const EstimateAgentBody = z
  .object({
    agent_id: Id('Optional: the agent being priced, named in the result.').optional(),
    calls_per_month: z.number().int().min(0).max(100_000_000).describe('Expected calls a month.'),
    average_minutes: z.number().min(0).max(240).describe('Expected average length of a call, in minutes (fractions allowed).'),
  })
  .strict()
  .openapi('EstimateAgentBody');
export type EstimateAgentBody = z.output<typeof EstimateAgentBody>;

/** At most this many versions share an agent's traffic at once: canaries compare a few, not dozens. */
export const TRAFFIC_SPLIT_MAX = 10;
export const TrafficShare = z
  .object({
    versionId: Id('A version of the agent that has been published, or that is the head of an open branch (ver_...).').optional(),
    branchId: Id('An open branch (brn_...): its head when the split is set; later changes to the branch do not move the split.').optional(),
    percent: z.number().int('must be a whole number').min(0, 'must not be negative').max(100).describe('Share of callers, a whole number 0 to 100.'),
  })
  .strict()
  .superRefine((share, ctx) => {
    if ((share.versionId === undefined) === (share.branchId === undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: 'give exactly one of versionId and branchId' });
    }
  })
  .openapi('TrafficShare');
const TrafficSplitFields = z
  .object({
    agentId: Id('The agent (agt_...).'),
    split: z
      .array(TrafficShare)
      .max(TRAFFIC_SPLIT_MAX)
      .describe(`Up to ${TRAFFIC_SPLIT_MAX} shares whose percents add up to 100. An empty list removes the split: every caller then reaches the live version.`),
    override: z
      .object({
        reason: z
          .string()
          .trim()
          .min(1)
          .max(500)
          .describe('Why callers may reach a branch head that has not passed the required tests; recorded in the audit log with who gave it.'),
      })
      .strict()
      .optional()
      .describe(
        "Routes callers to a branch head although it has not passed the agent's required tests (the merge gate). Without it such a split is refused (422) naming the branch and the missing tests.",
      ),
  })
  .strict();
function checkSplitSum(value: { split: { percent: number }[] }, ctx: z.RefinementCtx) {
  const sum = value.split.reduce((total, share) => total + share.percent, 0);
  if (value.split.length && sum !== 100) ctx.addIssue({ code: 'custom', path: ['split'], message: `the percents add up to ${sum}, not 100` });
}
export const SetTrafficSplitBody = TrafficSplitFields.superRefine(checkSplitSum).openapi('SetTrafficSplitBody');
export type SetTrafficSplitBody = z.input<typeof SetTrafficSplitBody>;
/** The REST body: the agent is in the path. */
export const SetTrafficSplitRestBody = TrafficSplitFields.omit({ agentId: true }).superRefine(checkSplitSum).openapi('SetTrafficSplitRestBody');

// ---- views ----

export const ActorView = z.object({ type: z.enum(['user', 'api_client', 'system']), id: z.string().nullable(), name: z.string().nullable() }).openapi('Actor');

export const TrafficSplitEntryView = z
  .object({
    version_id: z.string(),
    percent: z.number().int(),
    branch_id: z.string().nullable().describe('The branch whose head this version was when the split was set; null when named by version.'),
  })
  .openapi('TrafficSplitEntry');

export const AgentView = z
  .object({
    agent_id: z.string(),
    project_id: z.string(),
    name: z.string(),
    main_branch_id: z.string(),
    live_version_id: z.string().nullable().describe('The published version callers reach; null before the first publish.'),
    traffic_split: z.array(TrafficSplitEntryView).describe('Versions callers are routed to by share; empty: all reach the live version.'),
    required_test_ids: z.array(z.string()).describe('Tests a branch head must pass before it merges.'),
    branch: z.object({ branch_id: z.string(), name: z.string() }).describe('The branch whose head is shown (main unless asked otherwise).'),
    version_id: z.string().describe('The head version of that branch.'),
    etag: z.string().describe('Content hash of the head version: send it as If-Match to update.'),
    prompt_hash: z.string().describe('SHA-256 hex of the prompt: send it as expectedHash to patch the prompt.'),
    config: AgentConfig,
    archived_at: z.string().nullable().describe('When the agent was archived (it then takes no changes, calls or campaigns); null while in use.'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Agent');
export type AgentView = z.input<typeof AgentView>;

export const VersionView = z
  .object({
    version_id: z.string(),
    agent_id: z.string(),
    parent_version_ids: z.array(z.string()).describe("One parent normally; two for a merge (main's head, then the branch's)."),
    content_hash: z.string(),
    prompt_hash: z.string(),
    created_by: ActorView,
    created_at: z.string(),
  })
  .openapi('AgentVersion');
export type VersionView = z.input<typeof VersionView>;

export const BranchView = z
  .object({
    branch_id: z.string(),
    agent_id: z.string(),
    name: z.string(),
    is_main: z.boolean(),
    state: z.enum(['open', 'merged', 'closed']),
    head_version_id: z.string(),
    base_version_id: z.string().describe('The main version the branch started from (the merge base).'),
    head_revision_id: z.string().nullable(),
    etag: z.string().describe('Content hash of the head version.'),
    prompt_hash: z.string().describe("SHA-256 hex of the head's prompt (expectedHash for patches)."),
    merged_at: z.string().nullable(),
    merged_version_id: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('AgentBranch');
export type BranchView = z.input<typeof BranchView>;

export const RevisionView = z
  .object({
    revision_id: z.string(),
    agent_id: z.string(),
    branch_id: z.string(),
    version_id: z.string().describe('The version this revision produced.'),
    parent_revision_id: z.string().nullable(),
    prompt_hash: z.string(),
    author: ActorView,
    created_at: z.string(),
    restored_from: z.string().nullable().describe('The revision this one restored, if it is a restore.'),
    summary: z.string(),
  })
  .openapi('PromptRevision');
export type RevisionView = z.input<typeof RevisionView>;

export const AgentResponse = z.object({ agent: AgentView }).openapi('AgentResponse');
export const ListAgentsResponse = z
  .object({ agents: z.array(AgentView), has_more: z.boolean(), next_cursor: z.string().nullable() })
  .openapi('ListAgentsResponse');
export const BranchResponse = z.object({ branch: BranchView }).openapi('AgentBranchResponse');
export const ListBranchesResponse = z.object({ branches: z.array(BranchView), ...pageFields }).openapi('ListAgentBranchesResponse');
export const ListRevisionsResponse = z
  .object({ revisions: z.array(RevisionView), has_more: z.boolean(), next_cursor: z.string().nullable() })
  .openapi('ListPromptRevisionsResponse');

export const RevisionDetailResponse = z
  .object({
    revision: RevisionView,
    prompt: z.string().describe('The whole prompt as this revision left it.'),
    diff: z.string().describe("Unified diff from the parent revision's prompt to this one; empty for the first revision."),
    diff_truncated: z.boolean().describe('True when the diff was cut at 64 KiB.'),
  })
  .openapi('PromptRevisionDetail');
export type RevisionDetailResponse = z.input<typeof RevisionDetailResponse>;

export const PromptChangeResult = z
  .object({
    changed: z.boolean().describe('False when the result equals the current prompt: nothing was recorded.'),
    revision: RevisionView.describe('The new revision, or the current one when nothing changed.'),
    version_id: z.string(),
    prompt_hash: z.string().describe('Hash of the prompt now: the expectedHash of your next patch.'),
    etag: z.string(),
  })
  .openapi('PromptChangeResult');
export type PromptChangeResult = z.input<typeof PromptChangeResult>;

export const MergeConflictView = z
  .object({
    field: z.string().describe('prompt, or the config field that both sides changed.'),
    line: z.number().int().nullable().describe('For the prompt: the first line (from 1) of the region in the base.'),
    base: z.unknown().describe('The value (for the prompt: the lines) at the merge base.'),
    ours: z.unknown().describe("main's head."),
    theirs: z.unknown().describe("the branch's head."),
  })
  .openapi('MergeConflict');
export type MergeConflictView = z.input<typeof MergeConflictView>;

export const MergePreview = z
  .object({
    agent_id: z.string(),
    source_branch_id: z.string(),
    base_version_id: z.string(),
    main_head_version_id: z.string(),
    branch_head_version_id: z.string(),
    fast_forward: z
      .boolean()
      .describe('Always false: merges are never fast-forwards (decision 0009); the merge makes a new main version with two parents. See main_unchanged.'),
    main_unchanged: z.boolean().describe("Main has not moved since the branch left it: the merged config is the branch head's config."),
    clean: z.boolean().describe('No conflicts: merge_agent_branch would succeed (tests permitting).'),
    conflicts: z.array(MergeConflictView),
    changed_fields: z.array(z.string()).describe("Fields whose merged value differs from main's head."),
    merged_config: AgentConfig.describe("The merged configuration; a conflicted prompt region carries <<<<<<< markers, a conflicted field keeps main's value."),
  })
  .openapi('MergePreview');
export type MergePreview = z.input<typeof MergePreview>;

export const MergeResult = z
  .object({
    merged: z.literal(true),
    already_merged: z.boolean().describe('The same branch head was merged before: this is that merge.'),
    fast_forward: z
      .boolean()
      .describe('Always false: every merge makes a new main version with two parents (decision 0009), also when main had not moved. See main_unchanged.'),
    main_unchanged: z.boolean().describe("Main had not moved since the branch left it: the merge version carries the branch head's config."),
    version: VersionView.describe('The new main version, with two parents.'),
    branch: BranchView,
  })
  .openapi('MergeResult');
export type MergeResult = z.input<typeof MergeResult>;

export const TrafficSplitResult = z
  .object({
    agent_id: z.string(),
    live_version_id: z.string().nullable(),
    split: z.array(TrafficSplitEntryView).describe('The split now in force; empty: every caller reaches the live version.'),
    previous_split: z.array(TrafficSplitEntryView),
    changed: z.boolean().describe('False when the same split was in force already.'),
  })
  .openapi('TrafficSplitResult');
export type TrafficSplitResult = z.input<typeof TrafficSplitResult>;

export const PublicationResult = z
  .object({
    agent_id: z.string(),
    live_version_id: z.string(),
    previous_version_id: z.string().nullable(),
    changed: z.boolean().describe('False when that version was live already.'),
    published_at: z.string().nullable(),
  })
  .openapi('PublicationResult');
export type PublicationResult = z.input<typeof PublicationResult>;

export const AgentUseView = z
  .object({
    kind: z.enum(['live_version', 'destination', 'campaign', 'outbound_call', 'release', 'trigger']),
    id: z.string(),
    label: z.string().describe('A name, address or number a person recognises.'),
  })
  .openapi('AgentUse');

export const UnpublishResult = z
  .object({
    agent_id: z.string(),
    live_version_id: z.null().describe('No version is live after an unpublish.'),
    previous_version_id: z.string().nullable().describe('The version taken down; null when nothing was live (changed false).'),
    changed: z.boolean().describe('False when nothing was live.'),
    unpublished_at: z.string().nullable(),
  })
  .openapi('UnpublishResult');
export type UnpublishResult = z.input<typeof UnpublishResult>;

export const ArchiveResult = z
  .object({
    agent_id: z.string(),
    archived: z.boolean(),
    archived_at: z.string().nullable().describe('When it was archived; null after an unarchive.'),
    changed: z.boolean().describe('False when the agent was in that state already.'),
  })
  .openapi('ArchiveResult');
export type ArchiveResult = z.input<typeof ArchiveResult>;

export const EstimateView = z
  .object({
    agent_id: z.string().nullable(),
    currency: z.string(),
    calls_per_month: z.number().int(),
    average_minutes: z.number(),
    per_minute_micros: z.number().int().describe('Sum of the components per minute of an agent leg.'),
    per_call_micros: z.number().int(),
    monthly_micros: z.number().int().describe('Sum of the monthly component amounts.'),
    components: z.array(z.object({ component: z.string(), per_minute_micros: z.number().int(), monthly_micros: z.number().int() })),
  })
  .openapi('AgentEstimate');
export type EstimateView = z.input<typeof EstimateView>;
