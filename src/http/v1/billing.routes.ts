import { BillingOverviewQuery, BillingOverviewResponse } from '../../modules/analytics/analytics.schemas.js';
import { getBillingOverview } from '../../modules/analytics/get-billing-overview.js';
import { route } from '../route.js';

export const billingRoutes = [
  route({
    method: 'get',
    path: '/v1/billing/overview',
    operationId: 'getBillingOverview',
    summary: 'Spend to date: today, this month, last month, this year, per day, per month, per agent and per phone number',
    description:
      'From the costs of sessions that ended or failed, counted by start time: live ones only unless kind names others ' +
      '(test runs, simulated calls). Money is in integer micros of currency. ' +
      'Days, months and years are those of time_zone; the periods end at as_of (default now), inclusive to the second.',
    tag: 'Billing',
    permission: 'billing:read',
    query: BillingOverviewQuery,
    response: BillingOverviewResponse,
    handler: async ({ em, principal, query }) => ({ billing_overview: await getBillingOverview(em, principal.organizationId, query) }),
  }),
];
