import { setTimeout as sleep } from 'node:timers/promises';
import { errors as undiciErrors, request, type Dispatcher } from 'undici';
import { checkUrlHost, ForbiddenAddressError } from '../outbound-http.js';
import { ModelError, type ChatMessage, type ChatModel, type ChatRequest, type ChatResponse, type ChatToolCall, type CompleteOptions } from './chat-model.js';
import { readChatStream, type StreamedReply } from './chat-stream.js';

/**
 * The `openai-compatible` provider: the Chat Completions wire format with
 * tool calling (POST {base_url}/chat/completions), which OpenAI, Azure's
 * v1 endpoint, vLLM, Ollama, LiteLLM, OpenRouter and most gateways speak.
 *
 * Failures are typed (ModelError): 401/403 `unauthorized`, 429
 * `rate_limited`, 5xx `server_error`, other 4xx `bad_request`, plus
 * `timeout`, `network` and `bad_response`. 429 and 5xx are retried
 * (`maxRetries` times) after the server's Retry-After when it sends one,
 * else after a short exponential backoff. A Retry-After longer than
 * `maxRetryDelayMs` is not waited for: on a live call, silence that long is
 * worse than failing.
 *
 * With `onText` the request is streamed (`stream: true`, server-sent events,
 * chat-stream.ts): text reaches the caller as it is generated, tool calls are
 * assembled from their deltas, and the result is the same ChatResponse. A
 * failure after some text was delivered is not retried (the caller may have
 * spoken it already). A server that ignores `stream` and answers JSON is read
 * as before, its text handed to `onText` in one piece.
 */
export interface OpenAiCompatibleOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Per attempt, covering connect, headers and body. */
  timeoutMs: number;
  maxRetries?: number;
  maxRetryDelayMs?: number;
  /** Hosts that may be private addresses (config OUTBOUND_ALLOWED_HOSTS); see modules/outbound-http. */
  allowedHosts: readonly string[];
  /** The guarded dispatcher (guardedDispatcher) that refuses private addresses after DNS. */
  dispatcher: Dispatcher;
}

/** A response larger than this is refused: a chat completion is a few kilobytes. */
const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
const BASE_BACKOFF_MS = 250;

interface WireToolCall {
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string };
}

export function createOpenAiCompatibleModel(options: OpenAiCompatibleOptions): ChatModel {
  const url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/chat/completions`);
  const maxRetries = options.maxRetries ?? 2;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 10_000;

  return {
    async complete(chat: ChatRequest, completeOptions?: CompleteOptions): Promise<ChatResponse> {
      const onText = completeOptions?.onText;
      let delivered = false;
      const stream = onText
        ? (delta: string) => {
            delivered = true;
            onText(delta);
          }
        : undefined;
      const body = JSON.stringify({ ...toWireRequest(options.model, chat), ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}) });
      for (let attempt = 1; ; attempt++) {
        try {
          return await attemptOnce(url, body, options, stream);
        } catch (error) {
          if (!(error instanceof ModelError) || !error.retryable || attempt > maxRetries || delivered) {
            if (error instanceof ModelError) error.details.attempts = attempt;
            throw error;
          }
          const wait = retryDelay(error, attempt);
          if (wait > maxRetryDelayMs) {
            throw new ModelError(error.kind, `${error.message}; the provider asked to wait ${Math.ceil(wait / 1000)} s, longer than a caller can`, {
              ...error.details,
              attempts: attempt,
            });
          }
          await sleep(wait);
        }
      }
    },
  };
}

/** Retry-After (seconds or an HTTP date) rides on the error; otherwise 250 ms, 500 ms, 1 s, ... */
function retryDelay(error: ModelError & { retryAfterMs?: number }, attempt: number): number {
  return error.retryAfterMs ?? BASE_BACKOFF_MS * 2 ** (attempt - 1);
}

function parseRetryAfter(value: string | string[] | undefined): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw.trim())) return Math.round(Number(raw) * 1000);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function toWireRequest(model: string, chat: ChatRequest) {
  const messages: Record<string, unknown>[] = [{ role: 'system', content: chat.system }, ...chat.messages.map(toWireMessage)];
  return {
    model,
    messages,
    ...(chat.tools.length
      ? {
          tools: chat.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } })),
          tool_choice: 'auto',
        }
      : {}),
    ...(chat.temperature !== undefined ? { temperature: chat.temperature } : {}),
  };
}

function toWireMessage(message: ChatMessage): Record<string, unknown> {
  if (message.role === 'assistant') {
    return {
      role: 'assistant',
      content: message.content,
      ...(message.tool_calls?.length
        ? { tool_calls: message.tool_calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.arguments) } })) }
        : {}),
    };
  }
  return { ...message };
}

async function attemptOnce(url: URL, body: string, options: OpenAiCompatibleOptions, onText?: (delta: string) => void): Promise<ChatResponse> {
  let response: Dispatcher.ResponseData;
  try {
    checkUrlHost(url, options.allowedHosts);
    response = await request(url, {
      method: 'POST',
      dispatcher: options.dispatcher,
      headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json', accept: onText ? 'text/event-stream' : 'application/json' },
      body,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    throw transportError(error, url, options.timeoutMs);
  }
  const status = response.statusCode;
  if (onText && status >= 200 && status < 300 && String(response.headers['content-type'] ?? '').startsWith('text/event-stream')) {
    try {
      return fromStream(await readChatStream(response.body, onText, MAX_RESPONSE_BYTES));
    } catch (error) {
      throw transportError(error, url, options.timeoutMs);
    }
  }
  let text: string;
  try {
    text = await readLimited(response.body);
  } catch (error) {
    throw transportError(error, url, options.timeoutMs);
  }
  if (status >= 200 && status < 300) {
    const completion = parseCompletion(text);
    if (onText && completion.text) onText(completion.text);
    return completion;
  }

  const reason = providerMessage(text);
  const where = `${url.host} answered ${status}${reason ? `: ${reason}` : ''}`;
  if (status === 401 || status === 403) throw new ModelError('unauthorized', `The model provider refused the API key (${where})`, { status });
  if (status === 429) {
    throw Object.assign(new ModelError('rate_limited', `The model provider is rate limiting (${where})`, { status }), {
      retryAfterMs: parseRetryAfter(response.headers['retry-after']),
    });
  }
  if (status >= 500) {
    throw Object.assign(new ModelError('server_error', `The model provider failed (${where})`, { status }), {
      retryAfterMs: parseRetryAfter(response.headers['retry-after']),
    });
  }
  throw new ModelError('bad_request', `The model provider refused the request (${where})`, { status });
}

function transportError(error: unknown, url: URL, timeoutMs: number): ModelError {
  if (error instanceof ModelError) return error;
  if (error instanceof ForbiddenAddressError) return new ModelError('configuration', `The model provider's address is not allowed: ${error.message}`);
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof ForbiddenAddressError) return new ModelError('configuration', `The model provider's address is not allowed: ${cause.message}`);
  const name = (error as Error)?.name;
  if (name === 'TimeoutError' || name === 'AbortError' || error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError) {
    return new ModelError('timeout', `The model provider at ${url.host} did not answer within ${timeoutMs} ms`);
  }
  return new ModelError('network', `Could not reach the model provider at ${url.host}: ${(error as Error)?.message ?? String(error)}`);
}

