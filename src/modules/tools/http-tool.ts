import { createHash } from 'node:crypto';
import type { Tool, ToolContext, ToolOutcome, ToolPermission } from '../engine/tools.js';
import { dispatcherFor, type EngineSettings } from '../engine/engine-settings.js';
import { OutboundRequestError, safeRequest } from '../outbound-http.js';
import { decryptSecret } from '../secrets/secret-box.js';
import type { HttpTool } from './tools.entity.js';

/** What a call may take and return: a tool call holds up a live conversation, and its result goes to the model. */
const TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 256 * 1024;
/** Response bodies recorded on the tool call (and sent to the model) are cut here. */
const MAX_RECORDED_CHARS = 8000;

/**
 * An imported operation as an engine tool. Arguments fill the URL template's
 * {path} parameters, the query, header parameters and the JSON body; the
 * stored headers (decrypted only here) are added. Non-GET calls carry an
 * `Idempotency-Key` derived from the session and the model's tool call id,
 * so a retried conversation (same session, same ids) repeats the same key and
 * the upstream can drop the duplicate. The outcome records the request
 * (stored header values redacted) and the response; an upstream error,
 * refusal or timeout is a failed tool call, never an exception.
 */
export function httpTool(row: HttpTool, name: string, permission: ToolPermission, settings: EngineSettings): Tool {
  return {
    name,
    description: row.description,
    inputSchema: row.inputSchema,
    permission,
    async invoke(args, context) {
      try {
        return await call(row, args, context, settings);
      } catch (error) {
        // Anything unexpected (a stored secret that no longer decrypts, say) fails this call, not the conversation.
        return { status: 'failed', result: { error: 'tool_error', message: (error as Error)?.message ?? String(error) } };
      }
    },
  };
}

export function idempotencyKey(sessionId: string, toolCallId: string): string {
  return createHash('sha256').update(`${sessionId}\n${toolCallId}`).digest('hex').slice(0, 40);
}

async function call(row: HttpTool, args: Record<string, unknown>, context: ToolContext, settings: EngineSettings): Promise<ToolOutcome> {
  const missing = row.parameters.filter((p) => p.required && (args[p.name] === undefined || args[p.name] === null)).map((p) => p.name);
  if (row.hasBody && (row.inputSchema.required as string[] | undefined)?.includes('body') && args.body === undefined) missing.push('body');
  if (missing.length) return { status: 'failed', result: { error: 'invalid_arguments', message: `Missing: ${missing.join(', ')}` } };

  let path = row.urlTemplate;
  const query = new URLSearchParams();
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const p of row.parameters) {
    const value = args[p.name];
    if (value === undefined || value === null) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (p.in === 'path') path = path.replaceAll(`{${p.name}}`, encodeURIComponent(text));
    else if (p.in === 'query') query.append(p.name, text);
    else headers[p.name.toLowerCase()] = text.replace(/[\r\n]/g, ' ');
  }
  const url = query.size ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
  const body = row.hasBody && args.body !== undefined ? JSON.stringify(args.body) : undefined;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (row.method !== 'GET') headers['idempotency-key'] = idempotencyKey(context.sessionId, context.toolCallId ?? `${row.name}:${JSON.stringify(args)}`);
  const stored: Record<string, string> = row.headersEncrypted ? JSON.parse(decryptSecret(settings.encryptionKey, row.headersEncrypted, row.organization)) : {};

  const request = {
    method: row.method,
    url,
    headers: { ...headers, ...Object.fromEntries(Object.keys(stored).map((k) => [k, '[redacted]'])) },
    ...(body !== undefined ? { body: args.body } : {}),
  };
  let response;
  try {
    response = await safeRequest(url, {
      method: row.method,
      headers: { ...headers, ...stored },
      body,
      allowedHosts: settings.allowedHosts,
      dispatcher: dispatcherFor(settings),
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_RESPONSE_BYTES,
    });
  } catch (error) {
    if (!(error instanceof OutboundRequestError)) throw error;
    return { status: 'failed', result: { error: error.kind, message: error.message, request } };
  }
  let parsed: unknown = response.text.slice(0, MAX_RECORDED_CHARS);
  if ((response.headers['content-type'] ?? '').includes('json') && response.text.length <= MAX_RECORDED_CHARS) {
    try {
      parsed = JSON.parse(response.text);
    } catch {}
  }
  const ok = response.status >= 200 && response.status < 300;
  return {
    status: ok ? 'succeeded' : 'failed',
    result: {
      ...(ok ? {} : { error: 'upstream_status', message: `The API answered ${response.status}` }),
      request,
      response: { status: response.status, body: parsed },
    },
  };
}
