import { describe, it, expect } from '@jest/globals';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { isJsonRpcMessage } from '../../src/mcp/json-exchange-transport.js';

/**
 * The exchange transport checks each JSON-RPC message with a plain function
 * instead of the SDK's zod union (docs/decisions/0016): it must accept and
 * refuse exactly what the SDK's schema does.
 */
const cases: unknown[] = [
  { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_call', arguments: { session_id: 's' } } },
  { jsonrpc: '2.0', id: 'a', method: 'tools/list' },
  { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { progressToken: 7 } } },
  { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { progressToken: 'p', other: 1 } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
  { jsonrpc: '2.0', id: 3, result: {} },
  { jsonrpc: '2.0', id: 3, result: { tools: [], _meta: {} } },
  { jsonrpc: '2.0', id: 3, error: { code: -32600, message: 'bad', data: { x: 1 } } },
  { jsonrpc: '2.0', error: { code: -32700, message: 'parse' } },
  // Refused:
  null,
  [],
  'text',
  42,
  {},
  { jsonrpc: '1.0', id: 1, method: 'x' },
  { id: 1, method: 'x' },
  { jsonrpc: '2.0', id: 1.5, method: 'x' },
  { jsonrpc: '2.0', id: null, method: 'x' },
  { jsonrpc: '2.0', id: {}, method: 'x' },
  { jsonrpc: '2.0', id: 1, method: 7 },
  { jsonrpc: '2.0', id: 1, method: 'x', params: [] },
  { jsonrpc: '2.0', id: 1, method: 'x', params: 'p' },
  { jsonrpc: '2.0', id: 1, method: 'x', params: { _meta: 'm' } },
  { jsonrpc: '2.0', id: 1, method: 'x', params: { _meta: { progressToken: 1.5 } } },
  { jsonrpc: '2.0', id: 1, method: 'x', extra: true },
  { jsonrpc: '2.0', method: 'x', extra: true },
  { jsonrpc: '2.0', id: 1, result: [] },
  { jsonrpc: '2.0', result: {} },
  { jsonrpc: '2.0', id: 1, result: {}, extra: 1 },
  { jsonrpc: '2.0', id: 1, result: { _meta: 3 } },
  { jsonrpc: '2.0', id: 1, error: { code: 1.5, message: 'x' } },
  { jsonrpc: '2.0', id: 1, error: { code: 1 } },
  { jsonrpc: '2.0', id: 1, error: 'x' },
  { jsonrpc: '2.0', id: 1, error: { code: 1, message: 'x' }, extra: 1 },
];

describe('isJsonRpcMessage', () => {
  it.each(cases.map((c) => [JSON.stringify(c), c]))('answers as JSONRPCMessageSchema for %s', (_name, message) => {
    expect(isJsonRpcMessage(message)).toBe(JSONRPCMessageSchema.safeParse(message).success);
  });

  it('covers both answers', () => {
    const answers = cases.map(isJsonRpcMessage);
    expect(answers.filter(Boolean).length).toBe(10);
    expect(answers.filter((x) => !x).length).toBe(cases.length - 10);
  });
});