async function readLimited(body: Dispatcher.ResponseData['body']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > MAX_RESPONSE_BYTES) {
      body.destroy();
      throw new ModelError('bad_response', `The model provider's answer is larger than ${MAX_RESPONSE_BYTES} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The provider's own error text ({error: {message}} in the OpenAI format), cut short: it goes into transcripts. */
function providerMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof message === 'string') return message.slice(0, 300);
  } catch {}
  return text.trim().slice(0, 200);
}

function parseCompletion(text: string): ChatResponse {
  let parsed: {
    choices?: { message?: { content?: unknown; tool_calls?: WireToolCall[] } }[];
    usage?: { prompt_tokens?: number; completion_tokens?: number };
  };
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ModelError('bad_response', 'The model provider answered with something that is not JSON');
  }
  const message = parsed?.choices?.[0]?.message;
  if (!message || typeof message !== 'object') throw new ModelError('bad_response', 'The model provider answered without choices[0].message');
  const content = typeof message.content === 'string' && message.content.trim() ? message.content : undefined;
  const toolCalls: ChatToolCall[] = [];
  for (const [i, call] of (Array.isArray(message.tool_calls) ? message.tool_calls : []).entries()) {
    const name = call?.function?.name;
    if (typeof name !== 'string' || !name) throw new ModelError('bad_response', `The model's tool call ${i} has no function name`);
    toolCalls.push({ id: typeof call.id === 'string' && call.id ? call.id : `call_${i}`, name, arguments: parseArguments(call.function?.arguments) });
  }
  return {
    ...(content !== undefined ? { text: content } : {}),
    ...(toolCalls.length ? { toolCalls } : {}),
    ...(parsed.usage ? { usage: { inputTokens: parsed.usage.prompt_tokens ?? 0, outputTokens: parsed.usage.completion_tokens ?? 0 } } : {}),
  };
}

function fromStream(reply: StreamedReply): ChatResponse {
  const text = reply.text.trim() ? reply.text : undefined;
  const toolCalls = reply.toolCalls.map((call, i): ChatToolCall => {
    if (!call.name) throw new ModelError('bad_response', `The model's tool call ${i} has no function name`);
    return { id: call.id || `call_${i}`, name: call.name, arguments: parseArguments(call.arguments) };
  });
  return { ...(text !== undefined ? { text } : {}), ...(toolCalls.length ? { toolCalls } : {}), ...(reply.usage ? { usage: reply.usage } : {}) };
}

/**
 * Arguments arrive as a JSON string. Models sometimes emit broken JSON; the
 * raw text is kept under `_unparsed`, which no tool accepts, so the call fails
 * with a message the model can read and correct, instead of failing the call.
 */
function parseArguments(raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null || raw === '') return {};
  if (typeof raw === 'object') return raw as Record<string, unknown>;
  try {
    const value = JSON.parse(String(raw));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {}
  return { _unparsed: String(raw).slice(0, 2000) };
}
