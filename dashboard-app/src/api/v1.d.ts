// Generated from the /v1 OpenAPI document by scripts/build-dashboard.ts: do not edit.
export interface paths {
    "/v1/auth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange client credentials for an access token
         * @description OAuth 2.0 client credentials. Also accepts application/x-www-form-urlencoded with grant_type=client_credentials.
         */
        post: operations["issueToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/call_session/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List call sessions, newest first
         * @description Sessions that started between from_time and to_time, newest first, each with its legs, transcripts and summaries. Pagination is by keyset: when has_more is true, send next_cursor as cursor (with the same filters) for the next page. A page never skips or repeats a session, also when new sessions arrive between pages. Every kind is listed unless kind says which (live, test, simulation, a comma list, or all).
         *
         *     Requires the permission `calls:read`.
         */
        get: operations["listCallSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/call_session/retrieve/{session_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve one call session
         * @description Requires the permission `calls:read`.
         */
        get: operations["retrieveCallSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/call_session/{session_id}/leg/{leg_id}/tool_call/{tool_call_id}/retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a tool call of a leg
         * @description Requires the permission `calls:read`.
         */
        get: operations["retrieveToolCall"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/call_session/{call_session_id}/hangup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hang up a live call
         * @description Ends a call in progress (status in_progress): the agent side hangs up and the call is recorded as ended. 409 when the call is not in progress.
         *
         *     Requires the permission `outbound:call`.
         */
        post: operations["hangupCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/call_session/{call_session_id}/recording_url/retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a signed link to the recording
         * @description Every request issues a new link, valid for one hour. The link serves audio/wav and needs no headers.
         *
         *     Requires the permission `recordings:read`.
         */
        get: operations["retrieveRecordingUrl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/call_session/{call_session_id}/cost_breakdown": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cost of a session per leg and per component
         * @description Amounts in micros. Phone time is priced per second, pro rata of the per-minute price list of the organization.
         *
         *     Requires the permission `billing:read`.
         */
        get: operations["retrieveCostBreakdown"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/call_session/analytics/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Dashboard totals, with the previous period for comparison
         * @description Counts sessions that ended or failed and started between from_time and to_time (inclusive to the second, as in the listing), live ones only unless kind names others (test runs, simulated calls). Money is in integer micros; rates are 0 to 1, to four decimals. previous_period holds the same numbers for the period of equal length just before from_time.
         *
         *     Requires the permission `analytics:read`.
         */
        get: operations["getAnalyticsOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/call_session/analytics/time_series": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sessions, duration and cost per hour, day, week or month
         * @description Counts sessions that ended or failed and started between from_time and to_time (inclusive to the second, as in the listing), live ones only unless kind names others (test runs, simulated calls). Money is in integer micros; rates are 0 to 1, to four decimals. Buckets follow the wall clock of time_zone; buckets without sessions are included with zeros.
         *
         *     Requires the permission `analytics:read`.
         */
        get: operations["getAnalyticsTimeSeries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/call_session/analytics/breakdown": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sessions split by agent, status, end reason, direction, project, phone number or kind
         * @description Counts sessions that ended or failed and started between from_time and to_time (inclusive to the second, as in the listing), live ones only unless kind names others (test runs, simulated calls). Money is in integer micros; rates are 0 to 1, to four decimals.
         *
         *     Requires the permission `analytics:read`.
         */
        get: operations["getAnalyticsBreakdown"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/call_session/analytics/heatmap": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sessions by weekday and hour of the day
         * @description Counts sessions that ended or failed and started between from_time and to_time (inclusive to the second, as in the listing), live ones only unless kind names others (test runs, simulated calls). Money is in integer micros; rates are 0 to 1, to four decimals. Weekday (0 is Monday) and hour are those of time_zone.
         *
         *     Requires the permission `analytics:read`.
         */
        get: operations["getAnalyticsHeatmap"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/call_session/analytics/agent_stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per-agent sessions, duration, cost, transfer, failure and tool-call numbers
         * @description Counts sessions that ended or failed and started between from_time and to_time (inclusive to the second, as in the listing), live ones only unless kind names others (test runs, simulated calls). Money is in integer micros; rates are 0 to 1, to four decimals.
         *
         *     Requires the permission `analytics:read`.
         */
        get: operations["getAnalyticsAgentStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/call_session/analytics/turn_stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per agent and version: callers' turns not understood, backchannels, and reply latency p50/p95
         * @description Counts sessions that ended or failed and started between from_time and to_time (inclusive to the second, as in the listing), live ones only unless kind names others (test runs, simulated calls). Money is in integer micros; rates are 0 to 1, to four decimals. Read from the transcripts: unrecognized and backchannel turns, and the latency of every measured reply (the end of the caller's speech to the reply's first audio), so versions can be compared before and after a release.
         *
         *     Requires the permission `analytics:read`.
         */
        get: operations["getAnalyticsTurnStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/call_session/analytics/cost": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Spend of a range: total, per agent and per day
         * @description Counts sessions that ended or failed and started between from_time and to_time (inclusive to the second, as in the listing), live ones only unless kind names others (test runs, simulated calls). Money is in integer micros; rates are 0 to 1, to four decimals. Days are those of time_zone, with zeros for days without sessions. The split of a session's cost by component is given per session, by the cost_breakdown route.
         *
         *     Requires the permission `billing:read`.
         */
        get: operations["getAnalyticsCost"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/billing/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Spend to date: today, this month, last month, this year, per day, per month, per agent and per phone number
         * @description From the costs of sessions that ended or failed, counted by start time: live ones only unless kind names others (test runs, simulated calls). Money is in integer micros of currency. Days, months and years are those of time_zone; the periods end at as_of (default now), inclusive to the second.
         *
         *     Requires the permission `billing:read`.
         */
        get: operations["getBillingOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/organization/retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization of the token, with its projects and price list
         * @description Requires the permission `org:read`.
         */
        get: operations["retrieveOrganization"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/project/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a project in the organization
         * @description Requires the permission `org:manage`.
         */
        post: operations["createProject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/project/delete/{project_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete an empty project
         * @description Refused with 409 while the project holds agents (archived ones too: their calls are records), HTTP tools, knowledge resources or integration connections (in_use_by names them), and for the organization's only project.
         *
         *     Requires the permission `org:manage`.
         */
        delete: operations["deleteProject"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_client/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's REST API clients, newest first, without their secrets
         * @description Requires the permission `org:manage`.
         */
        get: operations["listApiClients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_client/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a REST API client: its secret is in this answer only
         * @description The answer carries client_secret once: only its hash is stored. POST /v1/auth/token exchanges client_id and client_secret for a bearer token. The role defaults to viewer; nobody creates a client with a role holding permissions they lack, and only an owner creates an owner client.
         *
         *     Requires the permission `org:manage`.
         */
        post: operations["createApiClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_client/revoke/{client_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a REST API client: it gets no new token, and its tokens are refused within seconds
         * @description Requires the permission `org:manage`.
         */
        post: operations["revokeApiClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/organization/member/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Members of the organization with their roles and project roles
         * @description Requires the permission `org:read`.
         */
        get: operations["listMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/organization/invitation/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite a person by email to join the organization with a role
         * @description The person joins by accepting the invitation while signed in to the dashboard (/dashboard/invitations). The answer is the same whether or not an account with the email exists or is a member already. Nobody invites with a role holding permissions they do not have; only owners invite owners. A new invitation replaces an unanswered one to the same email.
         *
         *     Requires the permission `members:manage`.
         */
        post: operations["createInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/organization/invitation/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's invitations, newest first
         * @description Requires the permission `members:manage`.
         */
        get: operations["listInvitations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/organization/invitation/revoke/{invitation_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Withdraw an invitation that was not answered yet
         * @description An accepted or declined invitation cannot be revoked (409). Revoking twice is a no-op.
         *
         *     Requires the permission `members:manage`.
         */
        post: operations["revokeInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/organization/member/update/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a member's organization role
         * @description The last owner cannot be demoted (409).
         *
         *     Requires the permission `members:manage`.
         */
        put: operations["updateMember"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/organization/member/remove/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove a member from the organization
         * @description The last owner cannot be removed (409). Their assistant sign-ins stop working on the next request.
         *
         *     Requires the permission `members:manage`.
         */
        post: operations["removeMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/project/member/set": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set or clear a member's role in one project
         * @description Requires the permission `members:manage`.
         */
        post: operations["setProjectRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/role/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Built-in and custom roles with their permissions
         * @description Requires the permission `org:read`.
         */
        get: operations["listRoles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/role/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a custom role from named permissions
         * @description Requires the permission `members:manage`.
         */
        post: operations["createRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit_log/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Changes made through REST, MCP, the dashboard and the CLI, newest first
         * @description Requires the permission `audit:read`.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an agent with its main branch and first version
         * @description Returns the agent with its ETag (also in the ETag header) and prompt_hash.
         *
         *     Requires the permission `agents:write`.
         */
        post: operations["createAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/update/{agent_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change an agent: a new version on main (or on branch_id)
         * @description Optimistic concurrency: send the ETag you read as `If-Match`; if the head changed since, the answer is 412 with `current_etag`. Without If-Match the change applies to the current head (last write wins, field by field). The new ETag comes back in the ETag header and the body.
         *
         *     Requires the permission `agents:write`.
         */
        put: operations["updateAgent"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Agents, newest first, each with main's head
         * @description Requires the permission `agents:read`.
         */
        get: operations["listAgents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/retrieve/{agent_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An agent with the head of main (or of branch_id); ETag header
         * @description Requires the permission `agents:read`.
         */
        get: operations["retrieveAgent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/estimate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Price an agent before launch, in micros, from the organization's price list
         * @description Requires the permission `agents:read`.
         */
        post: operations["estimateAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/branch/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a branch: a working copy of main's head
         * @description A name used by another branch of the agent (merged ones included) is a 409.
         *
         *     Requires the permission `agents:write`.
         */
        post: operations["createAgentBranch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/branch/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Branches of an agent, main first
         * @description Requires the permission `agents:read`.
         */
        get: operations["listAgentBranches"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/prompt/patch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Anchored edits of the prompt, checked against the prompt hash you read
         * @description Same body as the MCP tool patch_agent_prompt (camelCase), without agentId. A stale expectedHash is a 409 HASH_MISMATCH with current_hash and, when your hash is a known revision, a unified diff since it; a missing or ambiguous anchor is a 422 (ANCHOR_NOT_FOUND, ANCHOR_AMBIGUOUS) naming it.
         *
         *     Requires the permission `agents:write`.
         */
        post: operations["patchAgentPrompt"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/prompt/revision/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prompt revisions, newest first
         * @description Requires the permission `agents:read`.
         */
        get: operations["listAgentPromptRevisions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/prompt/revision/{revision_id}/retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A prompt revision: its whole prompt and the diff from its parent
         * @description Requires the permission `agents:read`.
         */
        get: operations["retrieveAgentPromptRevision"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/prompt/revision/{revision_id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a revision's prompt as a new revision
         * @description Onto the revision's own branch, or the branch named by the branch_id query parameter. No body.
         *
         *     Requires the permission `agents:write`.
         */
        post: operations["restorePromptRevision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/branch/{branch_id}/merge/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview the three-way merge of a branch into main
         * @description Requires the permission `agents:read`.
         */
        post: operations["previewAgentBranchMerge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/branch/{branch_id}/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Merge a branch into main
         * @description A 409 MERGE_CONFLICT lists the conflicts; a 422 names required tests the branch head has not passed. Merging a merged branch again returns that merge (already_merged).
         *
         *     Requires the permission `agents:write`.
         */
        post: operations["mergeAgentBranch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make main's head the live version
         * @description The previous live version is kept for rollback. Publishing the live version again changes nothing.
         *
         *     Requires the permission `agents:publish`.
         */
        post: operations["publishAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/rollback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Return the live version to the one published before it
         * @description A 409 when nothing was live before the current version.
         *
         *     Requires the permission `agents:publish`.
         */
        post: operations["rollbackAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/unpublish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take the agent off the air: no version live, no traffic split
         * @description Refused with 409 while destinations route calls to the agent or campaigns, outbound calls, releases or enabled triggers drive it: in_use_by names each. The publication history keeps the version taken down; publishing again makes main's head live. Unpublishing an agent with nothing live changes nothing.
         *
         *     Requires the permission `agents:publish`.
         */
        post: operations["unpublishAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive an agent: out of the lists, no changes, calls or campaigns; its history stays readable
         * @description Refused with 409 while anything uses the agent (its live version, destinations, running campaigns and outbound calls, releases, enabled triggers): in_use_by names each and the detail says how to end it. Archived agents are listed with agent/list?archived=true and come back with unarchive. Archiving twice changes nothing.
         *
         *     Requires the permission `agents:publish`.
         */
        post: operations["archiveAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/unarchive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Bring an archived agent back: it takes changes again and can be published
         * @description Requires the permission `agents:publish`.
         */
        post: operations["unarchiveAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/traffic_split": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Split callers between versions by percent
         * @description Same body as the MCP tool set_agent_traffic_split, without agentId: shares naming a published version (versionId) or an open branch (branchId, resolved to its head now), whole percents adding up to 100. A caller keeps landing on the same version while the split stays (a stable hash of the caller and the agent). An empty split removes it: every caller then reaches the live version. A share on a branch head that has not passed the agent's required tests is refused with 422 naming the branch and the missing tests (the merge gate), unless `override: {reason}` is given; the override is recorded in the audit log with who gave it.
         *
         *     Requires the permission `agents:publish`.
         */
        post: operations["setAgentTrafficSplit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/simulate_call": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a simulated call: the customer's turns as text, through the conversation engine
         * @description Creates a real call session (legs, transcript, tool calls, variables, cost) and returns it. The version is version_id, or the head of branch_id, or, with neither, the one a real call from this caller reaches: by the traffic split, else the live version (409 when the agent has none). A model failure is not an error of this request: the session is returned with status failed and end reason error.
         *
         *     Requires the permission `tests:run`.
         */
        post: operations["simulateCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/model_provider/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a model provider (base URL and API key) for openai-compatible agents
         * @description The API key is stored encrypted and never returned. Agents name the provider in model.provider_id; an organization with one provider needs no provider_id. A base URL on a private or loopback address is refused.
         *
         *     Requires the permission `org:manage`.
         */
        post: operations["createModelProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/model_provider/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's model providers (never their keys)
         * @description Requires the permission `org:manage`.
         */
        get: operations["listModelProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/test/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a test: the customer's turns and checks of the agent's replies
         * @description Checks: reply_contains, reply_matches, tool_called (arguments match as a subset), variable_equals, ended_with, transferred, judged (a rubric judged by the agent's openai-compatible model; skipped on simulated models). A required test gates merges of the agent's branches. A name used by another test of the agent is a 409.
         *
         *     Requires the permission `tests:run`.
         */
        post: operations["createTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/test/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tests of an agent, oldest first
         * @description Requires the permission `tests:run`.
         */
        get: operations["listTests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a test, or every test of an agent, on a branch head or a version
         * @description Starts a testRun workflow and answers 202 at once with the evaluation id and one test run id per test. With wait_seconds the answer waits up to that long and includes the evaluation when it finished. 503 without Temporal.
         *
         *     Requires the permission `tests:run`.
         */
        post: operations["runTests"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_run/retrieve/{test_run_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A test run: status, every check's outcome, the transcript, its session
         * @description Requires the permission `tests:run`.
         */
        get: operations["retrieveTestRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/evaluation/retrieve/{evaluation_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An evaluation: per-test outcomes, pass rate, duration and cost
         * @description Requires the permission `tests:run`.
         */
        get: operations["retrieveEvaluation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/test/delete/{test_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a test and its past runs
         * @description A required test is also taken out of the agent's merge and release gate, which needs agents:publish as well (403 otherwise).
         *
         *     Requires the permission `tests:run`.
         */
        delete: operations["deleteTest"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/release/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Release a branch: tests, merge preview, approval, merge, publish, staged rollout
         * @description Runs the releasePipeline workflow and answers 202 with the release (every step pending). Send an Idempotency-Key header to make a retry return the same release. One release at a time per agent (409 otherwise). Needs agents:write too, since a release merges. 503 without Temporal.
         *
         *     Requires the permissions `agents:publish` and `agents:write`.
         */
        post: operations["startRelease"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/release/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The releases of an agent, newest first
         * @description Requires the permission `agents:read`.
         */
        get: operations["listReleases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/release/{release_id}/retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A release: every step with times, results and errors, and live progress while it runs
         * @description Requires the permission `agents:read`.
         */
        get: operations["retrieveRelease"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/release/{release_id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a release waiting at its approval gate
         * @description Optional JSON body: {"reason": "..."}. A move the release cannot make now (approve when nothing waits for approval, roll back before publishing, anything once it finished) is a 409 saying why.
         *
         *     Requires the permission `agents:publish`.
         */
        post: operations["approveRelease"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/release/{release_id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a release before its next step
         * @description Optional JSON body: {"reason": "..."}. A move the release cannot make now (approve when nothing waits for approval, roll back before publishing, anything once it finished) is a 409 saying why.
         *
         *     Requires the permission `agents:publish`.
         */
        post: operations["pauseRelease"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/release/{release_id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a paused release
         * @description Optional JSON body: {"reason": "..."}. A move the release cannot make now (approve when nothing waits for approval, roll back before publishing, anything once it finished) is a 409 saying why.
         *
         *     Requires the permission `agents:publish`.
         */
        post: operations["resumeRelease"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/release/{release_id}/abort": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Abort a release; published changes are undone (previous live version and split restored)
         * @description Optional JSON body: {"reason": "..."}. A move the release cannot make now (approve when nothing waits for approval, roll back before publishing, anything once it finished) is a 409 saying why.
         *
         *     Requires the permission `agents:publish`.
         */
        post: operations["abortRelease"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{agent_id}/release/{release_id}/rollback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Roll a release back after its publish: previous live version and split restored
         * @description Optional JSON body: {"reason": "..."}. A move the release cannot make now (approve when nothing waits for approval, roll back before publishing, anything once it finished) is a 409 saying why.
         *
         *     Requires the permission `agents:publish`.
         */
        post: operations["rollbackRelease"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contact/resolve_or_create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Find a contact by phone or email, else create it
         * @description Same body as the MCP tool contact_resolve_or_create. Safe to call concurrently: one contact per phone or email.
         *
         *     Requires the permission `outbound:call`.
         */
        post: operations["resolveOrCreateContact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contact/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import contacts from CSV
         * @description Send the file as `text/csv` (up to 16 MiB) or JSON `{"csv": "..."}` (up to 1 MiB). The header row names the columns: `name`, `phone`, `email` (phone or email required), any other column becomes an attribute. Up to 50,000 rows. Bad rows (bad phone or email, neither given, duplicate within the file) are skipped and listed in `errors` with their line (the header is row 1); the others create or update contacts matched by phone or email. `default_country` (query) reads numbers written without a country code. Idempotent by nature, so it takes no Idempotency-Key: contacts are matched by phone or email (unique in the organization), and importing the same file again updates them to the values they have, creating none.
         *
         *     Requires the permission `outbound:call`.
         */
        post: operations["importContacts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contact/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Contacts, newest first
         * @description Requires the permission `calls:read`.
         */
        get: operations["listContacts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contact/retrieve/{contact_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One contact
         * @description Requires the permission `calls:read`.
         */
        get: operations["retrieveContact"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contact/delete/{contact_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a contact (its name, phone, email and attributes)
         * @description Refused with 409 while a running or paused campaign still has the contact to dial or an outbound call to it has not finished (in_use_by names them). Call records keep their own copy of the number. The number is not put on the do-not-call list: use dnc/add for that.
         *
         *     Requires the permission `outbound:call`.
         */
        delete: operations["deleteContact"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/dnc/add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put a number on the do-not-call list
         * @description Idempotent by nature, so it takes no Idempotency-Key: a number already listed keeps its first entry, returned with created false (200 either way); the list holds each number once.
         *
         *     Requires the permission `dnc:manage`.
         */
        post: operations["addDncEntry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/dnc/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take a number off the do-not-call list
         * @description Removing a number that is not listed answers removed false.
         *
         *     Requires the permission `dnc:manage`.
         */
        post: operations["removeDncEntry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/dnc/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The do-not-call list, newest first
         * @description Requires the permission `dnc:manage`.
         */
        get: operations["listDncEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/dnc/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether a number may be dialled
         * @description Requires the permission `outbound:call`.
         */
        get: operations["checkDnc"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent_trigger/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a webhook trigger on an agent's events; the signing secret is in this answer only
         * @description Deliveries follow Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature v1 HMAC-SHA256). The URL must be https and must not name a private or reserved address.
         *
         *     Requires the permission `triggers:manage`.
         */
        post: operations["createAgentTrigger"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent_trigger/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The triggers of the organization (or of one agent), oldest first
         * @description Requires the permission `agents:read`.
         */
        get: operations["listAgentTriggers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent_trigger/{trigger_id}/retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A trigger (never its signing secret)
         * @description Requires the permission `agents:read`.
         */
        get: operations["retrieveAgentTrigger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent_trigger/{trigger_id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable a trigger: no new runs, and runs still retrying stop
         * @description Requires the permission `triggers:manage`.
         */
        post: operations["disableAgentTrigger"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent_trigger/{trigger_id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a trigger again (also after a receiver answered 410)
         * @description Requires the permission `triggers:manage`.
         */
        post: operations["enableAgentTrigger"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent_trigger/{trigger_id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a trigger and its runs
         * @description Requires the permission `triggers:manage`.
         */
        delete: operations["deleteAgentTrigger"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent_trigger/{trigger_id}/run/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The runs of a trigger, newest first (keyset-paged)
         * @description Requires the permission `agents:read`.
         */
        get: operations["listAgentTriggerRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent_trigger/run/{run_id}/retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A trigger run with every attempt (time, status code, latency, error)
         * @description Requires the permission `agents:read`.
         */
        get: operations["retrieveAgentTriggerRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent_trigger/run/{run_id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver a run's event again as a new run (the same webhook-id)
         * @description Send an Idempotency-Key header to make a retry return the same run. 409 when the trigger is disabled.
         *
         *     Requires the permission `triggers:manage`.
         */
        post: operations["resendAgentTriggerRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent_trigger/{trigger_id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver again, as new runs, the trigger's events of a time range, to its URL or another
         * @description At most 1000 events per replay. Send an Idempotency-Key header to make a retry return the same runs. 409 when the trigger is disabled.
         *
         *     Requires the permission `triggers:manage`.
         */
        post: operations["replayAgentTrigger"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/telephony/connection/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Connect a carrier account: Twilio, Telnyx, or the built-in simulated carrier
         * @description Twilio and Telnyx credentials are checked with the provider first (a refusal is a 422 naming the provider's code; the provider failing is a 502, unreachable a 503), then stored encrypted and never returned.
         *
         *     Requires the permission `numbers:manage`.
         */
        post: operations["createTelephonyConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/telephony/connection/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's carrier accounts (never their credentials)
         * @description Requires the permission `agents:read`.
         */
        get: operations["listTelephonyConnections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/phone/number/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Numbers available to buy, from a connection's provider (default: the simulated carrier)
         * @description Requires the permission `agents:read`.
         */
        get: operations["searchPhoneNumbers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/phone/number/purchase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Buy a number through a connection (default: the simulated carrier)
         * @description The number is normalised to E.164; a number already on the platform is a 409.
         *
         *     Requires the permission `numbers:manage`.
         */
        post: operations["purchasePhoneNumber"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/phone/number/provider/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Bring a number held in a Twilio or Telnyx account under the platform
         * @description The account is asked whether it holds the number; a number it does not hold is a 404.
         *
         *     Requires the permission `numbers:manage`.
         */
        post: operations["importPhoneNumber"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/phone/number/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's phone numbers
         * @description Requires the permission `agents:read`.
         */
        get: operations["listPhoneNumbers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/phone/number/retrieve/{phone_number_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One phone number
         * @description Requires the permission `agents:read`.
         */
        get: operations["retrievePhoneNumber"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/phone/number/delete/{phone_number_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a number from the platform (it is not released at the provider; its calls are routed as before)
         * @description Requires the permission `numbers:manage`.
         */
        delete: operations["deletePhoneNumber"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/phone/number/{number}/simulate_inbound": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Simulate a call to one of your numbers: routed like a real one, run through the engine
         * @description The number's destination decides the agent, the agent's traffic split the version (the same caller keeps reaching the same version). Returns the call session written for it.
         *
         *     Requires the permission `tests:run`.
         */
        post: operations["simulateInboundCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sip_trunk/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a SIP trunk (digest credentials or allowed IPs; the password is stored encrypted)
         * @description Requires the permission `numbers:manage`.
         */
        post: operations["createSipTrunk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sip_trunk/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's SIP trunks with their endpoints
         * @description Requires the permission `agents:read`.
         */
        get: operations["listSipTrunks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sip_trunk/delete/{sip_trunk_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a SIP trunk and its endpoints
         * @description Requires the permission `numbers:manage`.
         */
        delete: operations["deleteSipTrunk"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sip_trunk_endpoint/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add an endpoint (SIP URI, priority, weight) to a trunk; returns the trunk
         * @description Requires the permission `numbers:manage`.
         */
        post: operations["createSipTrunkEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sip_trunk/destination/assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Route a destination through a trunk
         * @description Requires the permission `numbers:manage`.
         */
        post: operations["assignTrunkDestination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/destination/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a destination: one of your numbers or a SIP address an agent answers
         * @description Requires the permission `numbers:manage`.
         */
        post: operations["createDestination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/destination/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's destinations, optionally those of one agent
         * @description Requires the permission `agents:read`.
         */
        get: operations["listDestinations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/destination/delete/{destination_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a destination (calls to it stop routing)
         * @description Requires the permission `numbers:manage`.
         */
        delete: operations["deleteDestination"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/destination/assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Assign a destination to an agent: calls to it reach the agent
         * @description Requires the permission `numbers:manage`.
         */
        post: operations["assignAgentDestination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voice/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Voices agents can speak with, per text-to-speech provider
         * @description Requires the permission `agents:read`.
         */
        get: operations["listVoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voice/clone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Clone a voice from recordings of a speaker: a job that analyses the samples and trains the voice
         * @description Samples are PCM WAV, as base64 in the body or http(s) URLs fetched once (the body is at most 1 MiB, so long recordings go by URL). Bad samples (not WAV, not PCM, under 10 s in total, over 5 MiB each, bad base64) are refused at once with the sample named. Answers 202 with the clone (status queued); follow it with retrieve: queued → analysing → training → ready (then it is listed by GET /v1/voice/list with kind cloned) or failed. Send an Idempotency-Key header to make a retry return the same clone. 503 without Temporal.
         *
         *     Requires the permission `agents:write`.
         */
        post: operations["startVoiceClone"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voice/clone/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's voice clones, newest first, with status and progress
         * @description Requires the permission `agents:read`.
         */
        get: operations["listVoiceClones"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voice/clone/{voice_clone_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A voice clone: status, progress, the analysed features and, once ready, its voice_id
         * @description Requires the permission `agents:read`.
         */
        get: operations["retrieveVoiceClone"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/speech_provider/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a speech provider (Deepgram, ElevenLabs or an OpenAI-compatible audio API) with its API key
         * @description The API key is stored encrypted and never returned. Live calls speak through the provider that matches the agent's voice provider (elevenlabs voices through an elevenlabs provider, openai voices through an openai-compatible one) and recognise speech through a deepgram provider, else an openai-compatible one with stt_model; otherwise the platform's offline speech. A base URL on a private or loopback address is refused.
         *
         *     Requires the permission `org:manage`.
         */
        post: operations["createSpeechProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/speech_provider/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's speech providers (never their keys)
         * @description Requires the permission `org:manage`.
         */
        get: operations["listSpeechProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tool/http/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import the operations of an OpenAPI 3.x document (JSON) as HTTP tools
         * @description spec (the document) or spec_url (fetched through the safe outbound client). Each operation becomes a tool whose input schema holds its path, query and header parameters and its JSON body under body; the URL is servers[0].url plus the path. headers (auth) are stored encrypted and never returned. A name the project has is replaced. The answer lists agent_tools entries (kind http, permission ask unless set) to add to an agent with update_agent.
         *
         *     Requires the permission `tools:manage`.
         */
        post: operations["importHttpToolSpec"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tool/http/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The HTTP tools of a project, in the order imported (stored header values are never shown)
         * @description Requires the permission `tools:manage`.
         */
        get: operations["listHttpTools"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tool/http/delete/{tool_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete an imported HTTP tool
         * @description Refused with 409 while an agent's live version or an open branch head lists the tool (in_use_by names the agents): remove the entry with agent/update first.
         *
         *     Requires the permission `tools:manage`.
         */
        delete: operations["deleteHttpTool"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/knowledge/resource/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add knowledge: text, an uploaded document (as text) or a URL to fetch
         * @description Exactly one of text, document {content, content_type} or url. A URL is fetched through the safe outbound client (public addresses only, a few redirects, 5 MB); HTML is reduced to its text. The text is split into passages of about 800 characters and indexed for retrieve_context. A URL that cannot be fetched is a 422.
         *
         *     Requires the permission `knowledge:manage`.
         */
        post: operations["createKnowledgeResource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/knowledge/resource/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The knowledge resources of a project, newest first
         * @description Requires the permission `knowledge:manage`.
         */
        get: operations["listKnowledgeResources"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/knowledge/retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The best passages of a project's knowledge for a query, with their source and rank
         * @description Requires the permission `agents:read`.
         */
        post: operations["retrieveContext"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/knowledge/resource/delete/{resource_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a knowledge resource and its chunks: retrieval stops finding it at once
         * @description Requires the permission `knowledge:manage`.
         */
        delete: operations["deleteKnowledgeResource"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/outbound/call/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Call a number or a contact with an agent: DNC check, dial, conversation, recorded as a call session
         * @description Answers 202 at once with the call (status queued); follow it with retrieve. The do-not-call list is checked right before dialling: a listed number ends as dnc_blocked. Unanswered calls end as no_answer, busy, voicemail or failed. Send an Idempotency-Key header to make a retry return the same call. 503 without Temporal.
         *
         *     Requires the permission `outbound:call`.
         */
        post: operations["createOutboundCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/outbound/call/retrieve/{outbound_call_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An outbound call: its status, end reason and session id
         * @description Requires the permission `agents:read`.
         */
        get: operations["retrieveOutboundCall"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/outbound/campaign/launch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Launch a campaign: call a list of contacts or numbers with an agent, within calling windows, at a pace
         * @description Answers 202 with the campaign (status running). Each recipient is dialled within its calling window (local time of its number's zone), with the DNC list checked right before each dial, under max_concurrent_calls and calls_per_minute, retrying no_answer/busy/voicemail within the attempt budget. Send an Idempotency-Key header to make a retry return the same campaign. 503 without Temporal.
         *
         *     Requires the permission `outbound:launch`.
         */
        post: operations["launchCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/outbound/campaign/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The campaigns, newest first, with their counts
         * @description Requires the permission `agents:read`.
         */
        get: operations["listCampaigns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/outbound/campaign/{campaign_id}/retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A campaign: settings, status, spend, recipient counts by state and outcome, and live progress while it runs
         * @description Requires the permission `agents:read`.
         */
        get: operations["retrieveCampaign"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/outbound/campaign/{campaign_id}/recipient/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A campaign's recipients in launch order, each with its state and every attempt's call and session (keyset-paged)
         * @description Requires the permission `agents:read`.
         */
        get: operations["listCampaignRecipients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/outbound/campaign/{campaign_id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a campaign: no new dials until resumed (calls in flight finish)
         * @description Optional JSON body: {"reason": "..."}. A move the campaign cannot make now is a 409 saying why.
         *
         *     Requires the permission `outbound:launch`.
         */
        post: operations["pauseCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/outbound/campaign/{campaign_id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a paused campaign
         * @description Optional JSON body: {"reason": "..."}. A move the campaign cannot make now is a 409 saying why.
         *
         *     Requires the permission `outbound:launch`.
         */
        post: operations["resumeCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/outbound/campaign/{campaign_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a campaign: no new dials (calls in flight finish); recipients not yet dialled (again) end as cancelled
         * @description Optional JSON body: {"reason": "..."}. A move the campaign cannot make now is a 409 saying why.
         *
         *     Requires the permission `outbound:launch`.
         */
        post: operations["cancelCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/outbound/campaign/{campaign_id}/pace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change a running campaign's concurrency or calls per minute
         * @description Requires the permission `outbound:launch`.
         */
        post: operations["paceCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mcp/server/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Connect an external MCP server (Streamable HTTP) with the operator's headers
         * @description The address must be public. headers are stored encrypted and never returned. sign_in_method oauth: then start the sign-in with oauth/authorize. Tools arrive with a sync; a Temporal Schedule syncs every 6 hours.
         *
         *     Requires the permission `tools:manage`.
         */
        post: operations["createMcpServer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mcp/server/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's MCP servers with their discovery state
         * @description Requires the permission `agents:read`.
         */
        get: operations["listMcpServers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mcp/server/retrieve/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One MCP server: discovery state (last sync, tool count, last error) and its tools with their permissions
         * @description Requires the permission `agents:read`.
         */
        get: operations["retrieveMcpServer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mcp/server/{mcp_server_id}/tool/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sync the server's tools (the mcpToolSync workflow); with wait, return its result and the synced tools
         * @description Optional JSON body {"wait": true, "wait_seconds": 30}, or the same as query parameters (?wait=true), to wait for the result: at most wait_seconds (default 30, up to 60), after which the answer is status running with timed_out true and the sync goes on. New tools are added as ask, tools the server no longer lists are marked removed, permissions are kept. A request while a sync runs joins it.
         *
         *     Requires the permission `tools:manage`.
         */
        post: operations["syncMcpServerTools"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mcp/server/{mcp_server_id}/tool/{tool_name}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a tool's permission (allow, ask, block) and whether it is active
         * @description Requires the permission `tools:manage`.
         */
        post: operations["activateMcpServerTool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mcp/server/{mcp_server_id}/oauth/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start the OAuth sign-in to a server (sign-in method oauth): returns the address the operator opens to consent
         * @description Discovery (RFC 9728, RFC 8414) and dynamic client registration (RFC 7591) happen now; the authorization uses PKCE and the resource parameter (RFC 8707). After consent the browser returns to /v1/mcp/server/oauth/callback, which stores the tokens (encrypted).
         *
         *     Requires the permission `tools:manage`.
         */
        post: operations["authorizeMcpServer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/mcp_server/assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give an agent the tools of an MCP server (per the server's tool permissions, from its next call)
         * @description Requires the permission `tools:manage`.
         */
        post: operations["assignMcpServer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/mcp_server/unassign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take an MCP server's tools away from an agent (from its next call)
         * @description Requires the permission `tools:manage`.
         */
        post: operations["unassignMcpServer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mcp/server/delete/{mcp_server_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete an external MCP server and its synced tools
         * @description Refused with 409 while the server is assigned to an agent (the answer names them in in_use_by): unassign it first.
         *
         *     Requires the permission `tools:manage`.
         */
        delete: operations["deleteMcpServer"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The integrations that can be connected: kind, the fields each needs, the agent tools each gives
         * @description Requires the permission `org:read`.
         */
        get: operations["getIntegrationInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration/connection/connect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Connect a calendar (CalDAV), CRM (HubSpot) or helpdesk (Zendesk); with connection_id, reconnect one
         * @description The credentials are checked with the provider before anything is stored: refused credentials, a missing calendar or a provider 4xx are a 422 with the provider's reason and nothing is saved (a failed reconnect leaves the connection as it was); a private address is a 400; a provider that is down or unreachable a 502. Credentials are stored encrypted and never returned. The answer lists agent_tools entries to add to an agent version. Without connection_id each request makes a new connection: send an Idempotency-Key to retry safely.
         *
         *     Requires the permission `integrations:manage`.
         */
        post: operations["connectIntegration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration/connection/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Connections with their status (newest first, keyset-paginated); with connection_id, that one
         * @description Requires the permission `agents:read`.
         */
        get: operations["getIntegrationConnections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration/connection/{connection_id}/disconnect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disconnect: wipe the credentials; agents stop getting its tools. Reconnect with connect and connection_id
         * @description Requires the permission `integrations:manage`.
         */
        post: operations["disconnectIntegrationConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integration/connection/{connection_id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a connection and its credentials
         * @description Requires the permission `integrations:manage`.
         */
        delete: operations["deleteIntegrationConnection"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "call.started": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The call.started event, as a trigger subscribed to it receives it
         * @description Sent to the URL of every enabled agent trigger subscribed to this event kind (`/v1/agent_trigger/create`), as a
         *     JSON POST signed with the Standard Webhooks headers. Verify `webhook-signature` with the signing secret shown when
         *     the trigger was created, reject timestamps more than a few minutes old, and deduplicate on `webhook-id`: a
         *     delivery is retried until a 2xx, and a re-send or replay carries the same id.
         */
        post: operations["webhook_call_started"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "call.ended": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The call.ended event, as a trigger subscribed to it receives it
         * @description Sent to the URL of every enabled agent trigger subscribed to this event kind (`/v1/agent_trigger/create`), as a
         *     JSON POST signed with the Standard Webhooks headers. Verify `webhook-signature` with the signing secret shown when
         *     the trigger was created, reject timestamps more than a few minutes old, and deduplicate on `webhook-id`: a
         *     delivery is retried until a 2xx, and a re-send or replay carries the same id.
         */
        post: operations["webhook_call_ended"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "call.analyzed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The call.analyzed event, as a trigger subscribed to it receives it
         * @description Sent to the URL of every enabled agent trigger subscribed to this event kind (`/v1/agent_trigger/create`), as a
         *     JSON POST signed with the Standard Webhooks headers. Verify `webhook-signature` with the signing secret shown when
         *     the trigger was created, reject timestamps more than a few minutes old, and deduplicate on `webhook-id`: a
         *     delivery is retried until a 2xx, and a re-send or replay carries the same id.
         */
        post: operations["webhook_call_analyzed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "variables.collected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The variables.collected event, as a trigger subscribed to it receives it
         * @description Sent to the URL of every enabled agent trigger subscribed to this event kind (`/v1/agent_trigger/create`), as a
         *     JSON POST signed with the Standard Webhooks headers. Verify `webhook-signature` with the signing secret shown when
         *     the trigger was created, reject timestamps more than a few minutes old, and deduplicate on `webhook-id`: a
         *     delivery is retried until a 2xx, and a re-send or replay carries the same id.
         */
        post: operations["webhook_variables_collected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "tool_call.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The tool_call.failed event, as a trigger subscribed to it receives it
         * @description Sent to the URL of every enabled agent trigger subscribed to this event kind (`/v1/agent_trigger/create`), as a
         *     JSON POST signed with the Standard Webhooks headers. Verify `webhook-signature` with the signing secret shown when
         *     the trigger was created, reject timestamps more than a few minutes old, and deduplicate on `webhook-id`: a
         *     delivery is retried until a 2xx, and a re-send or replay carries the same id.
         */
        post: operations["webhook_tool_call_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transfer.started": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The transfer.started event, as a trigger subscribed to it receives it
         * @description Sent to the URL of every enabled agent trigger subscribed to this event kind (`/v1/agent_trigger/create`), as a
         *     JSON POST signed with the Standard Webhooks headers. Verify `webhook-signature` with the signing secret shown when
         *     the trigger was created, reject timestamps more than a few minutes old, and deduplicate on `webhook-id`: a
         *     delivery is retried until a 2xx, and a re-send or replay carries the same id.
         */
        post: operations["webhook_transfer_started"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "campaign.finished": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The campaign.finished event, as a trigger subscribed to it receives it
         * @description Sent to the URL of every enabled agent trigger subscribed to this event kind (`/v1/agent_trigger/create`), as a
         *     JSON POST signed with the Standard Webhooks headers. Verify `webhook-signature` with the signing secret shown when
         *     the trigger was created, reject timestamps more than a few minutes old, and deduplicate on `webhook-id`: a
         *     delivery is retried until a 2xx, and a re-send or replay carries the same id.
         */
        post: operations["webhook_campaign_finished"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        CallStartedData: {
            /** @description The call session (ses_...): GET /v1/call_session/retrieve/{session_id}. */
            session_id: string;
            agent_id: string;
            /** @description The version that ran the call. */
            agent_version_id: string;
            direction: string;
            caller: {
                name: string | null;
                address: string;
            };
            /** @description The platform number the call came in on or went out from. */
            phone_number: string | null;
            started_at: string;
        };
        CallEndedData: {
            /** @description The call session (ses_...): GET /v1/call_session/retrieve/{session_id}. */
            session_id: string;
            agent_id: string;
            /** @description The version that ran the call. */
            agent_version_id: string;
            /** @description How the session ended: completed, failed, no_answer, busy, voicemail, dnc_blocked, ... */
            status: string;
            end_reason: string;
            /** @description inbound, outbound or web. */
            direction: string;
            started_at: string;
            duration_seconds: number;
            cost_micros: number;
            /** @description Present for a dial that never connected (no answer, busy, failed, blocked by the do-not-call list). */
            outbound_call?: {
                outbound_call_id: string;
                to: string;
                from: string | null;
                campaign_id: string | null;
                error: string | null;
            };
        };
        CallAnalyzedData: {
            /** @description The call session (ses_...): GET /v1/call_session/retrieve/{session_id}. */
            session_id: string;
            agent_id: string;
            /** @description The version that ran the call. */
            agent_version_id: string;
            summary: string;
            variables: {
                key: string;
                value: string;
            }[];
            /** @enum {string} */
            outcome: "failed" | "transferred" | "abandoned" | "completed";
            end_reason: string;
            tool_calls: {
                total: number;
                failed: number;
            };
            transferred_to: string | null;
        };
        VariablesCollectedData: {
            /** @description The call session (ses_...): GET /v1/call_session/retrieve/{session_id}. */
            session_id: string;
            agent_id: string;
            /** @description The version that ran the call. */
            agent_version_id: string;
            variables: {
                key: string;
                value: string;
            }[];
        };
        ToolCallFailedData: {
            /** @description The call session (ses_...): GET /v1/call_session/retrieve/{session_id}. */
            session_id: string;
            agent_id: string;
            /** @description The version that ran the call. */
            agent_version_id: string;
            tool_call: {
                tool_call_id: string;
                name: string;
                request: string | null;
                response: string | null;
            };
        };
        TransferStartedData: {
            /** @description The call session (ses_...): GET /v1/call_session/retrieve/{session_id}. */
            session_id: string;
            agent_id: string;
            /** @description The version that ran the call. */
            agent_version_id: string;
            transfer: {
                to: string;
                address: string;
            };
        };
        CampaignFinishedData: {
            campaign_id: string;
            name: string;
            agent_id: string;
            /** @enum {string} */
            status: "completed" | "cancelled";
            reason: string | null;
            spent_micros: number;
            spend_cap_micros: number | null;
            counts: {
                recipients: number;
                by_state: {
                    [key: string]: number;
                };
                by_outcome: {
                    [key: string]: number;
                };
                dials: number;
            };
            finished_at: string;
        };
        TokenResponse: {
            access_token: string;
            /** @enum {string} */
            token_type: "Bearer";
            /** @description Seconds until the token expires. */
            expires_in: number;
        };
        Problem: {
            /** @description A URI naming the kind of problem. */
            type: string;
            title: string;
            status: number;
            /** @description What went wrong, for a person to read. */
            detail: string;
            /** @description Stable machine-readable code, e.g. VALIDATION_FAILED, NOT_FOUND, INVALID_CURSOR. */
            code: string;
            instance?: string;
            /** @description Quote it when reporting a problem; also in the X-Request-Id header. */
            request_id?: string;
            /** @description Every offending field, for 400s. */
            errors?: {
                field: string;
                message: string;
            }[];
        };
        TokenRequestBody: {
            /**
             * @description Optional; only client_credentials is supported.
             * @enum {string}
             */
            grant_type?: "client_credentials";
            /** @description The API client id (cli_...). */
            client_id: string;
            /** @description The client secret shown once when the client was created. */
            client_secret: string;
        };
        ListSessionsResponse: {
            sessions: components["schemas"]["CallSession"][];
            /** @description False when no further page exists. */
            has_more: boolean;
            /** @description Pass as cursor to get the next page; null when has_more is false. */
            next_cursor: string | null;
        };
        CallSession: {
            session_id: string;
            project_id: string;
            /** @enum {string} */
            status: "queued" | "ringing" | "in_progress" | "ended" | "failed";
            /** @enum {string|null} */
            end_reason: "agent_hangup" | "customer_hangup" | "transferred" | "no_answer" | "busy" | "voicemail" | "dnc_blocked" | "outside_window" | "failed" | "timeout" | "error" | "cancelled" | "media_lost" | "media_refused" | "not_understood" | "silence_timeout" | null;
            /** @enum {string} */
            direction: "inbound" | "outbound" | "web";
            /**
             * @description live: a call with a real party; test: a test run's conversation; simulation: a simulated call. Analytics and billing count live ones by default.
             * @enum {string}
             */
            kind: "live" | "test" | "simulation";
            /** @description Sum of every leg's cost, in millionths of the currency unit. */
            total_cost_micros: number;
            caller: {
                name: string | null;
                address: string | null;
            };
            agent: {
                agent_id: string | null;
                agent_name: string;
                agent_version_id: string | null;
            };
            phone_number: string | null;
            duration_seconds: number;
            variables: {
                key: string;
                value: string;
            }[];
            legs: components["schemas"]["Leg"][];
            has_recording: boolean;
            summaries: {
                text: string;
                created_at: string;
            }[];
            started_at: string;
            ended_at: string | null;
        };
        Leg: {
            leg_id: string;
            /** @enum {string} */
            direction: "inbound" | "outbound" | "web";
            /**
             * @description agent: the agent's own leg; transfer: a party it transferred to.
             * @enum {string}
             */
            kind: "agent" | "transfer";
            address: string | null;
            started_at: string;
            ended_at: string | null;
            duration_seconds: number;
            cost_micros: number;
            transcript: {
                items: components["schemas"]["TranscriptItem"][];
            };
        };
        TranscriptItem: {
            /** @description customer, agent, system, or human (a person of the operator's team; see name). */
            speaker: string;
            /** @description Name of a human participant. */
            name?: string;
            text: string;
            /** @description Milliseconds since the start of the leg. */
            offset_ms: number;
            /**
             * @description For a caller turn on a live call, how it was heard: speech (recognized words), unrecognized (speech the agent did not understand; text is empty, hypothesis holds what the recognizer made of it, and the agent asked again), digits (keys pressed), backchannel (an acknowledgement such as mhm said while the agent talked, which it talked through).
             * @enum {string}
             */
            kind?: "speech" | "unrecognized" | "digits" | "backchannel";
            /** @description The recognizer's own output for this turn, kept as evidence. */
            hypothesis?: string;
            /** @description The recognizer's confidence in the turn, 0 to 1, when it gave one. */
            confidence?: number;
            /** @description For an agent reply to a caller turn on a live call, where the time went, in milliseconds. */
            latency?: {
                /** @description From the end of the caller's speech to the decision that their turn was over. */
                end_of_turn_ms: number;
                /** @description From that decision to the transcript of the turn (speech recognition). */
                stt_ms: number;
                /** @description From the transcript to the agent starting its reply (model and tools). */
                engine_ms: number;
                /** @description From the start of the reply to its first synthesized audio. */
                tts_first_audio_ms: number;
                /** @description From the end of the caller's speech to the reply's first audio queued for the caller (sent on the next 20 ms packet): what the caller waited. */
                reply_ms: number;
            };
            /** @description For an agent line the caller cut in on, on a live call. */
            interruption?: {
                /** @description From the start of the caller's speech to the agent's audio stopping at the caller (its queued audio dropped). text keeps only what the caller heard. */
                stop_ms: number;
            };
            tool_call?: {
                tool_call_id: string;
                name: string;
                /** @description A number of milliseconds, as a string. */
                duration_ms: string;
            };
        };
        RetrieveSessionResponse: {
            session: components["schemas"]["CallSession"];
        };
        RetrieveToolCallResponse: {
            tool_call: components["schemas"]["ToolCall"];
        };
        ToolCall: {
            tool_call_id: string;
            session_id: string;
            leg_id: string;
            name: string;
            /** @description What the agent sent, JSON-encoded. */
            request_text: string;
            /** @description What came back, JSON-encoded. */
            response_text: string;
            status: string;
            duration_ms: number;
            started_at: string;
            /** @description For a tool with Ask permission: how the caller's confirmation went. Null for Allow tools. */
            confirmation: {
                /** @description The permission request (its workflow is permission/<request_id>). */
                request_id: string;
                /** @description What the agent read back to the caller before the action: generated from the arguments. */
                read_back: string;
                /** @description The caller's answer as heard; null when they hung up before answering. */
                caller_words: string | null;
                /**
                 * @description confirmed: the action ran once; every other decision: it never ran.
                 * @enum {string}
                 */
                decision: "confirmed" | "declined" | "unclear" | "expired" | "hung_up" | "unavailable";
                decided_at: string;
            } | null;
        };
        HangupResponse: {
            session_id: string;
            /** @enum {string} */
            hangup: "requested";
        };
        RecordingLinkResponse: {
            recording: {
                recording_id: string;
                /** @description Signed link to the audio; works without headers until expires_at. */
                url: string;
                expires_at: string;
                /** @description Seconds the link stays valid (3600). */
                expires_in: number;
                content_type: string;
                duration_seconds: number;
            };
        };
        CostBreakdownResponse: {
            cost_breakdown: {
                session_id: string;
                currency: string;
                total_cost_micros: number;
                components: {
                    component: string;
                    amount_micros: number;
                }[];
                legs: {
                    leg_id: string;
                    kind: string;
                    duration_seconds: number;
                    cost_micros: number;
                    lines: {
                        component: string;
                        seconds: number;
                        per_minute_micros: number;
                        amount_micros: number;
                    }[];
                }[];
            };
        };
        AnalyticsOverviewResponse: {
            overview: components["schemas"]["AnalyticsTotals"] & {
                previous_period: components["schemas"]["AnalyticsTotals"];
            };
        };
        /** @description The same numbers for the period of equal length just before from_time. */
        AnalyticsTotals: {
            /** @description Start of the period, inclusive (ISO 8601). */
            from_time: string;
            /** @description End of the period, inclusive to the second (ISO 8601). */
            to_time: string;
            /** @description Sessions that ended or failed and started in the period. */
            sessions: number;
            ended: number;
            failed: number;
            duration_seconds: number;
            /** @description Per session, to two decimals; 0 without sessions. */
            average_duration_seconds: number;
            cost_micros: number;
            /** @description Per session, rounded to whole micros. */
            average_cost_micros: number;
            /** @description Sessions transferred to another party. */
            transferred: number;
            /** @description transferred / sessions, to four decimals. */
            transfer_rate: number;
            tool_calls: number;
            tool_call_failures: number;
            /** @description tool_call_failures / tool_calls, to four decimals. */
            tool_call_failure_rate: number;
            /** @description Sessions per end reason, most frequent first. */
            end_reasons: {
                /** @description null for sessions without an end reason. */
                end_reason: string | null;
                sessions: number;
            }[];
        };
        AnalyticsTimeSeriesResponse: {
            time_series: {
                from_time: string;
                to_time: string;
                /** @enum {string} */
                interval: "hour" | "day" | "week" | "month";
                time_zone: string;
                /** @description One point per bucket, oldest first, with zeros for buckets without sessions. */
                points: {
                    /** @description Start of the bucket (ISO 8601, UTC). The first and last buckets hold only the part inside the range. */
                    start: string;
                    /** @description The same instant as wall-clock time in time_zone: YYYY-MM-DDTHH:MM:SS. */
                    local_start: string;
                    sessions: number;
                    duration_seconds: number;
                    cost_micros: number;
                    transferred: number;
                    /** @description Sessions with status failed. */
                    failed: number;
                }[];
            };
        };
        AnalyticsBreakdownResponse: {
            breakdown: {
                from_time: string;
                to_time: string;
                /** @enum {string} */
                group_by: "agent" | "status" | "end_reason" | "direction" | "project" | "phone_number" | "kind";
                /** @description Sessions over all rows. */
                sessions: number;
                /** @description Most sessions first. */
                rows: {
                    /** @description The agent id, status, end reason, direction, project id, phone number or kind; null for none. */
                    value: string | null;
                    /** @description A name to show: the agent name, the project name, otherwise the value. */
                    label: string | null;
                    sessions: number;
                    /** @description sessions / all sessions, to four decimals. */
                    share: number;
                    duration_seconds: number;
                    average_duration_seconds: number;
                    cost_micros: number;
                }[];
            };
        };
        AnalyticsHeatmapResponse: {
            heatmap: {
                from_time: string;
                to_time: string;
                time_zone: string;
                /** @description All 168 cells, by day_of_week then hour. */
                cells: {
                    /** @description 0 is Monday, 6 is Sunday, in time_zone. */
                    day_of_week: number;
                    hour: number;
                    sessions: number;
                    average_duration_seconds: number;
                }[];
            };
        };
        AnalyticsAgentStatsResponse: {
            agent_stats: {
                from_time: string;
                to_time: string;
                /** @description Most sessions first. */
                agents: components["schemas"]["AgentStatsRow"][];
            };
        };
        AgentStatsRow: {
            /** @description null for sessions without an agent. */
            agent_id: string | null;
            /** @description The name on the agent's most recent session in the range. */
            agent_name: string;
            sessions: number;
            duration_seconds: number;
            average_duration_seconds: number;
            cost_micros: number;
            average_cost_micros: number;
            transferred: number;
            transfer_rate: number;
            /** @description Sessions with status failed. */
            failed: number;
            failure_rate: number;
            /** @description Sessions with end reason error. */
            errors: number;
            error_rate: number;
            tool_calls: number;
            tool_call_failures: number;
            tool_call_failure_rate: number;
            end_reasons: {
                /** @description null for sessions without an end reason. */
                end_reason: string | null;
                sessions: number;
            }[];
        };
        AnalyticsTurnStatsResponse: {
            turn_stats: {
                from_time: string;
                to_time: string;
                /** @description Per agent and version, most sessions first. */
                versions: components["schemas"]["TurnStatsRow"][];
            };
        };
        TurnStatsRow: {
            agent_id: string | null;
            /** @description The version the calls ran on: compare versions before and after a release. */
            agent_version_id: string | null;
            /** @description Sessions of this version that ended or failed and started in the period. */
            sessions: number;
            /** @description The callers' turns, every kind. */
            caller_turns: number;
            /** @description Turns the agent did not understand and asked again about (kind unrecognized). */
            unrecognized_turns: number;
            /** @description unrecognized_turns / caller_turns, 0 to 1. */
            unrecognized_rate: number;
            /** @description Acknowledgements said over the agent's speech, which it talked through (kind backchannel). */
            backchannels: number;
            /** @description Agent replies with a measured latency (those that answer a caller turn on a live call). */
            replies_measured: number;
            /** @description Median milliseconds from the end of the caller's speech to the reply's first audio; null without replies. */
            reply_ms_p50: number | null;
            /** @description 95th percentile of the same. */
            reply_ms_p95: number | null;
            /** @description Median wait from the end of the caller’s speech to the end of their turn. */
            end_of_turn_ms_p50: number | null;
            /** @description Agent lines the caller cut in on (they stopped; a backchannel does not count). */
            interruptions: number;
            /** @description Median milliseconds from the start of the caller's speech to the agent's audio stopping; null without interruptions. */
            interruption_stop_ms_p50: number | null;
            /** @description 95th percentile of the same. */
            interruption_stop_ms_p95: number | null;
            /** @description Sessions that ended because the agent could not understand the caller (end reason not_understood). */
            not_understood_sessions: number;
        };
        AnalyticsCostResponse: {
            cost: {
                from_time: string;
                to_time: string;
                time_zone: string;
                /** @description ISO 4217 code of the organization's price list; every amount is in its micros. */
                currency: string;
                sessions: number;
                duration_seconds: number;
                /** @description Total spend of the range. */
                cost_micros: number;
                /** @description Per session, rounded to whole micros. */
                average_cost_micros: number;
                /** @description cost_micros per minute of duration_seconds, rounded. */
                average_cost_per_minute_micros: number;
                /** @description Highest spend first. */
                by_agent: {
                    /** @description null for sessions without an agent. */
                    agent_id: string | null;
                    agent_name: string;
                    sessions: number;
                    duration_seconds: number;
                    cost_micros: number;
                    /** @description This agent's part of cost_micros, to four decimals. */
                    share: number;
                }[];
                /** @description Every day of the range in time_zone, oldest first, with zeros for days without sessions. */
                by_day: {
                    /** @description The day in time_zone, YYYY-MM-DD. */
                    date: string;
                    sessions: number;
                    duration_seconds: number;
                    cost_micros: number;
                }[];
            };
        };
        BillingOverviewResponse: {
            billing_overview: {
                /** @description ISO 4217 code of the organization's price list; every amount is in its micros. */
                currency: string;
                time_zone: string;
                /** @description The second up to which spend is counted (ISO 8601). */
                as_of: string;
                today: components["schemas"]["Spend"];
                this_month: components["schemas"]["Spend"] & unknown;
                last_month: components["schemas"]["Spend"] & unknown;
                year_to_date: components["schemas"]["Spend"] & unknown;
                /** @description Each day of this month up to as_of, oldest first, with zeros for days without sessions. */
                days: {
                    /** @description YYYY-MM-DD in time_zone. */
                    date: string;
                    sessions: number;
                    duration_seconds: number;
                    cost_micros: number;
                }[];
                /** @description The requested number of calendar months up to this one (to date), oldest first. */
                months: {
                    /** @description YYYY-MM in time_zone. */
                    month: string;
                    sessions: number;
                    duration_seconds: number;
                    cost_micros: number;
                }[];
                /** @description Agents with spend this month or last month, highest spend this month first. */
                by_agent: {
                    /** @description null for sessions without an agent. */
                    agent_id: string | null;
                    agent_name: string;
                    this_month: {
                        sessions: number;
                        cost_micros: number;
                    };
                    last_month: {
                        sessions: number;
                        cost_micros: number;
                    };
                }[];
                /** @description Numbers with spend this month or last month, highest spend this month first. */
                by_phone_number: {
                    /** @description The platform's number that took or placed the calls; null for calls without one (web). */
                    phone_number: string | null;
                    this_month: {
                        sessions: number;
                        cost_micros: number;
                    };
                    last_month: {
                        sessions: number;
                        cost_micros: number;
                    };
                }[];
            };
        };
        /** @description The day of as_of, up to as_of. */
        Spend: {
            /** @description Start of the period, inclusive (ISO 8601). */
            from_time: string;
            /** @description End of the period, inclusive to the second (ISO 8601). */
            to_time: string;
            sessions: number;
            duration_seconds: number;
            cost_micros: number;
        };
        OrganizationResponse: {
            organization: components["schemas"]["Organization"];
        };
        Organization: {
            organization_id: string;
            name: string;
            slug: string;
            price_list: {
                currency: string;
                per_minute_micros: {
                    [key: string]: number;
                };
                total_per_minute_micros: number;
            };
            projects: components["schemas"]["Project"][];
            created_at: string;
        };
        Project: {
            project_id: string;
            name: string;
            description: string | null;
            created_at: string;
        };
        CreateProjectResponse: {
            project: components["schemas"]["Project"];
        };
        CreateProjectBody: {
            /** @description Unique within the organization. */
            name: string;
            description?: string;
        };
        ProjectDeletedResponse: {
            project_id: string;
            /** @enum {boolean} */
            deleted: true;
        };
        ListApiClientsResponse: {
            api_clients: components["schemas"]["ApiClient"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /** @description Send it as cursor (with the same filters) for the next page; null on the last. */
            next_cursor: string | null;
        };
        ApiClient: {
            client_id: string;
            name: string;
            /** @description The role the client acts with in the organization. */
            role: string;
            created_at: string;
            /** @description When it last got a token. */
            last_used_at: string | null;
            /** @description When it was revoked: its tokens are refused within seconds. */
            revoked_at: string | null;
        };
        CreatedApiClientResponse: {
            api_client: components["schemas"]["ApiClient"];
            /** @description Shown this once: store it now. POST /v1/auth/token takes it with client_id. */
            client_secret: string;
        };
        CreateApiClientBody: {
            /** @description What the client is for, e.g. "CI deploys". */
            name: string;
            /** @description One of owner, admin, developer, analyst, viewer; default viewer. */
            role?: string;
        };
        ApiClientResponse: {
            api_client: components["schemas"]["ApiClient"];
        };
        ListMembersResponse: {
            members: components["schemas"]["Member"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /** @description Send it as cursor (with the same filters) for the next page; null on the last. */
            next_cursor: string | null;
        };
        Member: {
            user_id: string;
            email: string;
            name: string;
            role: string;
            permissions: string[];
            project_roles: {
                project_id: string;
                role: string;
            }[];
            joined_at: string;
        };
        InvitationResponse: {
            invitation: components["schemas"]["Invitation"];
        };
        Invitation: {
            invitation_id: string;
            /** @description Lower-case. */
            email: string;
            role: string;
            /** @enum {string} */
            status: "pending" | "accepted" | "declined" | "revoked" | "expired";
            invited_by: {
                type: string;
                id: string | null;
                name: string | null;
            };
            expires_at: string;
            created_at: string;
            accepted_at: string | null;
            /** @description The user id of the member it made, once accepted. */
            accepted_by: string | null;
            declined_at: string | null;
            revoked_at: string | null;
        };
        CreateInvitationBody: {
            /**
             * Format: email
             * @description Email of the person to invite. The answer is the same whether or not anyone has an account with this email.
             */
            email: string;
            /** @description owner, admin, member, viewer, or the id of a custom role (rol_...). */
            role: string;
            /**
             * @description Days until the invitation expires, 1 to 30; default 7.
             * @default 7
             */
            expires_in_days?: number;
        };
        ListInvitationsResponse: {
            invitations: components["schemas"]["Invitation"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        MemberResponse: {
            member: components["schemas"]["Member"];
        };
        UpdateMemberBody: {
            /** @description owner, admin, member, viewer, or the id of a custom role (rol_...). */
            role: string;
        };
        SetProjectRoleBody: {
            user_id: string;
            project_id: string;
            /**
             * @description admin, editor or viewer; null removes the project role.
             * @enum {string|null}
             */
            role: "admin" | "editor" | "viewer" | null;
        };
        ListRolesResponse: {
            roles: components["schemas"]["Role"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /** @description Send it as cursor (with the same filters) for the next page; null on the last. */
            next_cursor: string | null;
        };
        Role: {
            /** @description Null for built-in roles. */
            role_id: string | null;
            name: string;
            built_in: boolean;
            description: string | null;
            permissions: string[];
        };
        RoleResponse: {
            role: components["schemas"]["Role"];
        };
        CreateRoleBody: {
            name: string;
            description?: string;
            /** @description Permissions the role grants, e.g. calls:read, agents:write. */
            permissions: ("org:read" | "org:manage" | "members:manage" | "calls:read" | "recordings:read" | "analytics:read" | "billing:read" | "agents:read" | "agents:write" | "agents:publish" | "tests:run" | "outbound:call" | "outbound:launch" | "dnc:manage" | "numbers:manage" | "tools:manage" | "knowledge:manage" | "integrations:manage" | "triggers:manage" | "audit:read")[];
        };
        ListAuditResponse: {
            events: components["schemas"]["AuditEvent"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        AuditEvent: {
            event_id: string;
            created_at: string;
            actor: {
                type: string;
                id: string | null;
                name: string | null;
            };
            via: string;
            action: string;
            project_id: string | null;
            target: {
                type: string | null;
                id: string | null;
            };
            data: {
                [key: string]: unknown;
            };
            request_id: string | null;
        };
        AgentResponse: {
            agent: components["schemas"]["Agent"];
        };
        Agent: {
            agent_id: string;
            project_id: string;
            name: string;
            main_branch_id: string;
            /** @description The published version callers reach; null before the first publish. */
            live_version_id: string | null;
            /** @description Versions callers are routed to by share; empty: all reach the live version. */
            traffic_split: components["schemas"]["TrafficSplitEntry"][];
            /** @description Tests a branch head must pass before it merges. */
            required_test_ids: string[];
            /** @description The branch whose head is shown (main unless asked otherwise). */
            branch: {
                branch_id: string;
                name: string;
            };
            /** @description The head version of that branch. */
            version_id: string;
            /** @description Content hash of the head version: send it as If-Match to update. */
            etag: string;
            /** @description SHA-256 hex of the prompt: send it as expectedHash to patch the prompt. */
            prompt_hash: string;
            config: components["schemas"]["AgentConfig"];
            /** @description When the agent was archived (it then takes no changes, calls or campaigns); null while in use. */
            archived_at: string | null;
            created_at: string;
            updated_at: string;
        };
        TrafficSplitEntry: {
            version_id: string;
            percent: number;
            /** @description The branch whose head this version was when the split was set; null when named by version. */
            branch_id: string | null;
        };
        AgentConfig: {
            /** @description The system prompt: the agent's instructions, up to 204800 bytes. Edit long prompts with patch_agent_prompt. */
            prompt: string;
            /**
             * @description What the agent says first; empty: it waits for the caller.
             * @default
             */
            first_message?: string;
            /**
             * @description BCP 47 language tag, e.g. en-US, de-DE.
             * @default en-US
             */
            language?: string;
            voice?: components["schemas"]["AgentVoice"];
            model?: components["schemas"]["AgentModel"];
            /**
             * @description Tools the agent may call, each with a permission.
             * @default []
             */
            tools?: components["schemas"]["AgentTool"][];
            /**
             * @description Variables the agent collects on the call.
             * @default []
             */
            variables?: components["schemas"]["AgentVariable"][];
            /**
             * @description Where the agent may transfer a call.
             * @default []
             */
            destinations?: components["schemas"]["AgentDestination"][];
            end_call?: components["schemas"]["AgentEndCall"];
            turn_taking?: components["schemas"]["AgentTurnTaking"];
            repair?: components["schemas"]["AgentRepair"];
        };
        /**
         * @description The voice the agent speaks with; default the platform voice.
         * @default {
         *       "provider": "platform",
         *       "voice_id": "default"
         *     }
         */
        AgentVoice: {
            /** @description Text-to-speech provider, e.g. platform, elevenlabs, azure. */
            provider: string;
            /** @description The provider's voice id (see list_voices). */
            voice_id: string;
        };
        /**
         * @description The language model that drives the conversation; default simulated.
         * @default {
         *       "provider": "simulated",
         *       "name": "simulated",
         *       "temperature": 0
         *     }
         */
        AgentModel: {
            /**
             * @description simulated: deterministic rules, runs offline (tests); openai-compatible: a Chat Completions endpoint.
             * @enum {string}
             */
            provider: "simulated" | "openai-compatible";
            /** @description The model name sent to the provider ("default": the provider's default_model); any label for simulated. */
            name: string;
            /**
             * @description Sampling temperature, 0 to 2; default 0.
             * @default 0
             */
            temperature?: number;
            /** @description Rules of the simulated model, in order: the first whose `when` matches the customer's last words replies (say), calls a tool, records a variable, transfers or hangs up. A rule without `when` is the default reply. */
            rules?: components["schemas"]["SimulatedRule"][];
            /** @description openai-compatible: the organization's model provider (mpr_..., base URL and API key). Default: its only one. */
            provider_id?: string;
        };
        SimulatedRule: {
            /** @description A phrase (matched case-insensitively as whole words), a list of phrases (any of them), or {regex, flags}. Absent: matches every turn (a default reply). */
            when?: string | string[] | {
                /** @description A JavaScript regular expression, matched against the customer's last words. */
                regex: string;
                /** @description Regex flags; default i (case-insensitive). */
                flags?: string;
            };
            /** @description What the agent replies. */
            say?: string;
            /** @description A tool call the simulated model makes. */
            call_tool?: {
                /** @description A tool of the agent. */
                name: string;
                /**
                 * @description The arguments the simulated model passes.
                 * @default {}
                 */
                arguments?: {
                    [key: string]: unknown;
                };
            };
            /** @description Records a variable (through the record_variable tool). */
            set_variable?: {
                /** @description One of the agent's variables. */
                key: string;
                /** @description A fixed value. */
                value?: string;
                /** @description Or: the regex group (number or name) of `when` whose match is the value. */
                group?: number | string;
            };
            /** @description A destination name: transfers the call (transfer_call tool). */
            transfer_to?: string;
            /** @description Ends the call after the reply (end_call tool). */
            hangup?: boolean;
        };
        AgentTool: {
            /** @description Tool name the model calls; unique within the agent. */
            name: string;
            /**
             * @description builtin (end_call, transfer, record_variable), http, mcp or integration.
             * @enum {string}
             */
            kind: "builtin" | "http" | "mcp" | "integration";
            /**
             * @description allow: runs when needed; ask: the caller confirms first; block: never shown to the model.
             * @default allow
             * @enum {string}
             */
            permission?: "allow" | "ask" | "block";
            /**
             * @description Settings of the tool, read by its kind (e.g. the MCP server id, the HTTP operation).
             * @default {}
             */
            config?: {
                [key: string]: unknown;
            };
            /** @description Whether calling the tool commits something for the caller (a booking, a payment, a cancellation): on a live call it then runs only after a turn heard with at least repair.commit_confidence, else the model is told to ask the caller to confirm. end_call, transfer_call and add_to_do_not_call always commit; default false for other tools. */
            committing?: boolean;
        };
        AgentVariable: {
            /** @description Variable name; unique within the agent. */
            key: string;
            /**
             * @description What the agent should collect, for the model to read.
             * @default
             */
            description?: string;
        };
        AgentDestination: {
            /** @description How the agent refers to it, e.g. "billing desk"; unique within the agent. */
            name: string;
            /** @description Where a transfer goes. */
            address: string;
        };
        /**
         * @description When the agent ends a call on its own.
         * @default {
         *       "phrases": [],
         *       "max_duration_seconds": 1800
         *     }
         */
        AgentEndCall: {
            /**
             * @description Phrases after which the agent hangs up.
             * @default []
             */
            phrases?: string[];
            /**
             * @description Hard limit of a call, 10 s to 4 h; default 30 min.
             * @default 1800
             */
            max_duration_seconds?: number;
        };
        /** @description How the agent takes turns on a live call; default the platform's timing. */
        AgentTurnTaking: {
            /** @description On a live call, how long the caller's silence ends their turn, 100 to 5000 ms; default the platform's (800). This is the wait for a turn whose words are not yet a complete phrase (a complete one ends after complete_turn_silence_ms): shorter asks again sooner after speech it did not understand, and cuts off callers who pause mid-sentence. */
            end_of_turn_silence_ms?: number;
            /** @description On a live call, the silence that ends a turn whose words are already a complete phrase (the recognizer decodes what was said at that point), 100 to 5000 ms; default 200, never more than end_of_turn_silence_ms. */
            complete_turn_silence_ms?: number;
        };
        /** @description What the agent does when it did not understand the caller; default: ask again twice, then end the call politely. */
        AgentRepair: {
            /** @description What the agent says when it did not understand the caller; default "Sorry, I did not catch that. Could you say that again?". */
            reprompt?: string;
            /** @description How many times in a row the agent asks again before its fallback, 1 to 5; default 2. */
            max_attempts?: number;
            /**
             * @description What the agent does when it still did not understand: end the call politely (default) or transfer to fallback_destination.
             * @enum {string}
             */
            fallback?: "end_call" | "transfer";
            /** @description What the agent says before its fallback; a default per fallback. */
            fallback_message?: string;
            /** @description The name of one of the destinations, for the transfer fallback. */
            fallback_destination?: string;
            /** @description A turn the recognizer heard with a confidence below this is treated as not understood, 0 to 1; default 0.5. The offline recognizer's confidence is 1 for a phrase it matched and 0 for speech it rejected. */
            min_confidence?: number;
            /** @description The confidence a caller turn needs before a committing action follows it (end_call, transfer_call, add_to_do_not_call, tools marked committing, and the caller's yes to an Ask tool), 0 to 1; default 0.8. Below it the action does not run: the model is told to ask the caller to confirm, and an Ask answer counts as unclear. Digits pressed are always confident. */
            commit_confidence?: number;
            /** @description On a live call, how long the caller may stay silent after the agent has spoken (no speech, no digits) before the agent checks on them, 2000 to 60000 ms; default 8000. */
            no_input_ms?: number;
            /** @description What the agent says when the caller stayed silent for no_input_ms; default "Are you still there?". */
            no_input_prompt?: string;
            /** @description How many times in a row the agent checks on a silent caller before it says no_input_message and ends the call (end reason silence_timeout), 0 to 5; default 2. */
            no_input_max_prompts?: number;
            /** @description What the agent says before it ends a call whose caller stayed silent; default "I have not heard anything, so I will end the call now. Goodbye.". */
            no_input_message?: string;
        };
        CreateAgentBody: {
            /** @description Display name of the agent. */
            name: string;
            /** @description Project of the agent (prj_...). Default: the project of an assistant sign-in, else the organization's first project. */
            project_id?: string;
            /** @description The system prompt: the agent's instructions, up to 204800 bytes. Edit long prompts with patch_agent_prompt. */
            prompt: string;
            /**
             * @description What the agent says first; empty: it waits for the caller.
             * @default
             */
            first_message?: string;
            /**
             * @description BCP 47 language tag, e.g. en-US, de-DE.
             * @default en-US
             */
            language?: string;
            voice?: components["schemas"]["AgentVoice"];
            model?: components["schemas"]["AgentModel"];
            /**
             * @description Tools the agent may call, each with a permission.
             * @default []
             */
            tools?: components["schemas"]["AgentTool"][];
            /**
             * @description Variables the agent collects on the call.
             * @default []
             */
            variables?: components["schemas"]["AgentVariable"][];
            /**
             * @description Where the agent may transfer a call.
             * @default []
             */
            destinations?: components["schemas"]["AgentDestination"][];
            end_call?: components["schemas"]["AgentEndCall"];
            turn_taking?: components["schemas"]["AgentTurnTaking"];
            repair?: components["schemas"]["AgentRepair"];
        };
        /** @description Fields to change; the others keep their values. Lists and objects (tools, voice, ...) are replaced whole. */
        UpdateAgentBody: {
            /** @description Display name of the agent. */
            name?: string;
            /** @description Branch to change (brn_...); default main. */
            branch_id?: string;
            /** @description What changed, recorded with the prompt revision. */
            summary?: string;
            /** @description The system prompt: the agent's instructions, up to 204800 bytes. Edit long prompts with patch_agent_prompt. */
            prompt?: string;
            /** @description What the agent says first; empty: it waits for the caller. */
            first_message?: string;
            /** @description BCP 47 language tag, e.g. en-US, de-DE. */
            language?: string;
            voice?: components["schemas"]["AgentVoice"] & unknown;
            model?: components["schemas"]["AgentModel"] & unknown;
            /** @description Tools the agent may call, each with a permission. */
            tools?: components["schemas"]["AgentTool"][];
            /** @description Variables the agent collects on the call. */
            variables?: components["schemas"]["AgentVariable"][];
            /** @description Where the agent may transfer a call. */
            destinations?: components["schemas"]["AgentDestination"][];
            end_call?: components["schemas"]["AgentEndCall"];
            turn_taking?: components["schemas"]["AgentTurnTaking"] & unknown;
            repair?: components["schemas"]["AgentRepair"] & unknown;
        };
        ListAgentsResponse: {
            agents: components["schemas"]["Agent"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        EstimateAgentResponse: {
            estimate: components["schemas"]["AgentEstimate"];
        };
        AgentEstimate: {
            agent_id: string | null;
            currency: string;
            calls_per_month: number;
            average_minutes: number;
            /** @description Sum of the components per minute of an agent leg. */
            per_minute_micros: number;
            per_call_micros: number;
            /** @description Sum of the monthly component amounts. */
            monthly_micros: number;
            components: {
                component: string;
                per_minute_micros: number;
                monthly_micros: number;
            }[];
        };
        EstimateAgentBody: {
            /** @description Optional: the agent being priced, named in the result. */
            agent_id?: string;
            /** @description Expected calls a month. */
            calls_per_month: number;
            /** @description Expected average length of a call, in minutes (fractions allowed). */
            average_minutes: number;
        };
        AgentBranchResponse: {
            branch: components["schemas"]["AgentBranch"];
        };
        AgentBranch: {
            branch_id: string;
            agent_id: string;
            name: string;
            is_main: boolean;
            /** @enum {string} */
            state: "open" | "merged" | "closed";
            head_version_id: string;
            /** @description The main version the branch started from (the merge base). */
            base_version_id: string;
            head_revision_id: string | null;
            /** @description Content hash of the head version. */
            etag: string;
            /** @description SHA-256 hex of the head's prompt (expectedHash for patches). */
            prompt_hash: string;
            merged_at: string | null;
            merged_version_id: string | null;
            created_at: string;
        };
        CreateAgentBranchRestBody: {
            /** @description The new branch: a working copy of main. */
            branch: {
                /** @description Unique within the agent, e.g. shorter-greeting. */
                name: string;
            };
        };
        ListAgentBranchesResponse: {
            branches: components["schemas"]["AgentBranch"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /** @description Send it as cursor (with the same filters) for the next page; null on the last. */
            next_cursor: string | null;
        };
        PromptChangeResult: {
            /** @description False when the result equals the current prompt: nothing was recorded. */
            changed: boolean;
            revision: components["schemas"]["PromptRevision"];
            version_id: string;
            /** @description Hash of the prompt now: the expectedHash of your next patch. */
            prompt_hash: string;
            etag: string;
        };
        /** @description The new revision, or the current one when nothing changed. */
        PromptRevision: {
            revision_id: string;
            agent_id: string;
            branch_id: string;
            /** @description The version this revision produced. */
            version_id: string;
            parent_revision_id: string | null;
            prompt_hash: string;
            author: components["schemas"]["Actor"];
            created_at: string;
            /** @description The revision this one restored, if it is a restore. */
            restored_from: string | null;
            summary: string;
        };
        Actor: {
            /** @enum {string} */
            type: "user" | "api_client" | "system";
            id: string | null;
            name: string | null;
        };
        PatchPromptRestBody: {
            /** @description The branch to edit (brn_...); default main. */
            branchId?: string;
            /** @description SHA-256 hex of the prompt you last read (prompt_hash). A different current prompt refuses the patch with the current hash and a diff. */
            expectedHash: string;
            /** @description Applied in order, each to the result of the ones before. */
            edits: components["schemas"]["PromptEdit"][];
            /** @description What the change does, recorded with the revision; default: a list of the edits. */
            summary?: string;
        };
        PromptEdit: {
            /** @description Exact text to find in the prompt; must occur exactly once unless occurrence is given. */
            anchor: string;
            /** @description Which occurrence of the anchor to edit, counting from 1 (overlapping matches count). */
            occurrence?: number;
            /**
             * @description replace the anchor with text, or insert text before or after it.
             * @enum {string}
             */
            op: "replace" | "insert_before" | "insert_after";
            /** @description The replacement or inserted text (may be empty to delete the anchor). */
            text: string;
        };
        ListPromptRevisionsResponse: {
            revisions: components["schemas"]["PromptRevision"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        PromptRevisionDetail: {
            revision: components["schemas"]["PromptRevision"];
            /** @description The whole prompt as this revision left it. */
            prompt: string;
            /** @description Unified diff from the parent revision's prompt to this one; empty for the first revision. */
            diff: string;
            /** @description True when the diff was cut at 64 KiB. */
            diff_truncated: boolean;
        };
        MergePreview: {
            agent_id: string;
            source_branch_id: string;
            base_version_id: string;
            main_head_version_id: string;
            branch_head_version_id: string;
            /** @description Always false: merges are never fast-forwards (decision 0009); the merge makes a new main version with two parents. See main_unchanged. */
            fast_forward: boolean;
            /** @description Main has not moved since the branch left it: the merged config is the branch head's config. */
            main_unchanged: boolean;
            /** @description No conflicts: merge_agent_branch would succeed (tests permitting). */
            clean: boolean;
            conflicts: components["schemas"]["MergeConflict"][];
            /** @description Fields whose merged value differs from main's head. */
            changed_fields: string[];
            merged_config: components["schemas"]["AgentConfig"] & unknown;
        };
        MergeConflict: {
            /** @description prompt, or the config field that both sides changed. */
            field: string;
            /** @description For the prompt: the first line (from 1) of the region in the base. */
            line: number | null;
            /** @description The value (for the prompt: the lines) at the merge base. */
            base?: unknown;
            /** @description main's head. */
            ours?: unknown;
            /** @description the branch's head. */
            theirs?: unknown;
        };
        MergeResult: {
            /** @enum {boolean} */
            merged: true;
            /** @description The same branch head was merged before: this is that merge. */
            already_merged: boolean;
            /** @description Always false: every merge makes a new main version with two parents (decision 0009), also when main had not moved. See main_unchanged. */
            fast_forward: boolean;
            /** @description Main had not moved since the branch left it: the merge version carries the branch head's config. */
            main_unchanged: boolean;
            version: components["schemas"]["AgentVersion"];
            branch: components["schemas"]["AgentBranch"];
        };
        /** @description The new main version, with two parents. */
        AgentVersion: {
            version_id: string;
            agent_id: string;
            /** @description One parent normally; two for a merge (main's head, then the branch's). */
            parent_version_ids: string[];
            content_hash: string;
            prompt_hash: string;
            created_by: components["schemas"]["Actor"];
            created_at: string;
        };
        PublicationResult: {
            agent_id: string;
            live_version_id: string;
            previous_version_id: string | null;
            /** @description False when that version was live already. */
            changed: boolean;
            published_at: string | null;
        };
        UnpublishResult: {
            agent_id: string;
            /** @description No version is live after an unpublish. */
            live_version_id: null;
            /** @description The version taken down; null when nothing was live (changed false). */
            previous_version_id: string | null;
            /** @description False when nothing was live. */
            changed: boolean;
            unpublished_at: string | null;
        };
        ArchiveResult: {
            agent_id: string;
            archived: boolean;
            /** @description When it was archived; null after an unarchive. */
            archived_at: string | null;
            /** @description False when the agent was in that state already. */
            changed: boolean;
        };
        TrafficSplitResult: {
            agent_id: string;
            live_version_id: string | null;
            /** @description The split now in force; empty: every caller reaches the live version. */
            split: components["schemas"]["TrafficSplitEntry"][];
            previous_split: components["schemas"]["TrafficSplitEntry"][];
            /** @description False when the same split was in force already. */
            changed: boolean;
        };
        SetTrafficSplitRestBody: {
            /** @description Up to 10 shares whose percents add up to 100. An empty list removes the split: every caller then reaches the live version. */
            split: components["schemas"]["TrafficShare"][];
            /** @description Routes callers to a branch head although it has not passed the agent's required tests (the merge gate). Without it such a split is refused (422) naming the branch and the missing tests. */
            override?: {
                /** @description Why callers may reach a branch head that has not passed the required tests; recorded in the audit log with who gave it. */
                reason: string;
            };
        };
        TrafficShare: {
            /** @description A version of the agent that has been published, or that is the head of an open branch (ver_...). */
            versionId?: string;
            /** @description An open branch (brn_...): its head when the split is set; later changes to the branch do not move the split. */
            branchId?: string;
            /** @description Share of callers, a whole number 0 to 100. */
            percent: number;
        };
        /** @description Without branch_id or version_id the call is routed like a real one: by the traffic split, else to the live version. */
        SimulateCallBody: {
            /** @description Run on this branch's head (brn_...). */
            branch_id?: string;
            /** @description Run on this version of the agent (ver_...). */
            version_id?: string;
            caller: {
                /** @description The caller's name, if known. */
                name?: string | null;
                /** @description The caller's address: an E.164 number (+14155550123) or a sip: URI. */
                address: string;
            };
            /**
             * @description inbound (default), outbound or web.
             * @default inbound
             * @enum {string}
             */
            direction?: "inbound" | "outbound" | "web";
            /** @description The platform's own number that took the call. */
            phone_number?: string;
            /** @description What the customer says, turn by turn (at most 100). The call ends when they run out (customer_hangup) unless the agent ends it first. */
            customer_turns: string[];
        };
        ModelProviderResponse: {
            model_provider: components["schemas"]["ModelProvider"];
        };
        ModelProvider: {
            model_provider_id: string;
            name: string;
            /** @enum {string} */
            kind: "openai-compatible";
            base_url: string;
            default_model: string | null;
            /**
             * @description The key is stored encrypted; it is never returned.
             * @enum {boolean}
             */
            has_api_key: true;
            created_at: string;
            updated_at: string;
        };
        CreateModelProviderBody: {
            /** @description Unique within the organization, e.g. "openai" or "local vllm". */
            name: string;
            /**
             * @description The wire format; openai-compatible: Chat Completions.
             * @default openai-compatible
             * @enum {string}
             */
            kind?: "openai-compatible";
            /**
             * Format: uri
             * @description Up to and without /chat/completions, e.g. https://api.openai.com/v1.
             */
            base_url: string;
            /** @description Sent as a Bearer token. Stored encrypted and never returned. */
            api_key: string;
            /** @description The model used when an agent's model name is "default". */
            default_model?: string;
        };
        ListModelProvidersResponse: {
            model_providers: components["schemas"]["ModelProvider"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /** @description Send it as cursor (with the same filters) for the next page; null on the last. */
            next_cursor: string | null;
        };
        TestResponse: {
            test: components["schemas"]["Test"];
        };
        Test: {
            test_id: string;
            agent_id: string;
            name: string;
            customer_turns: string[];
            checks: components["schemas"]["TestCheck"][];
            required: boolean;
            created_at: string;
        };
        /** @description One check of the conversation; `type` selects which. */
        TestCheck: components["schemas"]["ReplyContainsCheck"] | components["schemas"]["ReplyMatchesCheck"] | components["schemas"]["ToolCalledCheck"] | components["schemas"]["VariableEqualsCheck"] | components["schemas"]["EndedWithCheck"] | components["schemas"]["TransferredCheck"] | components["schemas"]["JudgedCheck"];
        ReplyContainsCheck: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "reply_contains";
            /** @description Text the agent must say (case-insensitive). */
            text: string;
            /** @description Only the agent's words after the customer's Nth turn (from 1); 0 is what it said before the first. Default: anywhere in the call. */
            turn?: number;
        };
        ReplyMatchesCheck: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "reply_matches";
            /** @description A JavaScript regular expression an agent reply must match. */
            pattern: string;
            /** @description Regular expression flags: i, m, s, u. */
            flags?: string;
            /** @description Only the agent's words after the customer's Nth turn (from 1); 0 is what it said before the first. Default: anywhere in the call. */
            turn?: number;
        };
        ToolCalledCheck: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "tool_called";
            /** @description The tool the agent must call. */
            name: string;
            /** @description Arguments the call must include (a subset match: other arguments may be present; nested objects match the same way). */
            arguments?: {
                [key: string]: unknown;
            };
        };
        VariableEqualsCheck: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "variable_equals";
            /** @description The variable the agent collects. */
            key: string;
            /** @description Its expected value (exact). */
            value: string;
        };
        EndedWithCheck: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "ended_with";
            /**
             * @description How the call must end, e.g. agent_hangup, transferred, error.
             * @enum {string}
             */
            end_reason: "agent_hangup" | "customer_hangup" | "transferred" | "no_answer" | "busy" | "voicemail" | "dnc_blocked" | "outside_window" | "failed" | "timeout" | "error" | "cancelled" | "media_lost" | "media_refused" | "not_understood" | "silence_timeout";
        };
        TransferredCheck: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "transferred";
            /** @description The destination (its name or address); default: any transfer. */
            to?: string;
        };
        JudgedCheck: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "judged";
            /** @description What a good call does, judged by the agent's model (openai-compatible models only; otherwise skipped). */
            rubric: string;
        };
        CreateTestRestBody: {
            /** @description Unique within the agent, e.g. "greets and books". */
            name: string;
            /** @description What the customer says, turn by turn; the agent answers each. */
            customer_turns: string[];
            /** @description All must pass for the test to pass (skipped checks do not count). */
            checks: components["schemas"]["TestCheck"][];
            /**
             * @description A required test gates merges: a branch head merges only after passing it.
             * @default false
             */
            required?: boolean;
        };
        ListTestsResponse: {
            tests: components["schemas"]["Test"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /** @description Send it as cursor (with the same filters) for the next page; null on the last. */
            next_cursor: string | null;
        };
        RunTestsResult: {
            /** @description The run of the suite (evaluation_get reads it). */
            evaluation_id: string;
            /** @description One run per test (trn_...). */
            test_run_ids: string[];
            /**
             * @description passed, failed or error once finished; queued or running while it runs.
             * @enum {string}
             */
            status: "queued" | "running" | "passed" | "failed" | "error";
            evaluation?: components["schemas"]["Evaluation"];
        };
        /** @description The results, when waited for and finished. */
        Evaluation: {
            evaluation_id: string;
            agent_id: string;
            version_id: string;
            branch_id: string | null;
            /** @description The release that ran this evaluation, if any. */
            release_id: string | null;
            /**
             * @description passed when every test passed; failed when one failed; error when one could not run.
             * @enum {string}
             */
            status: "queued" | "running" | "passed" | "failed" | "error";
            total: number;
            passed: number;
            failed: number;
            errored: number;
            /** @description passed / total, 0 to 1; null until finished. */
            pass_rate: number | null;
            /** @description Sum of the conversations' durations. */
            duration_seconds: number;
            /** @description From the first test's start to the last one's end. */
            wall_ms: number | null;
            /** @description Sum of the conversations' costs. */
            cost_micros: number;
            test_runs: {
                test_run_id: string;
                test_id: string;
                test_name: string;
                /** @enum {string} */
                status: "queued" | "running" | "passed" | "failed" | "error";
                /** @description The checks that failed, if any. */
                failed_checks: components["schemas"]["CheckOutcome"][];
                session_id: string | null;
                duration_seconds: number;
                cost_micros: number;
                error: string | null;
            }[];
            started_at: string | null;
            finished_at: string | null;
            created_at: string;
        };
        CheckOutcome: {
            /** @description Position of the check in the test, from 0. */
            index: number;
            type: string;
            /**
             * @description skipped: the check could not be evaluated (a judged check on a model that cannot judge).
             * @enum {string}
             */
            status: "passed" | "failed" | "skipped";
            /** @description Why it passed, failed or was skipped. */
            detail: string;
        };
        RunTestsBody: {
            /** @description Run this test (tst_...). Name a test or an agent. */
            test_id?: string;
            /** @description Run every test of this agent (agt_...); with test_id, checked against it. */
            agent_id?: string;
            /** @description Run on the head of this branch (brn_...). Default: main's head. */
            branch_id?: string;
            /** @description Run on this version (ver_...) instead of a branch head. */
            version_id?: string;
            /** @description Wait up to this many seconds (at most 60) for the results; 0 or absent: return at once with the ids. */
            wait_seconds?: number;
        };
        TestRunResponse: {
            test_run: components["schemas"]["TestRun"];
        };
        TestRun: {
            test_run_id: string;
            test_id: string;
            test_name: string;
            agent_id: string;
            evaluation_id: string;
            /** @description The agent version the test ran on. */
            version_id: string;
            /** @description The branch whose head that was, when run on a branch. */
            branch_id: string | null;
            /**
             * @description queued, running, then passed, failed (a check failed) or error (the conversation could not run).
             * @enum {string}
             */
            status: "queued" | "running" | "passed" | "failed" | "error";
            checks: components["schemas"]["CheckOutcome"][];
            transcript: components["schemas"]["TestTranscriptItem"][];
            end_reason: string | null;
            /** @description The call session of the conversation (get_call reads it). */
            session_id: string | null;
            duration_seconds: number;
            cost_micros: number;
            error: string | null;
            started_at: string | null;
            finished_at: string | null;
            created_at: string;
        };
        TestTranscriptItem: {
            speaker: string;
            text: string;
            tool_call?: {
                name: string;
                arguments?: unknown;
                result?: unknown;
            };
        };
        EvaluationResponse: {
            evaluation: components["schemas"]["Evaluation"];
        };
        TestDeletedResponse: {
            test_id: string;
            /** @enum {boolean} */
            deleted: true;
            /** @description It was a required test: the agent's merge and release gate no longer includes it. */
            was_required: boolean;
        };
        ReleaseResponse: {
            release: components["schemas"]["Release"];
        };
        Release: {
            release_id: string;
            agent_id: string;
            agent_name: string;
            branch_id: string;
            /** @enum {string} */
            status: "pending" | "running" | "awaiting_approval" | "succeeded" | "failed" | "aborted" | "rolled_back";
            paused: boolean;
            /** @description Why it failed, was aborted or rolled back (e.g. the guard breach). */
            reason: string | null;
            steps: components["schemas"]["ReleaseStep"][];
            rollout: components["schemas"]["RolloutPlan"];
            guard: components["schemas"]["GuardThresholds"];
            require_approval: boolean;
            evaluation_id: string | null;
            merged_version_id: string | null;
            /** @description The version that was live before the publish. */
            previous_version_id: string | null;
            started_by: components["schemas"]["Actor"];
            approved_by: components["schemas"]["Actor"] & (Record<string, never> | null);
            workflow_id: string;
            created_at: string;
            finished_at: string | null;
            progress: components["schemas"]["ReleaseProgress"];
        };
        ReleaseStep: {
            /** @description tests, preview, approval, merge, publish, then rollout_<percent> per stage. */
            name: string;
            /**
             * @description compensated: it succeeded and was undone when a later step failed.
             * @enum {string}
             */
            status: "pending" | "running" | "waiting" | "succeeded" | "failed" | "skipped" | "compensated";
            started_at: string | null;
            finished_at: string | null;
            /** @description What the step did (ids, metrics); null until it finishes. */
            result?: unknown;
            error: string | null;
            /** @description How the step was undone, if it was. */
            compensation: {
                at: string;
                result?: unknown;
            } | null;
        };
        RolloutPlan: {
            /** @description Percent of callers on the new version at each stage, increasing, ending at 100; e.g. [10, 50, 100]. */
            stages: number[];
            /** @description How long each stage is held and watched before the next. */
            soak_seconds: number;
        } | null;
        GuardThresholds: {
            /**
             * @description Breach when the share of the new version's calls that end failed or in error exceeds the previous version's by more than this (0 to 1); default 0.05.
             * @default 0.05
             */
            max_error_rate_increase?: number;
            /**
             * @description Breach when the new version's transfer rate exceeds the previous version's by more than this (0 to 1); default 0.2.
             * @default 0.2
             */
            max_transfer_rate_increase?: number;
            /**
             * @description Breach when the 95th percentile of the new version's reply latency on live calls (end of the caller's speech to the reply's first audio) exceeds the previous version's by more than this many ms; default 500. Judged when both versions have measured replies.
             * @default 500
             */
            max_reply_p95_increase_ms?: number;
            /**
             * @description Calls the new version needs in a stage before the guard judges it; fewer and the stage passes as inconclusive. Default 1.
             * @default 1
             */
            min_calls?: number;
        };
        /** @description Live progress from the running workflow; null once finished or when unavailable. */
        ReleaseProgress: {
            status: string;
            current_step: string | null;
            paused: boolean;
            awaiting_approval: boolean;
            /** @description Percent of traffic on the new version now, during a rollout. */
            stage_percent: number | null;
            tests: {
                total: number;
                done: number;
                passed: number;
            } | null;
        } | null;
        StartReleaseRestBody: {
            /** @description The branch to release (brn_...). */
            branch_id: string;
            rollout?: components["schemas"]["RolloutPlan"] & unknown;
            guard?: components["schemas"]["GuardThresholds"] & unknown;
            /**
             * @description Wait for an approve before merging.
             * @default false
             */
            require_approval?: boolean;
            /**
             * @description How long to wait for the approval before the release fails; default one day. Time paused does not count.
             * @default 86400
             */
            approval_timeout_seconds?: number;
        };
        ListReleasesResponse: {
            releases: components["schemas"]["Release"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /** @description Send it as cursor (with the same filters) for the next page; null on the last. */
            next_cursor: string | null;
        };
        ResolveContactResult: {
            contact: components["schemas"]["Contact"];
            /** @description True when this call created the contact. */
            created: boolean;
        };
        Contact: {
            contact_id: string;
            name: string | null;
            /** @description E.164 */
            phone: string | null;
            email: string | null;
            country: string | null;
            /** @description IANA zone guessed from the phone number (country and area code). */
            time_zone: string | null;
            attributes: {
                [key: string]: string;
            };
            created_at: string;
            updated_at: string;
        };
        ResolveContactBody: {
            /** @description Phone number, E.164 (+14155550123) or national with default_country. Found or stored in E.164. */
            phone?: string;
            /**
             * Format: email
             * @description Email address; compared lower-cased.
             */
            email?: string;
            /** @description Name, stored when the contact is created. */
            name?: string;
            /** @description Extra string fields (account id, plan...), stored when the contact is created. */
            attributes?: {
                [key: string]: string;
            };
            /** @description ISO 3166 alpha-2 country of numbers written without a country code, e.g. US. */
            default_country?: string;
        };
        ImportContactsResult: {
            created: number;
            updated: number;
            /** @description Rows not stored: those in errors. */
            skipped: number;
            /** @description The contact of each stored row (created or updated), in the order of the file: what a campaign launch takes as contact_ids. */
            contact_ids: string[];
            errors: {
                /** @description Line of the row in the file; the header is row 1. */
                row: number;
                field: string | null;
                reason: string;
            }[];
        };
        ImportContactsBody: {
            /** @description The CSV text: a header row naming name, phone, email and any attribute columns. */
            csv: string;
        };
        ListContactsResponse: {
            contacts: components["schemas"]["Contact"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        ContactResponse: {
            contact: components["schemas"]["Contact"];
        };
        ContactDeletedResponse: {
            contact_id: string;
            /** @enum {boolean} */
            deleted: true;
        };
        DncAddResult: {
            entry: components["schemas"]["DncEntry"];
            /** @description False when the number was already listed: the first entry is kept. */
            created: boolean;
        };
        DncEntry: {
            dnc_entry_id: string;
            phone: string;
            reason: string | null;
            /** @enum {string} */
            source: "manual" | "api" | "call" | "import" | "campaign";
            created_by: {
                type: string;
                id: string | null;
                name: string | null;
            };
            created_at: string;
        };
        DncAddBody: {
            /** @description The number never to dial: E.164, or national with default_country. */
            phone: string;
            /** @description Why, in a few words (e.g. "asked not to be called"). */
            reason?: string;
            /**
             * @description Where the request came from; default api (manual from the dashboard).
             * @enum {string}
             */
            source?: "manual" | "api" | "call" | "import" | "campaign";
            /** @description ISO 3166 alpha-2 country of numbers written without a country code, e.g. US. */
            default_country?: string;
        };
        DncRemoveResult: {
            /** @description False when the number was not listed. */
            removed: boolean;
            entry: components["schemas"]["DncEntry"] & (Record<string, never> | null);
        };
        DncRemoveBody: {
            /** @description The number to take off the list. */
            phone: string;
            /** @description ISO 3166 alpha-2 country of numbers written without a country code, e.g. US. */
            default_country?: string;
        };
        ListDncResponse: {
            entries: components["schemas"]["DncEntry"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        DncCheckResult: {
            phone: string;
            blocked: boolean;
            entry: components["schemas"]["DncEntry"] & (Record<string, never> | null);
        };
        AgentTrigger: {
            trigger_id: string;
            agent_id: string;
            name: string | null;
            event_kinds: ("call.started" | "call.ended" | "call.analyzed" | "variables.collected" | "tool_call.failed" | "transfer.started" | "campaign.finished")[];
            url: string;
            enabled: boolean;
            /** @description receiver_gone (the receiver answered 410) or operator. */
            disabled_reason: string | null;
            /** @description Waits between attempts, in milliseconds. */
            retry_schedule_ms: number[];
            created_at: string;
        };
        CreateAgentTriggerBody: {
            /** @description The agent whose events the trigger sends (agt_...). */
            agent_id: string;
            /** @description The events to send: call.started, call.ended, call.analyzed, variables.collected, tool_call.failed, transfer.started, campaign.finished. */
            event_kinds: ("call.started" | "call.ended" | "call.analyzed" | "variables.collected" | "tool_call.failed" | "transfer.started" | "campaign.finished")[];
            /** @description Where to POST each event (https; signed per Standard Webhooks). */
            url: string;
            /** @description A label for people. */
            name?: string;
            /** @description Waits between delivery attempts in milliseconds. Default: the platform's (5 s, 5 min, 30 min, 2 h, 5 h, 10 h). */
            retry_schedule_ms?: number[];
        };
        AgentTriggerRun: {
            run_id: string;
            trigger_id: string;
            /** @description Also the webhook-id header of every attempt. */
            event_id: string;
            /** @enum {string} */
            event_type: "call.started" | "call.ended" | "call.analyzed" | "variables.collected" | "tool_call.failed" | "transfer.started" | "campaign.finished";
            /** @enum {string} */
            origin: "event" | "resend" | "replay";
            url: string;
            /** @enum {string} */
            status: "pending" | "delivering" | "succeeded" | "failed" | "cancelled";
            attempts: components["schemas"]["TriggerDeliveryAttempt"][];
            next_attempt_at: string | null;
            finished_at: string | null;
            created_at: string;
        };
        TriggerDeliveryAttempt: {
            at: string;
            /** @description The receiver's HTTP status; null when no answer came. */
            status_code: number | null;
            latency_ms: number;
            error: string | null;
            url: string;
        };
        ReplayAgentTriggerBody: {
            /** @description Replay events created at or after this time (ISO 8601). */
            from_time: string;
            /** @description ... and at or before this time (ISO 8601). */
            to_time: string;
            /** @description Send them here instead of the trigger's URL (same signing secret). */
            url?: string;
        };
        TelephonyConnection: {
            connection_id: string;
            name: string;
            /** @enum {string} */
            provider: "simulated" | "twilio" | "telnyx";
            base_url: string | null;
            /** @description Credentials are stored encrypted and never returned. */
            has_credentials: boolean;
            /** @description The dials-a-second limit through this account; null: none. */
            calls_per_second: number | null;
            created_at: string;
        };
        /** @description A carrier account: twilio or telnyx with credentials (validated with the provider before they are saved), or the built-in simulated carrier. */
        CreateConnectionBody: {
            /** @enum {string} */
            provider: "twilio";
            /** @description Unique within the organization. */
            name: string;
            /**
             * Format: uri
             * @description Overrides the provider's API address (a regional edge). Defaults to the provider's public API.
             */
            base_url?: string;
            /** @description At most this many dials a second through the account, across every worker (the carrier's own limit: Twilio's is 1 by default, raised on request). Left out: no limit. */
            calls_per_second?: number;
            credentials: {
                /** @description The Account SID, AC... */
                account_sid: string;
                /** @description The auth token. Stored encrypted, never returned. */
                auth_token: string;
            };
        } | {
            /** @enum {string} */
            provider: "telnyx";
            /** @description Unique within the organization. */
            name: string;
            /**
             * Format: uri
             * @description Overrides the provider's API address (a regional edge). Defaults to the provider's public API.
             */
            base_url?: string;
            /** @description At most this many dials a second through the account, across every worker (the carrier's own limit: Twilio's is 1 by default, raised on request). Left out: no limit. */
            calls_per_second?: number;
            credentials: {
                /** @description A Telnyx API key (KEY...). Stored encrypted, never returned. */
                api_key: string;
                /** @description The Call Control application outbound calls use. */
                call_control_app_id?: string;
                /** @description The account's public key (Telnyx portal, Keys & Credentials): it verifies the call events Telnyx posts. Without it, dials cannot learn their outcome. */
                public_key?: string;
            };
        } | {
            /** @enum {string} */
            provider: "simulated";
            /** @description Unique within the organization. */
            name: string;
            /** @description How callees answer; defaults: 60% answered, 15% no answer, 10% busy, 10% voicemail, 5% failed. */
            simulation?: {
                /** @description Outcomes are a hash of seed and number: another seed, another reproducible mix. */
                seed?: string;
                /** @description Checked in order before the distribution. */
                rules?: {
                    /** @description Numbers ending in these digits... */
                    suffix: string;
                    /**
                     * @description ...get this outcome.
                     * @enum {string}
                     */
                    outcome: "answered" | "no_answer" | "busy" | "voicemail" | "failed";
                }[];
                /** @description Whole percents per outcome, adding up to 100. */
                distribution?: {
                    answered: number;
                    no_answer: number;
                    busy: number;
                    voicemail: number;
                    failed: number;
                };
            };
        };
        SearchNumbersResult: {
            /** @enum {string} */
            provider: "simulated" | "twilio" | "telnyx";
            numbers: {
                number: string;
                country: string;
                locality: string | null;
                region: string | null;
            }[];
            /** @description Whether another page follows. */
            has_more: boolean;
            /** @description Send it as cursor (with the same filters) for the next page; null on the last. */
            next_cursor: string | null;
        };
        PhoneNumberResponse: {
            phone_number: components["schemas"]["PhoneNumber"];
        };
        PhoneNumber: {
            phone_number_id: string;
            /** @description E.164 */
            number: string;
            country: string;
            /** @enum {string} */
            provider: "simulated" | "twilio" | "telnyx";
            connection_id: string | null;
            /** @enum {string} */
            origin: "purchased" | "imported";
            /** @enum {string} */
            status: "active" | "pending";
            destination_id: string | null;
            created_at: string;
        };
        PurchaseNumberBody: {
            /** @description The telephony connection (tcn_...). Left out: the built-in simulated carrier. */
            connection_id?: string;
            /** @description A phone number in international (E.164) format, e.g. +14155550123. Spaces, dashes and parentheses are allowed. */
            number: string;
        };
        ImportNumberBody: {
            /** @description The twilio or telnyx connection (tcn_...) whose account holds the number. */
            connection_id: string;
            /** @description A phone number in international (E.164) format, e.g. +14155550123. Spaces, dashes and parentheses are allowed. */
            number: string;
        };
        ListPhoneNumbersResponse: {
            phone_numbers: components["schemas"]["PhoneNumber"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /** @description Send it as cursor (with the same filters) for the next page; null on the last. */
            next_cursor: string | null;
        };
        SimulateInboundBody: {
            caller: {
                /** @description The caller's name, if known. */
                name?: string | null;
                /** @description The caller's number, E.164. */
                address: string;
            };
            /** @description What the caller says, turn by turn. */
            customer_turns: string[];
        };
        SipTrunkResponse: {
            sip_trunk: components["schemas"]["SipTrunk"];
        };
        SipTrunk: {
            sip_trunk_id: string;
            name: string;
            /** @enum {string} */
            direction: "inbound" | "outbound" | "both";
            connection_id: string | null;
            auth_username: string | null;
            has_password: boolean;
            allowed_ips: string[];
            endpoints: {
                sip_trunk_endpoint_id: string;
                uri: string;
                priority: number;
                weight: number;
            }[];
            created_at: string;
        };
        CreateSipTrunkBody: {
            /** @description Unique within the organization. */
            name: string;
            /**
             * @description Which way calls go over the trunk.
             * @default both
             * @enum {string}
             */
            direction?: "inbound" | "outbound" | "both";
            /** @description A telephony connection the trunk belongs to (tcn_...). */
            connection_id?: string;
            auth?: {
                /** @description SIP digest username. */
                username: string;
                /** @description SIP digest password. Stored encrypted, never returned. */
                password: string;
            };
            /**
             * @description Source addresses accepted for inbound calls (IPs or CIDR ranges).
             * @default []
             */
            allowed_ips?: string[];
        };
        CreateSipTrunkEndpointBody: {
            /** @description The trunk (trk_...). */
            sip_trunk_id: string;
            /** @description Where calls go, e.g. sip:pbx.example.com or sip:+14155550123@pbx.example.com:5060. */
            uri: string;
            /**
             * @description Lower is tried first.
             * @default 10
             */
            priority?: number;
            /**
             * @description Share of calls among endpoints of the same priority.
             * @default 100
             */
            weight?: number;
        };
        DestinationResponse: {
            destination: components["schemas"]["Destination"];
        };
        Destination: {
            destination_id: string;
            /** @enum {string} */
            kind: "phone_number" | "sip_address";
            address: string;
            agent_id: string | null;
            sip_trunk_id: string | null;
            /** @description SIP calls from any address are admitted (otherwise only through the inbound trunk). */
            allow_unauthenticated_sip: boolean;
            created_at: string;
        };
        AssignTrunkDestinationBody: {
            /** @description The trunk (trk_...). */
            sip_trunk_id: string;
            /** @description The destination (dst_...). */
            destination_id: string;
        };
        CreateDestinationBody: {
            /** @enum {string} */
            kind: "phone_number";
            /** @description One of the organization's phone numbers, E.164. */
            address: string;
            /** @description The agent that answers (agt_...). */
            agent_id?: string;
            /** @description The trunk calls arrive through (trk_...). */
            sip_trunk_id?: string;
            /**
             * @description Take SIP calls to this destination from any address, unauthenticated. Off by default: only the source addresses (allowed_ips) or digest credentials of the destination's inbound trunk are admitted, and a destination with no trunk refuses SIP (403).
             * @default false
             */
            allow_unauthenticated_sip?: boolean;
        } | {
            /** @enum {string} */
            kind: "sip_address";
            /** @description A SIP URI, e.g. sip:frontdesk@acme.example.com. */
            address: string;
            /** @description The agent that answers (agt_...). */
            agent_id?: string;
            /** @description The trunk calls arrive through (trk_...). */
            sip_trunk_id?: string;
            /**
             * @description Take SIP calls to this destination from any address, unauthenticated. Off by default: only the source addresses (allowed_ips) or digest credentials of the destination's inbound trunk are admitted, and a destination with no trunk refuses SIP (403).
             * @default false
             */
            allow_unauthenticated_sip?: boolean;
        };
        AssignAgentDestinationBody: {
            /** @description The agent (agt_...). */
            agent_id: string;
            /** @description The destination (dst_...). */
            destination_id: string;
        };
        ListVoicesResult: {
            voices: {
                /** @description The text-to-speech provider. */
                provider: string;
                /** @description What an agent's voice setting names. */
                voice_id: string;
                name: string;
                /** @description BCP 47, e.g. en-US. */
                language: string;
                /** @enum {string} */
                gender: "female" | "male" | "neutral";
                /**
                 * @description stock: a provider's catalogue voice; cloned: the organization's own, made with voice_clone_start.
                 * @enum {string}
                 */
                kind: "stock" | "cloned";
                /** @description The clone job a cloned voice came from (vcl_...); null for stock voices. */
                voice_clone_id: string | null;
            }[];
            /** @description Whether another page follows. */
            has_more: boolean;
            /** @description Send it as cursor (with the same filters) for the next page; null on the last. */
            next_cursor: string | null;
        };
        VoiceCloneResponse: {
            voice_clone: components["schemas"]["VoiceClone"];
        };
        VoiceClone: {
            voice_clone_id: string;
            name: string;
            language: string;
            /** @enum {string} */
            gender: "female" | "male" | "neutral";
            description: string | null;
            /**
             * @description The voice provider that trains and speaks the voice.
             * @enum {string}
             */
            provider: "simulated";
            /**
             * @description queued → analysing → training → ready, or failed (see error).
             * @enum {string}
             */
            status: "queued" | "analysing" | "training" | "ready" | "failed";
            /** @description Percent done. */
            progress: number;
            /** @description Once ready: the voice id to put in an agent's voice setting (with provider). */
            voice_id: string | null;
            error: string | null;
            sample_count: number;
            total_duration_ms: number;
            /** @description What the analysis measured in the samples (after the analysing step). */
            features: {
                pitch_hz: number | null;
                energy_dbfs: number;
                zero_crossing_rate: number;
                voiced_ratio: number;
                duration_ms: number;
            } | null;
            workflow_id: string;
            created_at: string;
            finished_at: string | null;
        };
        StartVoiceCloneBody: {
            /** @description The voice's name, as list_voices will show it. */
            name: string;
            /**
             * @description BCP 47 language of the samples and the voice (default en-US).
             * @default en-US
             */
            language?: string;
            /**
             * @description How list_voices labels the voice (default neutral).
             * @default neutral
             * @enum {string}
             */
            gender?: "female" | "male" | "neutral";
            /** @description A note for people choosing voices. */
            description?: string;
            /** @description 1 to 8 recordings of the speaker: PCM WAV (8-48 kHz, mono or stereo), at least 10 s in total, at most 5 MiB each and 10 minutes in total. */
            samples: {
                /** @description The sample as base64 of a PCM WAV file (a data:audio/wav;base64, prefix is allowed). Give this or url. */
                audio_base64?: string;
                /** @description An http(s) address of a PCM WAV file, fetched once when the clone starts (private addresses are refused). Give this or audio_base64. */
                url?: string;
            }[];
            /** @description Send the same key again to get the same clone (with its current status) instead of starting another. */
            idempotency_key?: string;
        };
        ListVoiceClonesResponse: {
            voice_clones: components["schemas"]["VoiceClone"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /** @description Send it as cursor (with the same filters) for the next page; null on the last. */
            next_cursor: string | null;
        };
        SpeechProviderResponse: {
            speech_provider: components["schemas"]["SpeechProvider"];
        };
        SpeechProvider: {
            speech_provider_id: string;
            name: string;
            /** @enum {string} */
            kind: "deepgram" | "elevenlabs" | "openai-compatible";
            /** @description Null: the service's public address. */
            base_url: string | null;
            stt_model: string | null;
            tts_model: string | null;
            /**
             * @description The key is stored encrypted; it is never returned.
             * @enum {boolean}
             */
            has_api_key: true;
            created_at: string;
            updated_at: string;
        };
        CreateSpeechProviderBody: {
            /** @description Unique within the organization, e.g. "deepgram" or "eleven". */
            name: string;
            /**
             * @description deepgram: live speech recognition (WebSocket); elevenlabs: streaming synthesis for voices of provider elevenlabs; openai-compatible: /audio/speech for voices of provider openai, and /audio/transcriptions when stt_model is set.
             * @enum {string}
             */
            kind: "deepgram" | "elevenlabs" | "openai-compatible";
            /**
             * Format: uri
             * @description Only to reach another address than the service's public one (a proxy, a self-hosted server); for openai-compatible up to and without /audio/speech.
             */
            base_url?: string;
            /** @description Stored encrypted and never returned. */
            api_key: string;
            /** @description Recognition model (deepgram default nova-3). An openai-compatible provider recognises speech only when this is set. */
            stt_model?: string;
            /** @description Synthesis model (elevenlabs default eleven_flash_v2_5, openai-compatible default gpt-4o-mini-tts). */
            tts_model?: string;
        };
        ListSpeechProvidersResponse: {
            speech_providers: components["schemas"]["SpeechProvider"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /** @description Send it as cursor (with the same filters) for the next page; null on the last. */
            next_cursor: string | null;
        };
        ImportHttpSpecResponse: {
            tools: components["schemas"]["HttpTool"][];
            /** @description Entries to add to an agent version's tools (update_agent) to let it call these. */
            agent_tools: {
                name: string;
                /** @enum {string} */
                kind: "http";
                /** @enum {string} */
                permission: "allow" | "ask" | "block";
                config: {
                    http_tool_id: string;
                };
            }[];
        };
        HttpTool: {
            /** @description The HTTP tool id (htl_...). */
            id: string;
            project_id: string;
            agent_id: string | null;
            /** @description The tool name the model calls. */
            name: string;
            description: string;
            method: string;
            /** @description The server URL and path, with {path parameters}. */
            url_template: string;
            /** @description JSON Schema of the arguments: parameters by name, the JSON request body under body. */
            input_schema: {
                [key: string]: unknown;
            };
            /** @description Which headers are stored (their values never leave the platform). */
            header_names: string[];
            /** @enum {string} */
            permission: "allow" | "ask" | "block";
            source_url: string | null;
            created_at: string;
            updated_at: string;
        };
        /** @description An OpenAPI 3.x document to import as HTTP tools: spec or spec_url. */
        ImportHttpSpecBody: {
            /** @description The OpenAPI 3.x document, as a JSON object or JSON text (YAML is not accepted: convert it to JSON first). */
            spec?: {
                [key: string]: unknown;
            } | string;
            /**
             * Format: uri
             * @description Where to fetch the OpenAPI 3.x JSON document from (public addresses only); relative server URLs resolve against it.
             */
            spec_url?: string;
            /** @description Import only these operations (operationId, or "METHOD /path"); default: every operation. */
            operations?: string[];
            /** @description Headers sent with every call (auth: Authorization, X-Api-Key, ...). Stored encrypted, never returned. */
            headers?: {
                [key: string]: string;
            };
            /**
             * @description The permission attached tools get by default: ask (the caller confirms first; the default), allow or block.
             * @default ask
             * @enum {string}
             */
            permission?: "allow" | "ask" | "block";
            /** @description The agent these tools are for (recorded on the tools; attach them with update_agent). */
            agent_id?: string;
            /** @description The project; default: the sign-in's project, else the organization's first. */
            project_id?: string;
        };
        ListHttpToolsResponse: {
            tools: components["schemas"]["HttpTool"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /** @description Send it as cursor (with the same filters) for the next page; null on the last. */
            next_cursor: string | null;
        };
        HttpToolDeletedResponse: {
            tool_id: string;
            /** @enum {boolean} */
            deleted: true;
        };
        KnowledgeResourceResponse: {
            resource: components["schemas"]["KnowledgeResource"];
        };
        KnowledgeResource: {
            /** @description The resource id (res_...). */
            id: string;
            project_id: string;
            name: string;
            /** @enum {string} */
            source_kind: "text" | "document" | "url";
            source_url: string | null;
            content_type: string;
            characters: number;
            /** @description How many passages it was split into. */
            chunks: number;
            created_at: string;
        };
        /** @description A knowledge resource: exactly one of text, document or url. */
        CreateResourceBody: {
            /** @description A name for the resource; default: the URL, or the start of the text. */
            name?: string;
            /** @description The knowledge as plain text. */
            text?: string;
            /** @description An uploaded document, as text. */
            document?: {
                /** @description The document's text content (markdown, plain text or JSON). */
                content: string;
                /**
                 * @description What the content is.
                 * @enum {string}
                 */
                content_type: "text/markdown" | "text/plain" | "application/json";
                /** @description The uploaded file's name. */
                filename?: string;
            };
            /**
             * Format: uri
             * @description A web page or text file to fetch (public addresses only); HTML is reduced to its text.
             */
            url?: string;
            /** @description The project the knowledge belongs to; default: the sign-in's project, else the organization's first. */
            project_id?: string;
        };
        ListKnowledgeResourcesResponse: {
            resources: components["schemas"]["KnowledgeResource"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /** @description Send it as cursor (with the same filters) for the next page; null on the last. */
            next_cursor: string | null;
        };
        RetrieveContextResponse: {
            passages: components["schemas"]["KnowledgePassage"][];
        };
        KnowledgePassage: {
            resource_id: string;
            resource_name: string;
            /** @description Where the resource was fetched from, for url resources. */
            source_url: string | null;
            /** @description The passage's place in its resource, from 0. */
            position: number;
            /** @description Relevance (ts_rank_cd); higher is better. */
            rank: number;
            /** @description The matching words in context, matches marked with <b></b>. */
            snippet: string;
            /** @description The whole passage. */
            content: string;
        };
        RetrieveContextBody: {
            /** @description What to look for, in words (web-search syntax: "quoted phrases", -excluded, or). */
            query: string;
            /**
             * @description How many passages at most (1-20, default 5).
             * @default 5
             */
            limit?: number;
            /** @description The project the knowledge belongs to; default: the sign-in's project, else the organization's first. */
            project_id?: string;
        };
        ResourceDeletedResponse: {
            resource_id: string;
            /** @enum {boolean} */
            deleted: true;
        };
        OutboundCallResponse: {
            outbound_call: components["schemas"]["OutboundCall"];
        };
        OutboundCall: {
            outbound_call_id: string;
            agent_id: string;
            version_id: string;
            /** @description The call session recorded for this call (also when it was not answered or was blocked). */
            session_id: string;
            from_number: string;
            to_number: string;
            contact_id: string | null;
            variables: {
                [key: string]: string;
            };
            /**
             * @description queued → dialling → in_call → completed; or no_answer, busy, voicemail, failed, dnc_blocked.
             * @enum {string}
             */
            status: "queued" | "dialling" | "in_call" | "completed" | "no_answer" | "busy" | "voicemail" | "failed" | "dnc_blocked";
            end_reason: string | null;
            error: string | null;
            workflow_id: string;
            created_at: string;
            updated_at: string;
        };
        CreateOutboundCallRestBody: {
            /** @description The agent that makes the call (agt_...). The version is picked by its traffic split. */
            agent_id: string;
            /** @description Caller id: one of the organization's phone numbers, E.164 (+14155550100). */
            from_number: string;
            /** @description Who to call, E.164 or national with default_country. Give this or contact_id. */
            to_number?: string;
            /** @description A contact (cnt_...) whose phone is called. Give this or to_number. */
            contact_id?: string;
            /** @description ISO 3166 alpha-2 country of a to_number written without a country code. */
            default_country?: string;
            /** @description String variables for the conversation (recorded with the call), e.g. {"first_name": "Ana"}. */
            variables?: {
                [key: string]: string;
            };
            /** @description What the callee says, turn by turn, on the simulated carrier; default: a short greeting and goodbye. */
            customer_script?: string[];
        };
        CampaignResponse: {
            campaign: components["schemas"]["Campaign"];
        };
        Campaign: {
            campaign_id: string;
            name: string;
            agent_id: string;
            caller_numbers: string[];
            window: {
                start: string;
                end: string;
                days: number[];
            } | null;
            time_zone: string;
            max_concurrent_calls: number;
            calls_per_minute: number;
            retry: {
                outcomes: string[];
                max_attempts: number;
                delay_seconds: number;
            };
            spend_cap_micros: number | null;
            spent_micros: number;
            /** @enum {string} */
            status: "running" | "paused" | "cancelled" | "completed";
            reason: string | null;
            counts: {
                recipients: number;
                /** @description queued, dialling, in_call, done, skipped_dnc, skipped_window, failed, cancelled (not dialled (again) because the campaign was cancelled). */
                by_state: {
                    [key: string]: number;
                };
                /** @description Last outcome of finished recipients: completed, no_answer, busy, voicemail, failed, dnc_blocked. */
                by_outcome: {
                    [key: string]: number;
                };
                /** @description Calls placed (attempts started, less those the do-not-call list stopped before the dial: those recipients count under by_state.skipped_dnc). */
                dials: number;
            };
            /** @description Live progress from the workflow while it runs. */
            progress: {
                [key: string]: unknown;
            } | null;
            workflow_id: string;
            created_at: string;
            finished_at: string | null;
        };
        LaunchCampaignRestBody: {
            /** @description A name for people; default: "Campaign" and the date. */
            name?: string;
            /** @description The agent that makes the calls (agt_...). */
            agent_id: string;
            /** @description Caller ids, E.164: the organization's numbers, used in turn. */
            caller_numbers: string[];
            /** @description Who to call: contacts. Give this or numbers. */
            contact_ids?: string[];
            /** @description Who to call: phone numbers, each resolved to a contact (made if new). Give this or contact_ids. */
            numbers?: string[];
            /** @description ISO 3166 alpha-2 country of numbers written without a country code. */
            default_country?: string;
            window?: components["schemas"]["CallingWindow"];
            /**
             * @description IANA zone of recipients whose number gives none; default UTC.
             * @default UTC
             */
            time_zone?: string;
            /**
             * @description Calls in flight at once at most; default 5.
             * @default 5
             */
            max_concurrent_calls?: number;
            /**
             * @description Dials started per minute at most; default 60.
             * @default 60
             */
            calls_per_minute?: number;
            retry?: components["schemas"]["RetryPolicy"];
            /** @description Stop dialling once the calls cost this much, in micros (1,000,000 = one unit of the price list's currency). */
            spend_cap_micros?: number;
            /** @description What callees say, turn by turn, on the simulated carrier (the persona script). */
            customer_script?: string[];
            /** @description String variables recorded with every call. */
            variables?: {
                [key: string]: string;
            };
        };
        /** @description When recipients may be called, in each one's local time; default any time. */
        CallingWindow: {
            /** @description When calling may start, local time of the recipient, e.g. 09:00. */
            start: string;
            /** @description When calling must stop, local time of the recipient, e.g. 20:00 (after start; 24:00 for midnight). */
            end: string;
            /**
             * @description ISO weekdays when calling is allowed, 1 = Monday ... 7 = Sunday; default every day.
             * @default [
             *       1,
             *       2,
             *       3,
             *       4,
             *       5,
             *       6,
             *       7
             *     ]
             */
            days?: number[];
        };
        /** @description Retries for no_answer, busy and voicemail; default none. */
        RetryPolicy: {
            /**
             * @description Outcomes that are tried again; default all three.
             * @default [
             *       "no_answer",
             *       "busy",
             *       "voicemail"
             *     ]
             */
            outcomes?: ("no_answer" | "busy" | "voicemail")[];
            /**
             * @description Dials per recipient at most, the first included; default 1 (no retry).
             * @default 1
             */
            max_attempts?: number;
            /**
             * @description Wait before trying again; default one hour.
             * @default 3600
             */
            delay_seconds?: number;
        };
        ListCampaignsResponse: {
            campaigns: {
                campaign_id: string;
                name: string;
                agent_id: string;
                caller_numbers: string[];
                window: {
                    start: string;
                    end: string;
                    days: number[];
                } | null;
                time_zone: string;
                max_concurrent_calls: number;
                calls_per_minute: number;
                retry: {
                    outcomes: string[];
                    max_attempts: number;
                    delay_seconds: number;
                };
                spend_cap_micros: number | null;
                spent_micros: number;
                /** @enum {string} */
                status: "running" | "paused" | "cancelled" | "completed";
                reason: string | null;
                counts: {
                    recipients: number;
                    /** @description queued, dialling, in_call, done, skipped_dnc, skipped_window, failed, cancelled (not dialled (again) because the campaign was cancelled). */
                    by_state: {
                        [key: string]: number;
                    };
                    /** @description Last outcome of finished recipients: completed, no_answer, busy, voicemail, failed, dnc_blocked. */
                    by_outcome: {
                        [key: string]: number;
                    };
                    /** @description Calls placed (attempts started, less those the do-not-call list stopped before the dial: those recipients count under by_state.skipped_dnc). */
                    dials: number;
                };
                workflow_id: string;
                created_at: string;
                finished_at: string | null;
            }[];
            /** @description Whether another page follows. */
            has_more: boolean;
            /** @description Send it as cursor (with the same filters) for the next page; null on the last. */
            next_cursor: string | null;
        };
        ListCampaignRecipientsResponse: {
            recipients: components["schemas"]["CampaignRecipient"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /** @description Send it as cursor (with the same filters) for the next page; null on the last. */
            next_cursor: string | null;
        };
        CampaignRecipient: {
            recipient_id: string;
            contact_id: string;
            /** @description The contact's name, if it has one. */
            name: string | null;
            phone: string;
            time_zone: string;
            /** @description Its place in the list the campaign was launched with, from 0. */
            position: number;
            /** @enum {string} */
            state: "queued" | "dialling" | "in_call" | "done" | "skipped_dnc" | "skipped_window" | "failed" | "cancelled";
            /** @description Dials started for this recipient. */
            attempts: number;
            last_outcome: string | null;
            /** @description When it is due for its next dial, if it waits for one. */
            next_attempt_at: string | null;
            /** @description Each attempt, oldest first, with the call session it made. */
            calls: components["schemas"]["CampaignRecipientCall"][];
            updated_at: string;
        };
        CampaignRecipientCall: {
            /** @description 1 for the first dial of this recipient, 2 for the first retry, ... */
            attempt: number;
            outbound_call_id: string;
            /** @description The call session of this attempt (GET /v1/call_session/retrieve/{session_id}). */
            session_id: string;
            from_number: string;
            /** @enum {string} */
            status: "queued" | "dialling" | "in_call" | "completed" | "no_answer" | "busy" | "voicemail" | "failed" | "dnc_blocked";
            end_reason: string | null;
            created_at: string;
        };
        CampaignPaceBody: {
            /** @description New limit of calls in flight. */
            max_concurrent_calls?: number;
            /** @description New limit of dials started per minute. */
            calls_per_minute?: number;
        };
        McpServer: {
            id: string;
            name: string;
            address: string;
            /** @enum {string} */
            sign_in_method: "headers" | "oauth";
            /** @description Which headers are stored (their values never leave the platform). */
            header_names: string[];
            discovery: {
                last_synced_at: string | null;
                last_attempt_at: string | null;
                tool_count: number;
                last_error: string | null;
            };
            created_at: string;
            /** @description Every tool synced, removed ones included (retrieve only). */
            tools?: components["schemas"]["McpServerTool"][];
        };
        McpServerTool: {
            name: string;
            description: string;
            input_schema: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            permission: "allow" | "ask" | "block";
            active: boolean;
            /** @description When a sync found the server no longer lists it; null while listed. */
            removed_at: string | null;
        };
        CreateMcpServerBody: {
            /** @description A name for the server, shown to operators. */
            name: string;
            /**
             * Format: uri
             * @description The server's Streamable HTTP endpoint (public addresses only), e.g. https://mcp.example.com/mcp.
             */
            address: string;
            /**
             * @description headers: the operator's own headers (below) are sent on every request; oauth: the platform signs in as an OAuth client (start it with the oauth/authorize route, then open the address it returns).
             * @default headers
             * @enum {string}
             */
            sign_in_method?: "headers" | "oauth";
            /** @description Headers sent to the server (Authorization, X-Api-Key, ...). Stored encrypted, never returned. */
            headers?: {
                [key: string]: string;
            };
        };
        ActivateMcpToolBody: {
            /** @description false: no agent is offered the tool, whatever its permission. */
            active?: boolean;
            /**
             * @description allow: runs when the agent needs it; ask: the caller confirms first; block: never reaches the model.
             * @enum {string}
             */
            permission?: "allow" | "ask" | "block";
        };
        AssignMcpServerBody: {
            /** @description The agent that gets the server's tools. */
            agent_id: string;
            /** @description The MCP server (mcp_...). */
            mcp_server_id: string;
        };
        McpServerDeletedResponse: {
            mcp_server_id: string;
            /** @enum {boolean} */
            deleted: true;
        };
        IntegrationInfoResponse: {
            integrations: components["schemas"]["Integration"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /** @description Send it as cursor (with the same filters) for the next page; null on the last. */
            next_cursor: string | null;
        };
        Integration: {
            /** @enum {string} */
            key: "caldav" | "hubspot" | "zendesk";
            /** @enum {string} */
            kind: "calendar" | "crm" | "helpdesk";
            name: string;
            description: string;
            protocol: string;
            fields: components["schemas"]["IntegrationField"][];
            /** @description Built-in agent tools a connection gives: add {kind: "integration", name, config: {connection_id}} to an agent version's tools. */
            tools: components["schemas"]["IntegrationTool"][];
        };
        IntegrationField: {
            key: string;
            label: string;
            /** @description true: sent under credentials, stored encrypted, never returned; false: sent under settings, returned. */
            secret: boolean;
            required: boolean;
            description: string;
        };
        IntegrationTool: {
            /** @enum {string} */
            name: "check_availability" | "book_appointment" | "lookup_contact" | "create_contact" | "open_ticket";
            description: string;
            /**
             * @description ask for tools that change something in the provider (the caller confirms first).
             * @enum {string}
             */
            default_permission: "allow" | "ask";
            input_schema: {
                [key: string]: unknown;
            };
        };
        ConnectIntegrationResponse: {
            connection: components["schemas"]["IntegrationConnection"];
            /** @description false for a reconnect. */
            created: boolean;
        };
        IntegrationConnection: {
            connection_id: string;
            /** @enum {string} */
            integration: "caldav" | "hubspot" | "zendesk";
            /** @enum {string} */
            kind: "calendar" | "crm" | "helpdesk";
            name: string;
            /** @description null: usable by every project of the organization. */
            project_id: string | null;
            /**
             * @description connected; error (the provider refused the credentials during a call: reconnect); disconnected.
             * @enum {string}
             */
            status: "connected" | "error" | "disconnected";
            /** @description The non-secret settings. */
            settings: {
                [key: string]: unknown;
            };
            /** @description Which credentials are stored (their values never leave the platform); empty once disconnected. */
            credential_names: string[];
            last_error: string | null;
            last_error_at: string | null;
            connected_at: string | null;
            disconnected_at: string | null;
            created_at: string;
            updated_at: string;
            /** @description Ready-made entries for an agent version's tools list, with each tool's default permission. */
            agent_tools: {
                name: string;
                /** @enum {string} */
                kind: "integration";
                /** @enum {string} */
                permission: "allow" | "ask";
                config: {
                    connection_id: string;
                };
            }[];
        };
        /** @description Credentials are checked with the provider before anything is stored: refused credentials are a 422 and nothing is saved (a reconnect that fails leaves the connection as it was). Credentials are stored encrypted and never returned. */
        ConnectIntegrationBody: {
            /** @enum {string} */
            integration: "caldav";
            /** @description A name for the connection, shown to operators; default the integration's name. */
            name?: string;
            /** @description Only agents of this project may use the connection; default: every project of the organization. */
            project_id?: string;
            /** @description Reconnect this connection (new credentials or settings) instead of making a new one; the integration must be the same. */
            connection_id?: string;
            settings: {
                /**
                 * Format: uri
                 * @description The calendar collection's address (CalDAV, RFC 4791), e.g. https://dav.example.com/ana/work/.
                 */
                calendar_url: string;
                /**
                 * @description IANA time zone of the business hours and of times without an offset; default UTC.
                 * @default UTC
                 */
                time_zone?: string;
                business_hours?: components["schemas"]["IntegrationBusinessHours"];
                /**
                 * @description Length of an appointment (and step between offered slots) unless the agent asks for another; default 30.
                 * @default 30
                 */
                slot_minutes?: number;
            };
            credentials: {
                /** @description The CalDAV user name (HTTP Basic). */
                username: string;
                /** @description The password or app password (HTTP Basic). */
                password: string;
            };
        } | {
            /** @enum {string} */
            integration: "hubspot";
            /** @description A name for the connection, shown to operators; default the integration's name. */
            name?: string;
            /** @description Only agents of this project may use the connection; default: every project of the organization. */
            project_id?: string;
            /** @description Reconnect this connection (new credentials or settings) instead of making a new one; the integration must be the same. */
            connection_id?: string;
            /**
             * @default {
             *       "base_url": "https://api.hubapi.com"
             *     }
             */
            settings?: {
                /**
                 * Format: uri
                 * @description The API's address; default https://api.hubapi.com.
                 * @default https://api.hubapi.com
                 */
                base_url?: string;
            };
            credentials: {
                /** @description A private app's access token (pat-...), with the crm.objects.contacts.read and .write scopes. */
                access_token: string;
            };
        } | {
            /** @enum {string} */
            integration: "zendesk";
            /** @description A name for the connection, shown to operators; default the integration's name. */
            name?: string;
            /** @description Only agents of this project may use the connection; default: every project of the organization. */
            project_id?: string;
            /** @description Reconnect this connection (new credentials or settings) instead of making a new one; the integration must be the same. */
            connection_id?: string;
            settings: {
                /** @description The account's subdomain: acme for https://acme.zendesk.com. */
                subdomain?: string;
                /**
                 * Format: uri
                 * @description The account's address instead of a subdomain (a host-mapped domain).
                 */
                base_url?: string;
            };
            credentials: {
                /**
                 * Format: email
                 * @description The agent's email address the API token belongs to.
                 */
                email: string;
                /** @description A Zendesk API token (Admin Center > Apps and integrations > Zendesk API). */
                api_token: string;
            };
        };
        /**
         * @description When appointments can be booked.
         * @default {
         *       "days": [
         *         1,
         *         2,
         *         3,
         *         4,
         *         5
         *       ],
         *       "start": "09:00",
         *       "end": "17:00"
         *     }
         */
        IntegrationBusinessHours: {
            /**
             * @description ISO weekdays with opening hours: 1 Monday ... 7 Sunday; default Monday to Friday.
             * @default [
             *       1,
             *       2,
             *       3,
             *       4,
             *       5
             *     ]
             */
            days?: number[];
            /**
             * @description Opening time, local to time_zone; default 09:00.
             * @default 09:00
             */
            start?: string;
            /**
             * @description Closing time, local to time_zone; default 17:00.
             * @default 17:00
             */
            end?: string;
        };
        ListIntegrationConnectionsResponse: {
            connections: components["schemas"]["IntegrationConnection"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        IntegrationConnectionResponse: {
            connection: components["schemas"]["IntegrationConnection"];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    issueToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "client_id": "cli_01JDX3S8Q4M5N6P7R8T9V0W1X2",
                 *       "client_secret": "sk_..."
                 *     }
                 */
                "application/json": components["schemas"]["TokenRequestBody"];
                "application/x-www-form-urlencoded": components["schemas"]["TokenRequestBody"];
            };
        };
        responses: {
            /** @description A bearer token */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "access_token": "eyJhbGciOiJFUzI1NiIs...",
                     *       "token_type": "Bearer",
                     *       "expires_in": 3600
                     *     }
                     */
                    "application/json": components["schemas"]["TokenResponse"];
                };
            };
            /** @description Malformed body */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown client, wrong secret, or revoked client (code INVALID_CLIENT) */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many attempts */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCallSessions: {
        parameters: {
            query?: {
                /** @description Earliest start time, inclusive (UTC). Default: 30 days before to_time. */
                from_time?: string;
                /** @description Latest start time, inclusive to the second (UTC). Default: now. */
                to_time?: string;
                /** @description Sessions per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description The next_cursor of the previous page. Send the same filters with it. */
                cursor?: string;
                /** @description Only sessions of this agent. */
                agent_id?: string;
                /** @description Only sessions of this project. */
                project_id?: string;
                /** @description Only sessions in this status. */
                status?: "queued" | "ringing" | "in_progress" | "ended" | "failed";
                /** @description Only sessions of this direction. */
                direction?: "inbound" | "outbound" | "web";
                /** @description Only sessions that ended this way. */
                end_reason?: "agent_hangup" | "customer_hangup" | "transferred" | "no_answer" | "busy" | "voicemail" | "dnc_blocked" | "outside_window" | "failed" | "timeout" | "error" | "cancelled" | "media_lost" | "media_refused" | "not_understood" | "silence_timeout";
                /** @description Only sessions of these kinds: live (calls with a real party), test (test runs), simulation (simulated calls), a comma-separated list of them, or all. Default: all. */
                kind?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListSessionsResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retrieveCallSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The session_id of a call session (sess_...), as listed. */
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetrieveSessionResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retrieveToolCall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The session_id of a call session (sess_...), as listed. */
                session_id: string;
                /** @description The leg_id of the leg the tool call happened on (from the session's legs). */
                leg_id: string;
                /** @description The tool_call_id from a transcript item of that leg. */
                tool_call_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetrieveToolCallResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    hangupCall: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The session_id of a call session (sess_...), as listed. */
                call_session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            202: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HangupResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The call's media process or Temporal is unreachable; retry after Retry-After */
            503: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retrieveRecordingUrl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The session_id of a call session (sess_...), as listed. */
                call_session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordingLinkResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retrieveCostBreakdown: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The session_id of a call session (sess_...), as listed. */
                call_session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CostBreakdownResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAnalyticsOverview: {
        parameters: {
            query?: {
                /** @description Start of the range, inclusive: YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601 with a zone. Default: 30 days before to_time. */
                from_time?: string;
                /** @description End of the range, inclusive to the second. Default: now. At most 400 days after from_time. */
                to_time?: string;
                /** @description Only sessions of this agent. */
                agent_id?: string;
                /** @description Only sessions of this project. */
                project_id?: string;
                /** @description Only sessions of this direction. */
                direction?: "inbound" | "outbound" | "web";
                /** @description Which sessions to count: live (calls with a real party), test (test runs), simulation (simulated calls), a comma-separated list of them, or all. Default: live. */
                kind?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsOverviewResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAnalyticsTimeSeries: {
        parameters: {
            query?: {
                /** @description Start of the range, inclusive: YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601 with a zone. Default: 30 days before to_time. */
                from_time?: string;
                /** @description End of the range, inclusive to the second. Default: now. At most 400 days after from_time. */
                to_time?: string;
                /** @description Only sessions of this agent. */
                agent_id?: string;
                /** @description Only sessions of this project. */
                project_id?: string;
                /** @description Only sessions of this direction. */
                direction?: "inbound" | "outbound" | "web";
                /** @description Which sessions to count: live (calls with a real party), test (test runs), simulation (simulated calls), a comma-separated list of them, or all. Default: live. */
                kind?: string;
                /** @description IANA time zone in which buckets, days and hours are counted. Default: UTC. */
                time_zone?: string;
                /** @description Length of each point: hour, day, week (from Monday) or month. Default: day. At most 2000 points. */
                interval?: "hour" | "day" | "week" | "month";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsTimeSeriesResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAnalyticsBreakdown: {
        parameters: {
            query?: {
                /** @description Start of the range, inclusive: YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601 with a zone. Default: 30 days before to_time. */
                from_time?: string;
                /** @description End of the range, inclusive to the second. Default: now. At most 400 days after from_time. */
                to_time?: string;
                /** @description Only sessions of this agent. */
                agent_id?: string;
                /** @description Only sessions of this project. */
                project_id?: string;
                /** @description Only sessions of this direction. */
                direction?: "inbound" | "outbound" | "web";
                /** @description Which sessions to count: live (calls with a real party), test (test runs), simulation (simulated calls), a comma-separated list of them, or all. Default: live. */
                kind?: string;
                /** @description The dimension to split the sessions by; default agent. */
                group_by?: "agent" | "status" | "end_reason" | "direction" | "project" | "phone_number" | "kind";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsBreakdownResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAnalyticsHeatmap: {
        parameters: {
            query?: {
                /** @description Start of the range, inclusive: YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601 with a zone. Default: 30 days before to_time. */
                from_time?: string;
                /** @description End of the range, inclusive to the second. Default: now. At most 400 days after from_time. */
                to_time?: string;
                /** @description Only sessions of this agent. */
                agent_id?: string;
                /** @description Only sessions of this project. */
                project_id?: string;
                /** @description Only sessions of this direction. */
                direction?: "inbound" | "outbound" | "web";
                /** @description Which sessions to count: live (calls with a real party), test (test runs), simulation (simulated calls), a comma-separated list of them, or all. Default: live. */
                kind?: string;
                /** @description IANA time zone in which buckets, days and hours are counted. Default: UTC. */
                time_zone?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsHeatmapResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAnalyticsAgentStats: {
        parameters: {
            query?: {
                /** @description Start of the range, inclusive: YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601 with a zone. Default: 30 days before to_time. */
                from_time?: string;
                /** @description End of the range, inclusive to the second. Default: now. At most 400 days after from_time. */
                to_time?: string;
                /** @description Only sessions of this agent. */
                agent_id?: string;
                /** @description Only sessions of this project. */
                project_id?: string;
                /** @description Only sessions of this direction. */
                direction?: "inbound" | "outbound" | "web";
                /** @description Which sessions to count: live (calls with a real party), test (test runs), simulation (simulated calls), a comma-separated list of them, or all. Default: live. */
                kind?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsAgentStatsResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAnalyticsTurnStats: {
        parameters: {
            query?: {
                /** @description Start of the range, inclusive: YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601 with a zone. Default: 30 days before to_time. */
                from_time?: string;
                /** @description End of the range, inclusive to the second. Default: now. At most 400 days after from_time. */
                to_time?: string;
                /** @description Only sessions of this agent. */
                agent_id?: string;
                /** @description Only sessions of this project. */
                project_id?: string;
                /** @description Only sessions of this direction. */
                direction?: "inbound" | "outbound" | "web";
                /** @description Which sessions to count: live (calls with a real party), test (test runs), simulation (simulated calls), a comma-separated list of them, or all. Default: live. */
                kind?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsTurnStatsResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAnalyticsCost: {
        parameters: {
            query?: {
                /** @description Start of the range, inclusive: YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601 with a zone. Default: 30 days before to_time. */
                from_time?: string;
                /** @description End of the range, inclusive to the second. Default: now. At most 400 days after from_time. */
                to_time?: string;
                /** @description Only sessions of this agent. */
                agent_id?: string;
                /** @description Only sessions of this project. */
                project_id?: string;
                /** @description Only sessions of this direction. */
                direction?: "inbound" | "outbound" | "web";
                /** @description Which sessions to count: live (calls with a real party), test (test runs), simulation (simulated calls), a comma-separated list of them, or all. Default: live. */
                kind?: string;
                /** @description IANA time zone in which buckets, days and hours are counted. Default: UTC. */
                time_zone?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsCostResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getBillingOverview: {
        parameters: {
            query?: {
                /** @description The moment "to date" means, inclusive to the second: YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601 with a zone. The periods are the day, month and year that contain it in time_zone. Default: now. */
                as_of?: string;
                /** @description IANA time zone in which buckets, days and hours are counted. Default: UTC. */
                time_zone?: string;
                /** @description Calendar months in the monthly series, the current one included: 1 to 24; default 12. */
                months?: number;
                /** @description Only the spend of this project. */
                project_id?: string;
                /** @description Whose spend to count: live (calls with a real party), test (test runs), simulation (simulated calls), a comma-separated list of them, or all. Default: live. */
                kind?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BillingOverviewResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retrieveOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createProject: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateProjectBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateProjectResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project (prj_...). */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectDeletedResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listApiClients: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListApiClientsResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createApiClient: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiClientBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiClientResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revokeApiClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The API client (cli_...). */
                client_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiClientResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listMembers: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListMembersResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateInvitationBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listInvitations: {
        parameters: {
            query?: {
                /** @description Only invitations in this state. */
                status?: "pending" | "accepted" | "declined" | "revoked" | "expired";
                /** @description Invitations per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListInvitationsResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revokeInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invitation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateMemberBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    removeMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        removed: true;
                        user_id: string;
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    setProjectRole: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetProjectRoleBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listRoles: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListRolesResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateRoleBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                /** @description Earliest change, inclusive (UTC). Default: 90 days before to_time. */
                from_time?: string;
                /** @description Latest change, inclusive to the second (UTC). Default: now. */
                to_time?: string;
                page_size?: number;
                cursor?: string;
                /** @description Only changes by this user or API client. */
                actor_id?: string;
                /** @description Only this action, e.g. member.add or project.create. */
                action?: string;
                via?: "rest" | "mcp" | "dashboard" | "cli" | "system";
                project_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAuditResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createAgent: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Front desk",
                 *       "prompt": "You are the front desk of Acme Dental. Book, move and cancel appointments."
                 *     }
                 */
                "application/json": components["schemas"]["CreateAgentBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    /** @description The content hash of the head version, quoted: send it back as If-Match to change what you read. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateAgent: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag you read (from retrieve, create or the last update): the change applies only if the head is still that version. */
                "If-Match"?: string;
            };
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAgentBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description The content hash of the head version, quoted: send it back as If-Match to change what you read. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The head changed since that ETag (PRECONDITION_FAILED, with current_etag): read again and re-apply */
            412: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAgents: {
        parameters: {
            query?: {
                /** @description Only agents of this project. */
                project_id?: string;
                /** @description false (default): agents in use only; true: archived agents only; include: both. */
                archived?: "false" | "true" | "include";
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAgentsResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retrieveAgent: {
        parameters: {
            query?: {
                /** @description Show this branch's head instead of main's. */
                branch_id?: string;
            };
            header?: never;
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description The content hash of the head version, quoted: send it back as If-Match to change what you read. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    estimateAgent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EstimateAgentBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EstimateAgentResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createAgentBranch: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAgentBranchRestBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentBranchResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAgentBranches: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAgentBranchesResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    patchAgentPrompt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PatchPromptRestBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PromptChangeResult"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAgentPromptRevisions: {
        parameters: {
            query?: {
                /** @description Only revisions made on this branch. */
                branch_id?: string;
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListPromptRevisionsResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retrieveAgentPromptRevision: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
                /** @description The prompt revision (rev_...). */
                revision_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PromptRevisionDetail"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    restorePromptRevision: {
        parameters: {
            query?: {
                /** @description Branch to restore onto (brn_...); default the revision's own branch. */
                branch_id?: string;
            };
            header?: never;
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
                /** @description The prompt revision (rev_...). */
                revision_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PromptChangeResult"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    previewAgentBranchMerge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
                /** @description The branch (brn_...). */
                branch_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MergePreview"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The branch cannot be merged as it is (named in the answer) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    mergeAgentBranch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
                /** @description The branch (brn_...). */
                branch_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MergeResult"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The branch head has not passed the agent's required tests (named in the answer) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    publishAgent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicationResult"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rollbackAgent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicationResult"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    unpublishAgent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnpublishResult"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    archiveAgent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ArchiveResult"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    unarchiveAgent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ArchiveResult"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    setAgentTrafficSplit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetTrafficSplitRestBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrafficSplitResult"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A share names a branch head that has not passed the required tests (without override) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    simulateCall: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SimulateCallBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetrieveSessionResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createModelProvider: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateModelProviderBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelProviderResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listModelProviders: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListModelProvidersResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createTest: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTestRestBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTests: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListTestsResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    runTests: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RunTestsBody"];
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunTestsResult"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The agent has no tests to run, or the tests named do not belong to it; The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Temporal (the workflow service) is unreachable: nothing was started; retry after Retry-After */
            503: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retrieveTestRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The test run (trn_...). */
                test_run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestRunResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retrieveEvaluation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The evaluation (evl_...). */
                evaluation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvaluationResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
                /** @description The test (tst_...). */
                test_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestDeletedResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    startRelease: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StartReleaseRestBody"];
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The release cannot start: the candidate has not passed the required tests, or a rule refuses it; The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Temporal (the workflow service) is unreachable: nothing was started; retry after Retry-After */
            503: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listReleases: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListReleasesResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retrieveRelease: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
                /** @description The release (rel_...). */
                release_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    approveRelease: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
                /** @description The release (rel_...). */
                release_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    pauseRelease: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
                /** @description The release (rel_...). */
                release_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resumeRelease: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
                /** @description The release (rel_...). */
                release_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    abortRelease: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
                /** @description The release (rel_...). */
                release_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rollbackRelease: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent (agt_...). */
                agent_id: string;
                /** @description The release (rel_...). */
                release_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resolveOrCreateContact: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResolveContactBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResolveContactResult"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    importContacts: {
        parameters: {
            query?: {
                /** @description ISO 3166 alpha-2 country of numbers written without a country code, e.g. US. */
                default_country?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The CSV file itself (text/csv or text/plain, up to 16 MiB), or JSON {"csv": "..."} (up to 1 MiB). */
        requestBody: {
            content: {
                "text/csv": string;
                "application/json": components["schemas"]["ImportContactsBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportContactsResult"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listContacts: {
        parameters: {
            query?: {
                page_size?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListContactsResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retrieveContact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                contact_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteContact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The contact (cnt_...). */
                contact_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactDeletedResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    addDncEntry: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DncAddBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DncAddResult"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    removeDncEntry: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DncRemoveBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DncRemoveResult"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listDncEntries: {
        parameters: {
            query?: {
                page_size?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListDncResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    checkDnc: {
        parameters: {
            query: {
                phone: string;
                /** @description ISO 3166 alpha-2 country of numbers written without a country code, e.g. US. */
                default_country?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DncCheckResult"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createAgentTrigger: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAgentTriggerBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        trigger: components["schemas"]["AgentTrigger"];
                        /** @description whsec_...: verify deliveries with it. Shown only now; store it. */
                        signing_secret: string;
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAgentTriggers: {
        parameters: {
            query?: {
                /** @description Only the triggers of this agent. */
                agent_id?: string;
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        triggers: components["schemas"]["AgentTrigger"][];
                        /** @description Whether another page follows. */
                        has_more: boolean;
                        /** @description Send it as cursor (with the same filters) for the next page; null on the last. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retrieveAgentTrigger: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The trigger (trg_...). */
                trigger_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        trigger: components["schemas"]["AgentTrigger"];
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    disableAgentTrigger: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The trigger (trg_...). */
                trigger_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        trigger: components["schemas"]["AgentTrigger"];
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    enableAgentTrigger: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The trigger (trg_...). */
                trigger_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        trigger: components["schemas"]["AgentTrigger"];
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteAgentTrigger: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The trigger (trg_...). */
                trigger_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        trigger_id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAgentTriggerRuns: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description The trigger (trg_...). */
                trigger_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        runs: components["schemas"]["AgentTriggerRun"][];
                        /** @description Whether another page follows. */
                        has_more: boolean;
                        /** @description Send it as cursor (with the same filters) for the next page; null on the last. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retrieveAgentTriggerRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The trigger run (run_...). */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        run: components["schemas"]["AgentTriggerRun"];
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resendAgentTriggerRun: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The trigger run (run_...). */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            202: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        run: components["schemas"]["AgentTriggerRun"];
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    replayAgentTrigger: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The trigger (trg_...). */
                trigger_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReplayAgentTriggerBody"];
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        runs: components["schemas"]["AgentTriggerRun"][];
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createTelephonyConnection: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateConnectionBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        connection: components["schemas"]["TelephonyConnection"];
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTelephonyConnections: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        connections: components["schemas"]["TelephonyConnection"][];
                        /** @description Whether another page follows. */
                        has_more: boolean;
                        /** @description Send it as cursor (with the same filters) for the next page; null on the last. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    searchPhoneNumbers: {
        parameters: {
            query?: {
                /** @description The telephony connection (tcn_...). Left out: the built-in simulated carrier. */
                connection_id?: string;
                /** @description ISO 3166 two-letter country code, e.g. US. */
                country?: string;
                /** @description Area code (national destination code), e.g. 415. */
                area_code?: string;
                /** @description Digits the number must contain. */
                contains?: string;
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchNumbersResult"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    purchasePhoneNumber: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PurchaseNumberBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhoneNumberResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The carrier refused the number; The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The carrier answered with an error */
            502: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The carrier is unreachable; retry after Retry-After */
            503: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    importPhoneNumber: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportNumberBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhoneNumberResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The carrier does not hold that number on the connection; The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The carrier answered with an error */
            502: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The carrier is unreachable; retry after Retry-After */
            503: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPhoneNumbers: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListPhoneNumbersResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retrievePhoneNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A phone number id (pn_...). */
                phone_number_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhoneNumberResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deletePhoneNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A phone number id (pn_...). */
                phone_number_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        phone_number_id: string;
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    simulateInboundCall: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description A phone number in international (E.164) format, e.g. +14155550123. Spaces, dashes and parentheses are allowed. */
                number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SimulateInboundBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetrieveSessionResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createSipTrunk: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSipTrunkBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SipTrunkResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSipTrunks: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sip_trunks: components["schemas"]["SipTrunk"][];
                        /** @description Whether another page follows. */
                        has_more: boolean;
                        /** @description Send it as cursor (with the same filters) for the next page; null on the last. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteSipTrunk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sip_trunk_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        sip_trunk_id: string;
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createSipTrunkEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSipTrunkEndpointBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SipTrunkResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    assignTrunkDestination: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AssignTrunkDestinationBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DestinationResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createDestination: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateDestinationBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DestinationResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The address is not one of the organization's phone numbers; The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listDestinations: {
        parameters: {
            query?: {
                agent_id?: string;
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        destinations: components["schemas"]["Destination"][];
                        /** @description Whether another page follows. */
                        has_more: boolean;
                        /** @description Send it as cursor (with the same filters) for the next page; null on the last. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteDestination: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A destination id (dst_...). */
                destination_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        destination_id: string;
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    assignAgentDestination: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AssignAgentDestinationBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DestinationResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listVoices: {
        parameters: {
            query?: {
                /** @description Only this text-to-speech provider's voices. */
                provider?: string;
                /** @description Only voices for this language: a prefix such as en or en-GB. */
                language?: string;
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListVoicesResult"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    startVoiceClone: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StartVoiceCloneBody"];
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoiceCloneResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The samples cannot make a voice (too short, unreadable); The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Temporal or the voice provider is unreachable; retry after Retry-After */
            503: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listVoiceClones: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListVoiceClonesResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retrieveVoiceClone: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The voice clone (vcl_...). */
                voice_clone_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoiceCloneResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createSpeechProvider: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSpeechProviderBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpeechProviderResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSpeechProviders: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListSpeechProvidersResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    importHttpToolSpec: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportHttpSpecBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportHttpSpecResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The spec could not be fetched or is not an OpenAPI 3.x JSON document; The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listHttpTools: {
        parameters: {
            query?: {
                /** @description The project; default as for import. */
                project_id?: string;
                /** @description Only the tools imported for this agent. */
                agent_id?: string;
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListHttpToolsResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteHttpTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The HTTP tool (htl_...). */
                tool_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HttpToolDeletedResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createKnowledgeResource: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateResourceBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeResourceResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description There is no text to index, or the URL could not be fetched or is not HTML, text or JSON; The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listKnowledgeResources: {
        parameters: {
            query?: {
                /** @description The project the knowledge belongs to; default: the sign-in's project, else the organization's first. */
                project_id?: string;
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListKnowledgeResourcesResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retrieveContext: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RetrieveContextBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetrieveContextResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteKnowledgeResource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The knowledge resource (kres_...). */
                resource_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResourceDeletedResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createOutboundCall: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOutboundCallRestBody"];
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OutboundCallResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The call cannot be placed: the agent is not published, or no number or trunk can place it; The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Temporal (the workflow service) is unreachable: nothing was started; retry after Retry-After */
            503: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retrieveOutboundCall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The outbound call (ocl_...). */
                outbound_call_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OutboundCallResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    launchCampaign: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LaunchCampaignRestBody"];
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The campaign cannot run as given: no dialable recipient, no number to call from, or the agent is not published; The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Temporal (the workflow service) is unreachable: nothing was started; retry after Retry-After */
            503: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCampaigns: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListCampaignsResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retrieveCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The campaign (cmp_...). */
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCampaignRecipients: {
        parameters: {
            query?: {
                /** @description Only recipients in this state. */
                state?: "queued" | "dialling" | "in_call" | "done" | "skipped_dnc" | "skipped_window" | "failed" | "cancelled";
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description The campaign (cmp_...). */
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListCampaignRecipientsResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    pauseCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The campaign (cmp_...). */
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resumeCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The campaign (cmp_...). */
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cancelCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The campaign (cmp_...). */
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    paceCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The campaign (cmp_...). */
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CampaignPaceBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createMcpServer: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateMcpServerBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        mcp_server: components["schemas"]["McpServer"];
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listMcpServers: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        mcp_servers: components["schemas"]["McpServer"][];
                        /** @description Whether another page follows. */
                        has_more: boolean;
                        /** @description Send it as cursor (with the same filters) for the next page; null on the last. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retrieveMcpServer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The MCP server id (mcp_...). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        mcp_server: components["schemas"]["McpServer"];
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    syncMcpServerTools: {
        parameters: {
            query?: {
                /** @description true: wait for the result (as the body's wait). */
                wait?: "true" | "false";
                /** @description As the body's wait_seconds. */
                wait_seconds?: string;
            };
            header?: never;
            path: {
                /** @description The MCP server id (mcp_...). */
                mcp_server_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workflow_id: string;
                        run_id: string;
                        /**
                         * @description finished: result (and tools) hold the outcome; running: the sync goes on (not waited for, or the wait ran out).
                         * @enum {string}
                         */
                        status: "running" | "finished";
                        /** @description true when wait was asked and wait_seconds passed before the sync finished: call again with wait to join the same run, or retrieve the server later. */
                        timed_out: boolean;
                        /** @description With wait, once finished: the sync's result; else null. */
                        result: {
                            ok: boolean;
                            tool_count: number;
                            added: string[];
                            removed: string[];
                            error: string | null;
                        } | null;
                        /** @description With wait, once finished: the server's tools as the sync left them (removed ones marked), with their permissions; else null. */
                        tools: components["schemas"]["McpServerTool"][] | null;
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Temporal (the workflow service) is unreachable: nothing was started; retry after Retry-After */
            503: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    activateMcpServerTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The MCP server id (mcp_...). */
                mcp_server_id: string;
                /** @description The tool's name, as the server lists it. */
                tool_name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ActivateMcpToolBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tool: components["schemas"]["McpServerTool"];
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    authorizeMcpServer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The MCP server id (mcp_...). */
                mcp_server_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Open this address to sign in and consent; null when the stored tokens are still good. */
                        authorization_url: string | null;
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The MCP server's authorization server answered with an error */
            502: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    assignMcpServer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AssignMcpServerBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agent_id: string;
                        mcp_server_id: string;
                        /** @description false when the agent already had the server. */
                        assigned: boolean;
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    unassignMcpServer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AssignMcpServerBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agent_id: string;
                        mcp_server_id: string;
                        /** @description false when the agent did not have the server. */
                        unassigned: boolean;
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteMcpServer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The MCP server (mcp_...). */
                mcp_server_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpServerDeletedResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getIntegrationInfo: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100; default 20. */
                page_size?: number;
                /** @description next_cursor of the previous page; send the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationInfoResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    connectIntegration: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (printable ASCII, no spaces): sending the same request with it again within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectIntegrationBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description "true" when this is the stored response of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectIntegrationResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After) */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the route accepts (PAYLOAD_TOO_LARGE) */
            413: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The provider refused the credentials; The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The provider answered with an error */
            502: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getIntegrationConnections: {
        parameters: {
            query?: {
                /** @description Only this connection (404 when it is not one of the organization's). */
                connection_id?: string;
                /** @description Only connections of this integration. */
                integration?: "caldav" | "hubspot" | "zendesk";
                /** @description Only calendars, CRMs or helpdesks. */
                kind?: "calendar" | "crm" | "helpdesk";
                /** @description Only connections in this status. */
                status?: "connected" | "error" | "disconnected";
                page_size?: number;
                /** @description next_cursor of the previous page (with the same filters). */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListIntegrationConnectionsResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    disconnectIntegrationConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The connection id (icn_...). */
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationConnectionResponse"];
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteIntegrationConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The connection id (icn_...). */
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        connection_id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Invalid input: see errors[] */
            400: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, expired or revoked token */
            401: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description X-Organization-Id does not match the token, or the role lacks the permission */
            403: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (also for another organization's resources) */
            404: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: see Retry-After */
            429: {
                headers: {
                    /** @description The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhook_call_started: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt (deduplicate on it). */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> keyed by the trigger's signing secret (Standard Webhooks). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "call.started",
                 *       "id": "evt_01JDX4F5G6H7J8K9M0N1P2Q3R4",
                 *       "created_at": "2026-11-24T15:05:40.000Z",
                 *       "organization_id": "org_01JDX3P4Q5R6S7T8V9W0X1Y2Z3",
                 *       "data": {
                 *         "session_id": "ses_01JDX4A7B8C9D0E1F2G3H4J5K6",
                 *         "agent_id": "agt_01JDX3Z1Y2X3W4V5T6S7R8Q9P0",
                 *         "agent_version_id": "ver_01JDX3Z1Y2X3W4V5T6S7R8Q9P1",
                 *         "direction": "inbound",
                 *         "caller": {
                 *           "name": null,
                 *           "address": "+14155550123"
                 *         },
                 *         "phone_number": "+14155550100",
                 *         "started_at": "2026-11-24T15:04:05.000Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    type: "call.started";
                    /** @description The event id (evt_...); also the webhook-id header, the same on every attempt. */
                    id: string;
                    created_at: string;
                    organization_id: string;
                    data: components["schemas"]["CallStartedData"];
                };
            };
        };
        responses: {
            /** @description Any 2xx: delivered. A 410 disables the trigger; 429 and 503 with Retry-After are retried then; anything else is retried on the trigger's schedule. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_call_ended: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt (deduplicate on it). */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> keyed by the trigger's signing secret (Standard Webhooks). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "call.ended",
                 *       "id": "evt_01JDX4F5G6H7J8K9M0N1P2Q3R4",
                 *       "created_at": "2026-11-24T15:05:40.000Z",
                 *       "organization_id": "org_01JDX3P4Q5R6S7T8V9W0X1Y2Z3",
                 *       "data": {
                 *         "session_id": "ses_01JDX4A7B8C9D0E1F2G3H4J5K6",
                 *         "agent_id": "agt_01JDX3Z1Y2X3W4V5T6S7R8Q9P0",
                 *         "agent_version_id": "ver_01JDX3Z1Y2X3W4V5T6S7R8Q9P1",
                 *         "status": "completed",
                 *         "end_reason": "agent_hangup",
                 *         "direction": "inbound",
                 *         "started_at": "2026-11-24T15:04:05.000Z",
                 *         "duration_seconds": 94,
                 *         "cost_micros": 152000
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    type: "call.ended";
                    /** @description The event id (evt_...); also the webhook-id header, the same on every attempt. */
                    id: string;
                    created_at: string;
                    organization_id: string;
                    data: components["schemas"]["CallEndedData"];
                };
            };
        };
        responses: {
            /** @description Any 2xx: delivered. A 410 disables the trigger; 429 and 503 with Retry-After are retried then; anything else is retried on the trigger's schedule. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_call_analyzed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt (deduplicate on it). */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> keyed by the trigger's signing secret (Standard Webhooks). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "call.analyzed",
                 *       "id": "evt_01JDX4F5G6H7J8K9M0N1P2Q3R4",
                 *       "created_at": "2026-11-24T15:05:40.000Z",
                 *       "organization_id": "org_01JDX3P4Q5R6S7T8V9W0X1Y2Z3",
                 *       "data": {
                 *         "session_id": "ses_01JDX4A7B8C9D0E1F2G3H4J5K6",
                 *         "agent_id": "agt_01JDX3Z1Y2X3W4V5T6S7R8Q9P0",
                 *         "agent_version_id": "ver_01JDX3Z1Y2X3W4V5T6S7R8Q9P1",
                 *         "summary": "The caller booked a cleaning for Tuesday at 10:00.",
                 *         "variables": [
                 *           {
                 *             "key": "appointment_day",
                 *             "value": "Tuesday"
                 *           },
                 *           {
                 *             "key": "appointment_time",
                 *             "value": "10:00"
                 *           }
                 *         ],
                 *         "outcome": "completed",
                 *         "end_reason": "agent_hangup",
                 *         "tool_calls": {
                 *           "total": 2,
                 *           "failed": 0
                 *         },
                 *         "transferred_to": null
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    type: "call.analyzed";
                    /** @description The event id (evt_...); also the webhook-id header, the same on every attempt. */
                    id: string;
                    created_at: string;
                    organization_id: string;
                    data: components["schemas"]["CallAnalyzedData"];
                };
            };
        };
        responses: {
            /** @description Any 2xx: delivered. A 410 disables the trigger; 429 and 503 with Retry-After are retried then; anything else is retried on the trigger's schedule. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_variables_collected: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt (deduplicate on it). */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> keyed by the trigger's signing secret (Standard Webhooks). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "variables.collected",
                 *       "id": "evt_01JDX4F5G6H7J8K9M0N1P2Q3R4",
                 *       "created_at": "2026-11-24T15:05:40.000Z",
                 *       "organization_id": "org_01JDX3P4Q5R6S7T8V9W0X1Y2Z3",
                 *       "data": {
                 *         "session_id": "ses_01JDX4A7B8C9D0E1F2G3H4J5K6",
                 *         "agent_id": "agt_01JDX3Z1Y2X3W4V5T6S7R8Q9P0",
                 *         "agent_version_id": "ver_01JDX3Z1Y2X3W4V5T6S7R8Q9P1",
                 *         "variables": [
                 *           {
                 *             "key": "appointment_day",
                 *             "value": "Tuesday"
                 *           },
                 *           {
                 *             "key": "appointment_time",
                 *             "value": "10:00"
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    type: "variables.collected";
                    /** @description The event id (evt_...); also the webhook-id header, the same on every attempt. */
                    id: string;
                    created_at: string;
                    organization_id: string;
                    data: components["schemas"]["VariablesCollectedData"];
                };
            };
        };
        responses: {
            /** @description Any 2xx: delivered. A 410 disables the trigger; 429 and 503 with Retry-After are retried then; anything else is retried on the trigger's schedule. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_tool_call_failed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt (deduplicate on it). */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> keyed by the trigger's signing secret (Standard Webhooks). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "tool_call.failed",
                 *       "id": "evt_01JDX4F5G6H7J8K9M0N1P2Q3R4",
                 *       "created_at": "2026-11-24T15:05:40.000Z",
                 *       "organization_id": "org_01JDX3P4Q5R6S7T8V9W0X1Y2Z3",
                 *       "data": {
                 *         "session_id": "ses_01JDX4A7B8C9D0E1F2G3H4J5K6",
                 *         "agent_id": "agt_01JDX3Z1Y2X3W4V5T6S7R8Q9P0",
                 *         "agent_version_id": "ver_01JDX3Z1Y2X3W4V5T6S7R8Q9P1",
                 *         "tool_call": {
                 *           "tool_call_id": "tcl_01JDX4C1D2E3F4G5H6J7K8M9N0",
                 *           "name": "book_appointment",
                 *           "request": "{\"day\":\"Tuesday\"}",
                 *           "response": "HTTP 503"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    type: "tool_call.failed";
                    /** @description The event id (evt_...); also the webhook-id header, the same on every attempt. */
                    id: string;
                    created_at: string;
                    organization_id: string;
                    data: components["schemas"]["ToolCallFailedData"];
                };
            };
        };
        responses: {
            /** @description Any 2xx: delivered. A 410 disables the trigger; 429 and 503 with Retry-After are retried then; anything else is retried on the trigger's schedule. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_transfer_started: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt (deduplicate on it). */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> keyed by the trigger's signing secret (Standard Webhooks). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "transfer.started",
                 *       "id": "evt_01JDX4F5G6H7J8K9M0N1P2Q3R4",
                 *       "created_at": "2026-11-24T15:05:40.000Z",
                 *       "organization_id": "org_01JDX3P4Q5R6S7T8V9W0X1Y2Z3",
                 *       "data": {
                 *         "session_id": "ses_01JDX4A7B8C9D0E1F2G3H4J5K6",
                 *         "agent_id": "agt_01JDX3Z1Y2X3W4V5T6S7R8Q9P0",
                 *         "agent_version_id": "ver_01JDX3Z1Y2X3W4V5T6S7R8Q9P1",
                 *         "transfer": {
                 *           "to": "Billing",
                 *           "address": "+14155550199"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    type: "transfer.started";
                    /** @description The event id (evt_...); also the webhook-id header, the same on every attempt. */
                    id: string;
                    created_at: string;
                    organization_id: string;
                    data: components["schemas"]["TransferStartedData"];
                };
            };
        };
        responses: {
            /** @description Any 2xx: delivered. A 410 disables the trigger; 429 and 503 with Retry-After are retried then; anything else is retried on the trigger's schedule. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_campaign_finished: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt (deduplicate on it). */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> keyed by the trigger's signing secret (Standard Webhooks). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "campaign.finished",
                 *       "id": "evt_01JDX4F5G6H7J8K9M0N1P2Q3R4",
                 *       "created_at": "2026-11-24T15:05:40.000Z",
                 *       "organization_id": "org_01JDX3P4Q5R6S7T8V9W0X1Y2Z3",
                 *       "data": {
                 *         "campaign_id": "cmp_01JDX5A1B2C3D4E5F6G7H8J9K0",
                 *         "name": "November reminders",
                 *         "agent_id": "agt_01JDX3Z1Y2X3W4V5T6S7R8Q9P0",
                 *         "status": "completed",
                 *         "reason": null,
                 *         "spent_micros": 4250000,
                 *         "spend_cap_micros": 10000000,
                 *         "counts": {
                 *           "recipients": 120,
                 *           "by_state": {
                 *             "done": 112,
                 *             "failed": 5,
                 *             "skipped_dnc": 3
                 *           },
                 *           "by_outcome": {
                 *             "completed": 96,
                 *             "no_answer": 16,
                 *             "failed": 5,
                 *             "dnc_blocked": 3
                 *           },
                 *           "dials": 141
                 *         },
                 *         "finished_at": "2026-11-24T18:00:00.000Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    type: "campaign.finished";
                    /** @description The event id (evt_...); also the webhook-id header, the same on every attempt. */
                    id: string;
                    created_at: string;
                    organization_id: string;
                    data: components["schemas"]["CampaignFinishedData"];
                };
            };
        };
        responses: {
            /** @description Any 2xx: delivered. A 410 disables the trigger; 429 and 503 with Retry-After are retried then; anything else is retried on the trigger's schedule. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
