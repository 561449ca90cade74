import type { Dispatcher } from 'undici';
import { ModelError, type ChatUsage } from './chat-model.js';

/** A tool call as its deltas assembled it: arguments still the JSON text the model wrote. */
export interface StreamedToolCall {
  id?: string;
  name?: string;
  arguments: string;
}

export interface StreamedReply {
  text: string;
  toolCalls: StreamedToolCall[];
  usage?: ChatUsage;
}

interface StreamChunk {
  choices?: {
    delta?: {
      content?: unknown;
      tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[];
    };
  }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { message?: string };
}

/**
 * Reads a streamed Chat Completion (`stream: true`): server-sent events whose
 * `data:` lines each hold a chunk with `choices[0].delta`, ending with
 * `data: [DONE]`. Text deltas go to `onText` as they arrive; tool calls come
 * in pieces keyed by `index` (the id and name first, the arguments' JSON text
 * split over many chunks) and are assembled here. With
 * `stream_options.include_usage` the last chunk carries the usage.
 */
export async function readChatStream(body: Dispatcher.ResponseData['body'], onText: (delta: string) => void, maxBytes: number): Promise<StreamedReply> {
  const reply: StreamedReply = { text: '', toolCalls: [] };
  const calls = new Map<number, StreamedToolCall>();
  const decoder = new TextDecoder();
  let buffer = '';
  let size = 0;
  let done = false;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      body.destroy();
      throw new ModelError('bad_response', `The model provider's answer is larger than ${maxBytes} bytes`);
    }
    buffer += decoder.decode(chunk as Buffer, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      if (!line.startsWith('data:')) continue; // comments (": keep-alive"), event names, blank separators
      const data = line.slice(5).trim();
      if (data === '[DONE]') {
        done = true;
        continue;
      }
      applyChunk(parseChunk(data), reply, calls, onText);
    }
  }
  if (!done) throw new ModelError('bad_response', "The model provider's stream ended without [DONE]");
  reply.toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
  return reply;
}

function parseChunk(data: string): StreamChunk {
  try {
    return JSON.parse(data) as StreamChunk;
  } catch {
    throw new ModelError('bad_response', 'The model provider streamed a chunk that is not JSON');
  }
}

function applyChunk(chunk: StreamChunk, reply: StreamedReply, calls: Map<number, StreamedToolCall>, onText: (delta: string) => void): void {
  if (chunk.error) throw new ModelError('server_error', `The model provider failed mid-stream: ${String(chunk.error.message ?? 'error').slice(0, 300)}`);
  if (chunk.usage) reply.usage = { inputTokens: chunk.usage.prompt_tokens ?? 0, outputTokens: chunk.usage.completion_tokens ?? 0 };
  const delta = chunk.choices?.[0]?.delta;
  if (!delta) return;
  if (typeof delta.content === 'string' && delta.content) {
    reply.text += delta.content;
    onText(delta.content);
  }
  for (const [position, piece] of (Array.isArray(delta.tool_calls) ? delta.tool_calls : []).entries()) {
    const index = typeof piece.index === 'number' ? piece.index : position;
    const call = calls.get(index) ?? { arguments: '' };
    if (piece.id) call.id = piece.id;
    if (piece.function?.name) call.name = (call.name ?? '') + piece.function.name;
    if (typeof piece.function?.arguments === 'string') call.arguments += piece.function.arguments;
    calls.set(index, call);
  }
}
