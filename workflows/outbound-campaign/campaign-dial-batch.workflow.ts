import { ParentClosePolicy, proxyActivities, proxyLocalActivities, startChild, WorkflowIdReusePolicy } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { presets } from '../activity-presets.js';
import { describe } from '../outbound-call/run-call.js';
import { workflowIds } from '../workflow-ids.js';
import { campaignDial } from './campaign-dial.workflow.js';
import type { DialBatchInput } from './messages.js';

const batch = proxyActivities<Activities>(presets.campaignDialBatch);
const local = proxyLocalActivities<Activities>(presets.campaignLocalStep);

/**
 * The dials of one claim of a campaign, `dial-batch/<campaign>/<token>`
 * (decision 0033). Its activity runs the claim's carrier dials side by side,
 * each start to finish, so a dial costs no workflow of its own: a claim of
 * fifty costs one workflow and one activity. It is a workflow, not an
 * activity of the campaign, so it outlives the campaign run's continueAsNew
 * as each dial workflow did. A dial whose caller number goes out through a
 * SIP trunk needs a media process: it becomes a campaignDial workflow of its
 * own (same id as always: an attempt is dialled at most once). A batch whose
 * activity fails for good settles its open dials (each call's own ending if
 * it reached one, else failed), so the campaign's slots always come back.
 */
export async function campaignDialBatch(input: DialBatchInput): Promise<void> {
  let sip: Awaited<ReturnType<Activities['dialCampaignBatch']>>['sip'];
  try {
    ({ sip } = await batch.dialCampaignBatch(input.campaignId, input.token));
  } catch (error) {
    await local.failCampaignBatch(input.campaignId, input.token, `The dial's batch failed: ${describe(error)}`);
    return;
  }
  await Promise.all(
    sip.map(async (dial) => {
      try {
        await startChild(campaignDial, {
          workflowId: workflowIds.dial(input.campaignId, dial.contactId, dial.attempt),
          workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
          parentClosePolicy: ParentClosePolicy.ABANDON,
          args: [{ campaignId: input.campaignId, recipientId: dial.recipientId, attempt: dial.attempt }],
        });
      } catch (error) {
        // The dial exists already: it runs (or ran) and writes its own result.
        if ((error as Error).name !== 'WorkflowExecutionAlreadyStartedError') throw error;
      }
    }),
  );
}
