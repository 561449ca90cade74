import { BillingOverviewQuery, BillingOverviewResponse } from '../../modules/analytics/analytics.schemas.js';
import { getBillingOverview } from '../../modules/analytics/get-billing-overview.js';
import { defineTool, scopedProject } from '../tool.js';

export const billingOverviewGet = defineTool({
  name: 'billing_overview_get',
  title: 'Billing overview',
  description:
    'Spend to date from the costs of the calls, in micros (millionths of the currency unit): today, this month, ' +
    'last month and this year, each day of this month, the last months (default 12), and this and last month ' +
    'per agent and per phone number. Days and months are those of time_zone; as_of moves "to date" into the past. ' +
    'Counts live calls only unless kind asks for test runs or simulated calls too.',
  input: BillingOverviewQuery.shape,
  output: BillingOverviewResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  permission: 'billing:read',
  handler: async (query, { em, principal }) => ({
    billing_overview: await getBillingOverview(em, principal.organizationId, {
      ...query,
      project_id: scopedProject(principal, query.project_id),
    }),
  }),
});
