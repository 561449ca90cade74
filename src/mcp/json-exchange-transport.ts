import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type MessageExtraInfo,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

/**
 * The transport of one stateless MCP HTTP exchange: the request's JSON-RPC
 * messages in, the server's responses out, as one JSON body. It does what the
 * SDK's StreamableHTTPServerTransport does in stateless JSON-response mode
 * (the same Accept, Content-Type, protocol-version and message checks, 202 for
 * notifications only) without converting the Node request to a Web Request
 * and back through streams, which the profile showed as most of what an MCP
 * call cost beyond the REST route doing the same work (docs/decisions/0016).
 */
export type ExchangeResult =
  | { status: 200; body: JSONRPCMessage | JSONRPCMessage[] }
  | { status: 202 }
  | { status: 400 | 406 | 415; body: { jsonrpc: '2.0'; error: { code: number; message: string }; id: null } };

const refusal = (status: 400 | 406 | 415, code: number, message: string): ExchangeResult => ({
  status,
  body: { jsonrpc: '2.0', error: { code, message }, id: null },
});

export class JsonExchangeTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  private readonly waiting = new Map<RequestId, (message: JSONRPCMessage) => void>();

  async start(): Promise<void> {}

  /** Where notifications go while the exchange runs: an SSE answer's stream (progress); none in JSON mode. */
  private notify?: (message: JSONRPCMessage) => void;

  async send(message: JSONRPCMessage): Promise<void> {
    // Responses complete their request; notifications go to the exchange's event stream, or are dropped in JSON mode.
    if ('id' in message && message.id !== undefined && ('result' in message || 'error' in message)) {
      this.waiting.get(message.id)?.(message);
      this.waiting.delete(message.id);
    } else if ('method' in message && !('id' in message)) {
      this.notify?.(message);
    }
  }

  async close(): Promise<void> {
    this.waiting.clear();
    this.onclose?.();
  }

  /**
   * Validates the exchange the way the SDK's HTTP transport does, then runs its messages through the server.
   * `notify` receives the server's notifications while the exchange runs (an SSE answer: progress).
   */
  async exchange(
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
    extra: MessageExtraInfo,
    notify?: (message: JSONRPCMessage) => void,
  ): Promise<ExchangeResult> {
    const refused = this.check(headers, body);
    if (refused) return refused;
    this.notify = notify;
    const messages = (Array.isArray(body) ? body : [body]) as JSONRPCMessage[];
    const requests = messages.filter((m): m is JSONRPCRequest => 'method' in m && 'id' in m);
    const answers = requests.map((request) => new Promise<JSONRPCMessage>((resolve) => this.waiting.set(request.id, resolve)));
    for (const message of messages) this.onmessage?.(message, extra);
    if (requests.length === 0) return { status: 202 };
    const responses = await Promise.all(answers);
    this.notify = undefined;
    return { status: 200, body: Array.isArray(body) ? responses : responses[0] };
  }

  /** The refusal of a malformed exchange (406, 415, 400), or undefined when it may run. */
  check(headers: Record<string, string | string[] | undefined>, body: unknown): ExchangeResult | undefined {
    const accept = String(headers.accept ?? '');
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return refusal(406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream');
    }
    if (!/^application\/json\s*(;|$)/i.test(String(headers['content-type'] ?? ''))) {
      return refusal(415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    }
    const version = headers['mcp-protocol-version'];
    if (typeof version === 'string' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      return refusal(400, -32000, `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`);
    }
    const raw = Array.isArray(body) ? body : [body];
    if (raw.length === 0 || raw.length > 20) return refusal(400, -32600, 'Invalid Request: send one JSON-RPC message (or a batch of at most 20)');
    if (!raw.every(isJsonRpcMessage)) return refusal(400, -32700, 'Parse error: Invalid JSON-RPC message');
    return undefined;
  }
}

/**
 * Whether an exchange asks for progress (a request with `_meta.progressToken`): it is then answered as an
 * event stream (Streamable HTTP's SSE response), so the notifications reach the client while the call runs.
 */
export function wantsProgress(body: unknown): boolean {
  return (Array.isArray(body) ? body : [body]).some(
    (m) => isObject(m) && 'id' in m && isObject(m.params) && isObject(m.params._meta) && m.params._meta.progressToken !== undefined,
  );
}

const KEYS = {
  request: new Set(['jsonrpc', 'id', 'method', 'params']),
  notification: new Set(['jsonrpc', 'method', 'params']),
  result: new Set(['jsonrpc', 'id', 'result']),
  error: new Set(['jsonrpc', 'id', 'error']),
};
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown) => typeof value === 'string' || Number.isInteger(value);
/** `_meta`: absent, or an object whose progressToken, when given, is a string or an integer. */
const validMeta = (meta: unknown) => meta === undefined || (isObject(meta) && (meta.progressToken === undefined || isId(meta.progressToken)));
const onlyKeys = (value: Record<string, unknown>, allowed: Set<string>) => Object.keys(value).every((key) => allowed.has(key));

/**
 * The SDK's JSONRPCMessageSchema (a request, notification, result or error,
 * each a strict object: no other keys) as a plain check: the zod union ran on
 * every message of every request, and the SDK's protocol layer validates
 * each request's params against its method's schema again anyway.
 * test/mcp/json-exchange-transport.test.ts holds the two to the same answers.
 */
export function isJsonRpcMessage(value: unknown): boolean {
  if (!isObject(value) || value.jsonrpc !== '2.0') return false;
  if (value.params !== undefined && !(isObject(value.params) && validMeta(value.params._meta))) return false;
  if ('method' in value) {
    if (typeof value.method !== 'string') return false;
    return 'id' in value ? isId(value.id) && onlyKeys(value, KEYS.request) : onlyKeys(value, KEYS.notification);
  }
  if ('result' in value) return isId(value.id) && isObject(value.result) && validMeta(value.result._meta) && onlyKeys(value, KEYS.result);
  if ('error' in value) {
    const error = value.error;
    return (
      (value.id === undefined || isId(value.id)) &&
      isObject(error) &&
      Number.isInteger(error.code) &&
      typeof error.message === 'string' &&
      onlyKeys(value, KEYS.error)
    );
  }
  return false;
}
