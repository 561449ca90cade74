/**
 * The one interface the conversation engine talks to a language model
 * through (decision 0010). Messages follow the Chat Completions shape,
 * since it is the lingua franca of model APIs; the system prompt is separate
 * because every provider treats it specially.
 */
export interface ChatToolCall {
  /** Provider-made id that the tool's result message refers back to. */
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

export type ChatMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; content: string; tool_call_id: string };

export interface ChatToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters: Record<string, unknown>;
}

export interface ChatRequest {
  system: string;
  messages: ChatMessage[];
  tools: ChatToolSpec[];
  temperature?: number;
}

export interface ChatUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface ChatResponse {
  text?: string;
  toolCalls?: ChatToolCall[];
  usage?: ChatUsage;
}

export interface CompleteOptions {
  /**
   * Called with each piece of the reply's text as the model produces it, so a
   * live call can start speaking at the first complete sentence instead of
   * after the whole reply. The promise still resolves with the whole
   * response (text and tool calls assembled). Models that cannot stream call
   * it once with the whole text.
   */
  onText?: (delta: string) => void;
}

export interface ChatModel {
  complete(request: ChatRequest, options?: CompleteOptions): Promise<ChatResponse>;
}

export type ModelErrorKind = 'unauthorized' | 'rate_limited' | 'server_error' | 'bad_request' | 'timeout' | 'network' | 'bad_response' | 'configuration';

/**
 * Why a model could not answer. The engine turns any of these into a failed
 * call (end reason `error`) with the message in the transcript, so messages
 * must be fit for an operator to read and must never contain the API key.
 */
export class ModelError extends Error {
  constructor(
    readonly kind: ModelErrorKind,
    message: string,
    readonly details: { status?: number; attempts?: number } = {},
  ) {
    super(message);
    this.name = 'ModelError';
  }

  /**
   * 429 and 5xx may succeed when tried again. A timeout is not retried: the
   * caller has already waited the whole timeout in silence.
   */
  get retryable(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'server_error';
  }
}
