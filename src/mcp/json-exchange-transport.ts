import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  isJSONRPCRequest,
  type JSONRPCMessage,
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

  async send(message: JSONRPCMessage): Promise<void> {
    // Responses complete their request; notifications have no stream to go to in JSON mode and are dropped.
    if ('id' in message && message.id !== undefined && ('result' in message || 'error' in message)) {
      this.waiting.get(message.id)?.(message);
      this.waiting.delete(message.id);
    }
  }

  async close(): Promise<void> {
    this.waiting.clear();
    this.onclose?.();
  }

  /** Validates the exchange the way the SDK's HTTP transport does, then runs its messages through the server. */
  async exchange(headers: Record<string, string | string[] | undefined>, body: unknown, extra: MessageExtraInfo): Promise<ExchangeResult> {
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
    let messages: JSONRPCMessage[];
    try {
      messages = raw.map((m) => JSONRPCMessageSchema.parse(m));
    } catch {
      return refusal(400, -32700, 'Parse error: Invalid JSON-RPC message');
    }
    const requests = messages.filter(isJSONRPCRequest);
    const answers = requests.map((request) => new Promise<JSONRPCMessage>((resolve) => this.waiting.set(request.id, resolve)));
    for (const message of messages) this.onmessage?.(message, extra);
    if (requests.length === 0) return { status: 202 };
    const responses = await Promise.all(answers);
    return { status: 200, body: Array.isArray(body) ? responses : responses[0] };
  }
}
