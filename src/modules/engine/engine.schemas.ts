import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { MODEL_PROVIDER_KINDS } from './engine.entity.js';
import { plainBaseUrl } from '../url-schemas.js';
import { pageFields } from '../paging.js';

extendZodWithOpenApi(z);

const Id = (what: string) =>
  z
    .string()
    .min(1)
    .max(60)
    .regex(/^[A-Za-z0-9_-]+$/, 'an id such as ver_01J...')
    .describe(what);

// ---- model providers ----

export const CreateModelProviderBody = z
  .object({
    name: z.string().trim().min(1).max(100).describe('Unique within the organization, e.g. "openai" or "local vllm".'),
    kind: z.enum(MODEL_PROVIDER_KINDS).default('openai-compatible').describe('The wire format; openai-compatible: Chat Completions.'),
    base_url: plainBaseUrl(' (the API key goes in api_key)').describe('Up to and without /chat/completions, e.g. https://api.openai.com/v1.'),
    api_key: z.string().trim().min(1).max(4096).describe('Sent as a Bearer token. Stored encrypted and never returned.'),
    default_model: z.string().trim().min(1).max(200).optional().describe('The model used when an agent\'s model name is "default".'),
  })
  .strict()
  .openapi('CreateModelProviderBody');
export type CreateModelProviderBody = z.input<typeof CreateModelProviderBody>;

export const ModelProviderView = z
  .object({
    model_provider_id: z.string(),
    name: z.string(),
    kind: z.enum(MODEL_PROVIDER_KINDS),
    base_url: z.string(),
    default_model: z.string().nullable(),
    has_api_key: z.literal(true).describe('The key is stored encrypted; it is never returned.'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('ModelProvider');
export type ModelProviderView = z.input<typeof ModelProviderView>;

export const ModelProviderResponse = z.object({ model_provider: ModelProviderView }).openapi('ModelProviderResponse');
export const ListModelProvidersResponse = z.object({ model_providers: z.array(ModelProviderView), ...pageFields }).openapi('ListModelProvidersResponse');

// ---- simulated calls ----

/**
 * A caller's address, loosely: an international number (spaces, dots,
 * dashes and parentheses are dropped before the check) or a sip:/sips: URI.
 */
export const CallerAddress = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(
    (v) => /^\+[1-9]\d{6,14}$/.test(v.replace(/[\s().-]/g, '')) || /^sips?:[^\s@]+@[^\s]+$/.test(v),
    'an E.164 number such as +14155550123, or a sip: URI',
  )
  .describe("The caller's address: an E.164 number (+14155550123) or a sip: URI.");

/** Turns are bounded so one request cannot run an unbounded conversation. */
export const MAX_CUSTOMER_TURNS = 100;

export const SimulateCallBody = z
  .object({
    branch_id: Id("Run on this branch's head (brn_...).").optional(),
    version_id: Id('Run on this version of the agent (ver_...).').optional(),
    caller: z
      .object({
        name: z.string().trim().max(200).nullable().optional().describe("The caller's name, if known."),
        address: CallerAddress,
      })
      .strict(),
    direction: z.enum(['inbound', 'outbound', 'web']).default('inbound').describe('inbound (default), outbound or web.'),
    phone_number: CallerAddress.optional().describe("The platform's own number that took the call."),
    customer_turns: z
      .array(z.string().trim().min(1).max(2000))
      .max(MAX_CUSTOMER_TURNS)
      .describe(
        `What the customer says, turn by turn (at most ${MAX_CUSTOMER_TURNS}). The call ends when they run out (customer_hangup) unless the agent ends it first.`,
      ),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.branch_id !== undefined && body.version_id !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['version_id'], message: 'give branch_id or version_id, not both' });
    }
  })
  .describe('Without branch_id or version_id the call is routed like a real one: by the traffic split, else to the live version.')
  .openapi('SimulateCallBody');
export type SimulateCallBody = z.input<typeof SimulateCallBody>;
