import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool as ListedTool,
} from '@modelcontextprotocol/sdk/types.js';
import type { Em } from '../db/orm.js';
import type { AppDeps } from '../deps.js';
import { toProblem } from '../edge/problem.js';
import { DomainError } from '../modules/errors.js';
import { requireAll, type Principal, type Requirement } from '../modules/org/permissions.js';
import type { Operation } from '../modules/operation.js';
import { parseInput } from '../modules/validation.js';
import { argumentPath, camelDescription, camelJsonSchema, toDomainArguments } from './camel-arguments.js';
import { noProgress, type ReportProgress } from '../modules/progress.js';

/** What a tool's handler runs with: the signed-in person, its own EntityManager, the app's dependencies. */
export interface ToolContext {
  principal: Principal;
  em: Em;
  deps: AppDeps;
  /** The public address of this service, for links a tool hands out (recordings). */
  baseUrl: string;
  /** Reports how far a long tool got (MCP progress notifications when the client asked with a progressToken). */
  progress: ReportProgress;
}

/**
 * One MCP tool, declared once, in its own file: its name exactly as the
 * spec lists it, the text the model reads, input and output schemas (reused
 * from modules/ wherever REST has them, so both faces validate alike), the
 * hints, the permission, and one call into modules/.
 */
export interface ToolDefinition<I extends z.ZodRawShape, O extends z.ZodObject, T extends z.ZodObject | undefined = undefined> {
  name: string;
  title: string;
  description: string;
  /**
   * The arguments, field by field (beside those its operation's input gives, when the tool takes it: the ids the
   * operation takes as parameters, a wait); every field carries .describe(): it is all the model knows of it.
   */
  input: I;
  output: O;
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
  handler: (input: z.output<z.ZodObject<I>> & (T extends z.ZodObject ? z.output<T> : unknown), ctx: ToolContext) => Promise<z.input<O> | JsonText>;
}

/** The input of an operation when it has one (an object schema): what a tool that names the operation takes. */
type InputOf<Op extends Operation> = Op['input'] extends z.ZodObject ? Op['input'] : undefined;

/**
 * A tool that names the operation it calls: its declaration gives the permission and, when it has an input, the
 * tool's arguments (`operation.input`, the very schema, with its refinements: parsed once, here, and handed to the
 * operation as it is). A tool whose arguments are its own says `takes: false` and builds the operation's input.
 */
type Calls<Op extends Operation> = { operation: Op; permission?: never; takes?: never };
/** A tool of several operations, or one that builds its operation's input from arguments of its own. */
type OwnArguments = { operation: Operation; permission?: never; takes: false } | { operation?: never; permission: Requirement; takes?: never };

/**
 * A tool result already serialised, in the shape of the tool's output schema:
 * a read whose JSON PostgreSQL builds (get_call) hands over its text as the
 * REST route does, instead of parsing, re-validating and serialising it again
 * on the hottest read (issue #3 bench). Every such tool's output is checked
 * against its schema by test/mcp/json-text-output.test.ts and by the SDK
 * client, which validates structuredContent against the listed outputSchema.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** A tool with its generic types erased, as the registry holds it. */
export interface Tool {
  name: string;
  title: string;
  description: string;
  inputSchema: z.ZodObject;
  outputSchema: z.ZodObject;
  annotations: ToolDefinition<z.ZodRawShape, z.ZodObject>['annotations'];
  permission: Requirement;
  /** The operation the tool calls, when it is one. */
  operation?: Operation;
  /** The operation's input when the tool takes it as its arguments (parsed here, once). */
  takes?: z.ZodObject;
  handler: (input: unknown, ctx: ToolContext) => Promise<unknown>;
}

