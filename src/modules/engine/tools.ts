import { z } from 'zod';
import type { Em } from '../../db/orm.js';
import type { AgentConfig } from '../agents/agents.schemas.js';
import { DomainError } from '../errors.js';
import { systemPrincipal } from '../org/permissions.js';
import { dncAdd } from '../outbound/dnc-add.js';
import { parseInput } from '../validation.js';

/**
 * Tools an agent calls during a conversation (decisions 0010 and 0015). Built-ins
 * live here; HTTP, MCP and integration tools implement the same interface in
 * later issues and plug into `collectTools` by their kind. Permissions:
 * `block` tools are collected (so the engine can refuse a call to one by
 * name) but never offered to the model; `ask` tools go through
 * `askPermission` before they run.
 */
export type ToolPermission = 'allow' | 'ask' | 'block';

/** What the engine does once a tool has returned. */
export type ToolEffect =
  | { kind: 'end_call'; reason: string | null }
  | { kind: 'transfer'; destination: { name: string; address: string } }
  | { kind: 'variable'; key: string; value: string };

export interface ToolOutcome {
  /** Sent back to the model (as JSON) and recorded as the tool call's response. */
  result: unknown;
  status: 'succeeded' | 'failed';
  effect?: ToolEffect;
}

/** The call a tool runs in. Read-only: tools report effects, the engine applies them. */
export interface ToolContext {
  organizationId: string;
  projectId: string;
  agentId: string;
  versionId: string;
  sessionId: string;
  direction: 'inbound' | 'outbound' | 'web';
  caller: { name: string | null; address: string };
  config: AgentConfig;
  /** For tools that record what the caller asked for (the do-not-call list); each use forks it. */
  em: Em;
  /** The model's id of this tool call (idempotency keys of HTTP tools derive from it with the session id). */
  toolCallId?: string;
}

export interface Tool {
  name: string;
  description: string;
  /** JSON Schema of the arguments, as the model sees it. */
  inputSchema: Record<string, unknown>;
  permission: ToolPermission;
  invoke(args: Record<string, unknown>, context: ToolContext): Promise<ToolOutcome>;
  /** The action in words for an Ask read-back ("transfer you to Billing"); default: the tool's name (engine/confirmations.ts). */
  describeAction?(args: Record<string, unknown>): string;
  /** It commits something for the caller: on a live call it runs only after a confident turn (repair.commit_confidence). */
  committing?: boolean;
}

/** The built-in tools' names, as the model sees them. */
export const BUILTIN = { endCall: 'end_call', transferCall: 'transfer_call', recordVariable: 'record_variable', addToDoNotCall: 'add_to_do_not_call' } as const;
/** Names a version's `tools` entry of kind builtin may use; `transfer` is what early configs called transfer_call. */
export const BUILTIN_ALIASES: Readonly<Record<string, string>> = {
  end_call: BUILTIN.endCall,
  transfer_call: BUILTIN.transferCall,
  transfer: BUILTIN.transferCall,
  record_variable: BUILTIN.recordVariable,
  add_to_do_not_call: BUILTIN.addToDoNotCall,
  // Resolved by modules/tools/resolve-agent-tools (it searches the database), not by `make` below.
  search_knowledge: 'search_knowledge',
};

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-7', io: 'input' }) as Record<string, unknown>;
  return rest;
}

/** Arguments that do not fit the schema fail the call with the reason, so the model can correct itself. */
function parseArgs<S extends z.ZodType>(schema: S, args: unknown): { ok: true; value: z.output<S> } | { ok: false; outcome: ToolOutcome } {
  const parsed = schema.safeParse(args);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`);
  return { ok: false, outcome: { status: 'failed', result: { error: 'invalid_arguments', message: issues.join('; ') } } };
}

function endCallTool(permission: ToolPermission): Tool {
  const Args = z.object({ reason: z.string().max(200).optional().describe('Why the call ends, in a few words.') }).strict();
  return {
    name: BUILTIN.endCall,
    description: 'Hang up: ends the call. Say goodbye first; nothing said after this is heard.',
    inputSchema: jsonSchema(Args),
    permission,
    committing: true,
    describeAction: () => 'end this call',
    async invoke(args) {
      const parsed = parseArgs(Args, args);
      if (!parsed.ok) return parsed.outcome;
      return { status: 'succeeded', result: { ended: true }, effect: { kind: 'end_call', reason: parsed.value.reason ?? null } };
    },
  };
}

function transferCallTool(config: AgentConfig, permission: ToolPermission): Tool {
  const names = config.destinations.map((d) => d.name);
  const Args = z
    .object({
      destination: z
        .string()
        .min(1)
        .max(100)
        .describe(`The destination's name: one of ${names.map((n) => JSON.stringify(n)).join(', ') || '(none configured)'}.`),
    })
    .strict();
  return {
    name: BUILTIN.transferCall,
    description: 'Transfer the caller to a person or desk. Tell the caller first; the agent leaves the call once it connects.',
    inputSchema: jsonSchema(Args),
    permission,
    committing: true,
    describeAction: (args) => `transfer you to ${typeof args.destination === 'string' ? args.destination : 'another line'}`,
    async invoke(args, context) {
      const parsed = parseArgs(Args, args);
      if (!parsed.ok) return parsed.outcome;
      const wanted = parsed.value.destination.trim().toLowerCase();
      const destination = context.config.destinations.find((d) => d.name.toLowerCase() === wanted);
      if (!destination) {
        return {
          status: 'failed',
          result: { error: 'unknown_destination', message: `No destination named ${parsed.value.destination}; choose one of: ${names.join(', ') || '(none)'}` },
        };
      }
      return {
        status: 'succeeded',
        result: { transferred: true, destination: destination.name, address: destination.address },
        effect: { kind: 'transfer', destination: { name: destination.name, address: destination.address } },
      };
    },
  };
}

