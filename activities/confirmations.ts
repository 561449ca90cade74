import { Context } from '@temporalio/activity';
import type { Confirmations } from '../src/modules/engine/confirmations.js';
import { temporalConfirmations } from '../src/modules/engine/temporal-confirmations.js';

/**
 * Ask-permission confirmations for a conversation that runs inside an
 * activity (outbound calls, test runs): through the worker's own Temporal
 * client, on the activity's task queue. Call it inside the activity.
 */
export function activityConfirmations(): Confirmations {
  const context = Context.current();
  return temporalConfirmations(context.client, context.info.taskQueue);
}