export function defineTool<I extends z.ZodRawShape, O extends z.ZodObject, Op extends Operation>(
  definition: ToolDefinition<I, O, InputOf<Op>> & Calls<Op>,
): Tool;
export function defineTool<I extends z.ZodRawShape, O extends z.ZodObject>(definition: ToolDefinition<I, O> & OwnArguments): Tool;
export function defineTool(definition: ToolDefinition<z.ZodRawShape, z.ZodObject> & (Calls<Operation> | OwnArguments)): Tool {
  const { operation } = definition;
  const takes = definition.takes === false ? undefined : operation?.input;
  if (takes && !(takes instanceof z.ZodObject)) throw new Error(`${definition.name}: its operation's input is not an object: say takes: false`);
  return {
    ...definition,
    takes,
    permission: operation ? operation.needs : definition.permission!,
    // Strict, as the REST queries are: an unknown argument is named back instead of silently ignored. The
    // operation's input keeps its refinements (safeExtend) and its strictness.
    inputSchema: takes ? takes.safeExtend(definition.input) : z.object(definition.input).strict(),
    outputSchema: definition.output,
    handler: definition.handler as Tool['handler'],
  };
}

/**
 * The project a calls, analytics or billing tool reads. An assistant sign-in
 * chooses a project: its tools then see that project's data only, whatever
 * the arguments say. Another project asked for by name is refused, so the
 * model is told rather than handed data it did not ask for.
 */
export function scopedProject(principal: Principal, requested: string | undefined): string | undefined {
  if (principal.projectId === undefined) return requested;
  if (requested !== undefined && requested !== principal.projectId) {
    throw new DomainError('FORBIDDEN', `This sign-in acts in project ${principal.projectId} only`, {
      issues: [{ field: 'project_id', message: `must be ${principal.projectId}, or left out` }],
    });
  }
  return principal.projectId;
}

/**
 * JSON Schema as tools/list shows it. Draft-07, as the SDK's own McpServer
 * emits, because its client compiles schemas with a draft-07 Ajv. Input
 * schemas show what is sent (a timestamp is a string), output schemas what
 * comes back. Computed once per tool, not per request.
 */
const listings = new WeakMap<Tool, ListedTool>();
const domainSchemas = new WeakMap<Tool, Record<string, unknown>>();
/** The input schema as the domain names its fields (snake_case): what a call's camelCase arguments are mapped onto. */
function domainSchema(tool: Tool): Record<string, unknown> {
  let schema = domainSchemas.get(tool);
  if (!schema) {
    schema = z.toJSONSchema(tool.inputSchema, { io: 'input', target: 'draft-7' }) as Record<string, unknown>;
    domainSchemas.set(tool, schema);
  }
  return schema;
}

/** Said once, under every tool's description: how the camelCase arguments meet the results' snake_case ids. */
export const NAMING_NOTE =
  "Arguments are camelCase; results use the REST API's snake_case names, so an id a result gives as agent_id " +
  '(branch_id, call_session_id, ...) is passed back as the agentId (branchId, callSessionId, ...) argument.';

export function listing(tool: Tool): ListedTool {
  let listed = listings.get(tool);
  if (!listed) {
    listed = {
      name: tool.name,
      title: tool.title,
      description: `${camelDescription(tool.description, domainSchema(tool))}\n\n${NAMING_NOTE}`,
      inputSchema: camelJsonSchema(domainSchema(tool)) as ListedTool['inputSchema'],
      outputSchema: z.toJSONSchema(tool.outputSchema, { io: 'output', target: 'draft-7' }) as ListedTool['outputSchema'],
      annotations: { title: tool.title, ...tool.annotations },
    };
    listings.set(tool, listed);
  }
  return listed;
}

/**
 * Serves `tools` on `server`: declares the tools capability and answers
 * tools/list and tools/call. These handlers are set on the underlying Server
 * rather than through McpServer.registerTool, because registerTool validates
 * arguments itself before any handler runs: the permission could not be
 * checked first, and invalid arguments would not go through the one error
 * mapping (field names, codes) that REST uses. So the capability must not be
 * passed to the McpServer constructor either, which would install the SDK's
 * own handlers (and a later registerTool now fails loudly instead of
 * replacing these). The list never changes during a connection: no listChanged.
 * `context` is called once per tool call (each call gets its own EntityManager).
 */
