import type { AppDeps } from '../deps.js';
import { engineSettingsFrom } from '../modules/engine/engine-settings.js';
import type { EngineDeps } from '../modules/engine/run-conversation.js';
import { temporalConfirmations } from '../modules/engine/temporal-confirmations.js';

/**
 * What the conversation engine gets from the API process: the ORM, the
 * settings from the app's config, and Ask-permission confirmations through
 * the app's Temporal client (none when the process runs without Temporal:
 * Ask tools are then refused, with the reason in the transcript).
 */
export function appEngineDeps(deps: Pick<AppDeps, 'orm' | 'config' | 'temporal'>): EngineDeps {
  return {
    orm: deps.orm,
    settings: engineSettingsFrom(deps.config),
    confirmations: deps.temporal ? temporalConfirmations(deps.temporal.client, deps.config.temporal.taskQueue) : undefined,
  };
}
