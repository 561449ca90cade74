/**
 * The OpenAPI document's tags, each with what it groups, in the order a reader meets them. A route's `tag` is typed
 * as one of these, so the reference never shows an undescribed group.
 */
export const TAGS = {
  Authentication: 'Exchange API client credentials for a bearer token. Every other route needs the token and X-Organization-Id.',
  Organization: 'The organization of the token, its projects and price list.',
  'Members and roles': 'People in the organization: invitations, members, roles (built-in and custom) and project roles.',
  'Audit log': 'Who changed what, for every change made through the API, MCP or the dashboard.',
  Agents: 'Voice agents: configuration in immutable versions, branches and merges, prompt patches and revisions, publish, rollback, traffic splits, archive.',
  'Tests and evaluations': 'Scripted conversations an agent must pass (the merge and release gate) and their evaluations.',
  Releases: 'Release pipelines: tests, canary share, guard thresholds, approval, promotion and rollback, run as Temporal workflows.',
  'Call sessions': 'Calls that happened: transcripts, legs, tool calls, recordings, costs, live hangup.',
  Analytics: 'Counts, durations, outcomes and costs over time, by agent and other groupings.',
  Billing: 'Spend against the price list, by component and period.',
  'Model providers': 'LLM providers an agent can run on (OpenAI-compatible endpoints and the built-in simulator).',
  'Speech providers': 'Speech-to-text and text-to-speech providers (cloud and local).',
  Voices: 'Voices an agent can speak with, and voice clones.',
  Telephony: 'Phone numbers, carrier connections, SIP trunks and endpoints, and destinations that route calls to agents.',
  'Outbound calls': 'Single outbound calls: dialled exactly once, with do-not-call and calling-window checks.',
  Campaigns: 'Outbound campaigns: recipients, pacing, calling windows, spend caps, retries; pause, resume, cancel.',
  'Contacts and do-not-call': 'People the organization may call, CSV import, and the do-not-call list checked before every dial.',
  'Agent triggers': 'Webhooks: signed deliveries of call and campaign events to your URL, with retries, runs, re-send and replay.',
  Tools: 'HTTP tools imported from OpenAPI documents, which agents call during conversations.',
  'MCP servers': 'External MCP servers whose tools agents call, with discovery, sync and OAuth sign-in.',
  Knowledge: 'Documents agents search during calls (search_knowledge) and retrieval.',
  Integrations: 'Connections to calendars, CRMs and help desks that give agents ready-made tools.',
} as const;

export type Tag = keyof typeof TAGS;