function recordVariableTool(config: AgentConfig, permission: ToolPermission): Tool {
  const keys = config.variables.map((v) => v.key);
  const Args = z
    .object({
      key: z
        .string()
        .min(1)
        .max(64)
        .describe(`Which variable: one of ${keys.join(', ') || '(none configured)'}.`),
      value: z.string().trim().min(1).max(500).describe('The value, as the caller gave it.'),
    })
    .strict();
  return {
    name: BUILTIN.recordVariable,
    description: 'Record a piece of information the caller gave (a variable to collect). Recording a key again replaces its value.',
    inputSchema: jsonSchema(Args),
    permission,
    async invoke(args, context) {
      const parsed = parseArgs(Args, args);
      if (!parsed.ok) return parsed.outcome;
      const { key, value } = parsed.value;
      if (!context.config.variables.some((v) => v.key === key)) {
        return {
          status: 'failed',
          result: { error: 'unknown_variable', message: `${key} is not a variable of this agent; use one of: ${keys.join(', ') || '(none)'}` },
        };
      }
      return { status: 'succeeded', result: { recorded: true, key, value }, effect: { kind: 'variable', key, value } };
    },
  };
}

/**
 * Puts the caller's number on the organization's do-not-call list (source
 * `call`), for a callee who asks not to be called again. Acts as the system,
 * named after the call, so the list shows which call added the number. A
 * caller address that is not a phone number (a web call) fails the tool
 * with the reason rather than the call.
 */
function addToDoNotCallTool(permission: ToolPermission): Tool {
  const Args = z.object({ reason: z.string().max(200).optional().describe('What the caller said, in a few words.') }).strict();
  return {
    name: BUILTIN.addToDoNotCall,
    description:
      'The caller asked not to be called again: puts their number on the do-not-call list. Confirm to them that they will not be called again, then end the call.',
    inputSchema: jsonSchema(Args),
    permission,
    committing: true,
    describeAction: () => 'put your number on our do-not-call list, so we will not call you again',
    async invoke(args, context) {
      const parsed = parseArgs(Args, args);
      if (!parsed.ok) return parsed.outcome;
      const principal = { ...systemPrincipal(context.organizationId, 'system'), name: `call ${context.sessionId}` };
      try {
        // Parsed here as a surface would (a refusal is a DomainError, reported to the model like the operation's own).
        const { entry, created } = await dncAdd(
          context.em.fork(),
          principal,
          parseInput(
            dncAdd.input,
            {
              phone: context.caller.address,
              source: 'call',
              reason: parsed.value.reason ?? 'asked not to be called again during a call',
            },
            '',
          ),
        );
        return { status: 'succeeded', result: { added: true, already_listed: !created, phone: entry.phone } };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return { status: 'failed', result: { error: 'not_added', message: error.message } };
      }
    },
  };
}

/**
 * Every tool of a version, blocked ones included, in the order of the
 * version's `tools` list, then the default built-ins it does not list:
 * end_call always, transfer_call when the version has destinations,
 * record_variable when it has variables, add_to_do_not_call on outbound
 * calls (each `allow`). Listing a built-in
 * sets its permission, e.g. `{name: 'transfer_call', kind: 'builtin',
 * permission: 'block'}` keeps the model from transferring.
 * Entries `make` does not know (kind http, the built-in search_knowledge)
 * come from `options.external`; without it, or when it has no tool for an
 * entry (mcp and integration until their issues land), they are skipped.
 */
export function collectTools(
  config: AgentConfig,
  options: {
    direction?: ToolContext['direction'];
    /** Tools that need the database or the network (HTTP tools, search_knowledge), loaded before the call: modules/tools/resolve-agent-tools. */
    external?: (entry: AgentConfig['tools'][number]) => Tool | null;
    /** Tools that come from outside the version's list (the agent's assigned MCP servers: modules/mcp-servers), after its own; a name already taken is skipped. */
    extra?: readonly Tool[];
  } = {},
): Tool[] {
  const tools: Tool[] = [];
  const seen = new Set<string>();
  const make = (name: string, permission: ToolPermission): Tool | null => {
    if (name === BUILTIN.endCall) return endCallTool(permission);
    if (name === BUILTIN.transferCall) return transferCallTool(config, permission);
    if (name === BUILTIN.recordVariable) return recordVariableTool(config, permission);
    if (name === BUILTIN.addToDoNotCall) return addToDoNotCallTool(permission);
    return null;
  };
  for (const entry of config.tools) {
    const name = entry.kind === 'builtin' ? BUILTIN_ALIASES[entry.name] : undefined;
    const made = (name && !seen.has(name) ? make(name, entry.permission) : null) ?? options.external?.(entry) ?? null;
    const tool = made && entry.committing && !made.committing ? { ...made, committing: true } : made;
    if (tool && !seen.has(tool.name)) {
      tools.push(tool);
      seen.add(tool.name);
    }
  }
  for (const tool of options.extra ?? []) {
    if (!seen.has(tool.name)) {
      tools.push(tool);
      seen.add(tool.name);
    }
  }
  const defaults: [string, boolean][] = [
    [BUILTIN.endCall, true],
    [BUILTIN.transferCall, config.destinations.length > 0],
    [BUILTIN.recordVariable, config.variables.length > 0],
    // Callees of outbound calls must be able to opt out; other calls list it to offer it.
    [BUILTIN.addToDoNotCall, options.direction === 'outbound'],
  ];
  for (const [name, wanted] of defaults) {
    if (wanted && !seen.has(name)) tools.push(make(name, 'allow')!);
  }
  return tools;
}