export function serveTools(server: McpServer, tools: readonly Tool[], context: () => Omit<ToolContext, 'progress'>): void {
  const byName = new Map(tools.map((t) => [t.name, t]));
  server.server.registerCapabilities({ tools: {} });
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map(listing) }));
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    // An unknown tool is a protocol error (MCP spec, tools: error handling); everything after is a tool result.
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const token = request.params._meta?.progressToken;
    return callTool(tool, request.params.arguments, {
      ...context(),
      progress: token === undefined ? noProgress : progressReporter(token, extra.sendNotification),
    });
  });
}

/**
 * MCP progress (spec: utilities/progress) for one request's token: each update becomes a
 * notifications/progress, only when `progress` grew (the spec requires it to increase), sent without
 * waiting (a slow or gone client does not hold the tool up; a failed send is dropped).
 */
export function progressReporter(
  token: string | number,
  send: (notification: {
    method: 'notifications/progress';
    params: { progressToken: string | number; progress: number; total?: number; message?: string };
  }) => Promise<void>,
): ReportProgress {
  let last = -Infinity;
  return ({ progress, total, message }) => {
    if (!(progress > last)) return;
    last = progress;
    void send({
      method: 'notifications/progress',
      params: { progressToken: token, progress, ...(total !== undefined ? { total } : {}), ...(message ? { message } : {}) },
    }).catch(() => undefined);
  };
}

/**
 * Runs one tool call: permission, validation, the handler, the output checked
 * against the output schema (which also drops any field the schema does not
 * name). Any failure becomes an isError result, never a protocol error, so
 * the model reads what went wrong and can correct itself.
 */
export async function callTool(tool: Tool, args: unknown, ctx: ToolContext): Promise<CallToolResult> {
  try {
    requireAll(ctx.principal, tool.permission);
    const input = parseInput(tool.inputSchema, toDomainArguments(args ?? {}, domainSchema(tool)), '');
    const result = await tool.handler(input, ctx);
    if (result instanceof JsonText) {
      // Built by PostgreSQL in the output schema's shape (a test checks it against the schema): sent as it is.
      return { structuredContent: JSON.parse(result.text) as Record<string, unknown>, content: [{ type: 'text', text: result.text }] };
    }
    const output = tool.outputSchema.parse(result) as Record<string, unknown>;
    return { structuredContent: output, content: [{ type: 'text', text: JSON.stringify(output) }] };
  } catch (error) {
    return errorResult(error, tool, ctx);
  }
}

/**
 * The MCP face of the one error mapping (edge/problem.ts): a domain error
 * gives its detail, each offending argument and its code; anything else is a
 * bug, logged with its trace and reported only by request id.
 */
function errorResult(error: unknown, tool: Tool, ctx: ToolContext): CallToolResult {
  let text: string;
  if (error instanceof DomainError) {
    const problem = toProblem(error);
    // Domain functions name fields where REST sends them (`body.from_number`); the tool takes `fromNumber`.
    const fields = (problem.errors ?? []).map((issue) => `- ${argumentPath(issue.field)}: ${issue.message}`);
    // What the model needs to recover (current_hash and a diff, conflicts, the missing permission...).
    const {
      type: _type,
      title: _title,
      status: _status,
      detail: _detail,
      code: _code,
      errors: _errors,
      instance: _instance,
      request_id: _rid,
      ...details
    } = problem;
    const extra = Object.keys(details).length ? [`details: ${JSON.stringify(details)}`] : [];
    text = [`${problem.detail} (${problem.code})`, ...fields, ...extra].join('\n');
  } else {
    const requestId = ctx.principal.requestId ?? randomUUID();
    ctx.deps.logger.error({ err: error, tool: tool.name, principal: ctx.principal.id, request_id: requestId }, 'MCP tool failed');
    text = `internal error, request id ${requestId}`;
  }
  return { isError: true, content: [{ type: 'text', text }] };
}
