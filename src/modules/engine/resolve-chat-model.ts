import type { Em } from '../../db/orm.js';
import type { AgentConfig } from '../agents/agents.schemas.js';
import { decryptSecret, SecretDecryptionError } from '../secrets/secret-box.js';
import { ModelError, type ChatModel } from './chat-model.js';
import { dispatcherFor, type EngineSettings } from './engine-settings.js';
import { ModelProvider } from './engine.entity.js';
import { createOpenAiCompatibleModel } from './openai-compatible-model.js';
import { createSimulatedModel } from './simulated-model.js';

/**
 * The model a version runs on. `simulated` needs nothing but the version's
 * rules; `openai-compatible` needs one of the organization's model
 * providers: the one `model.provider_id` names, else the organization's only
 * one. Anything missing is a ModelError('configuration'), which the engine
 * records as a failed call like any other model failure.
 */
export async function resolveChatModel(em: Em, organizationId: string, model: AgentConfig['model'], settings: EngineSettings): Promise<ChatModel> {
  if (model.provider === 'simulated') return createSimulatedModel(model.rules);

  let provider: ModelProvider | null;
  if (model.provider_id) {
    provider = await em.findOne(ModelProvider, { id: model.provider_id, organization: organizationId });
    if (!provider) throw new ModelError('configuration', `Model provider ${model.provider_id} was not found in this organization`);
  } else {
    const all = await em.find(ModelProvider, { organization: organizationId }, { orderBy: { id: 'asc' }, limit: 2 });
    if (all.length !== 1) {
      throw new ModelError(
        'configuration',
        all.length
          ? "The organization has several model providers: name one in the agent's model.provider_id"
          : 'The organization has no model provider: create one (POST /v1/model_provider/create) to use openai-compatible models',
      );
    }
    provider = all[0];
  }
  let apiKey: string;
  try {
    apiKey = decryptSecret(settings.encryptionKey, provider.apiKeyEncrypted, organizationId);
  } catch (error) {
    if (error instanceof SecretDecryptionError)
      throw new ModelError('configuration', `The API key of model provider ${provider.id} cannot be read: ${error.message}`);
    throw error;
  }
  const name = model.name === 'default' ? provider.defaultModel : model.name;
  if (!name) throw new ModelError('configuration', `The agent asks for the default model, but model provider ${provider.id} has no default_model`);
  return createOpenAiCompatibleModel({
    baseUrl: provider.baseUrl,
    apiKey,
    model: name,
    timeoutMs: settings.modelTimeoutMs,
    allowedHosts: settings.allowedHosts,
    dispatcher: dispatcherFor(settings),
  });
}
