// Generated from the API's constants by scripts/build-dashboard.ts: do not edit.
export const SESSION_STATUSES = ["queued","ringing","in_progress","ended","failed"] as const;
export const END_REASONS = ["agent_hangup","customer_hangup","transferred","no_answer","busy","voicemail","dnc_blocked","outside_window","failed","timeout","error","cancelled","media_lost","media_refused","not_understood","silence_timeout"] as const;
export const DIRECTIONS = ["inbound","outbound","web"] as const;
export const SESSION_KINDS = ["live","test","simulation"] as const;
export const RECIPIENT_STATES = ["queued","dialling","in_call","done","skipped_dnc","skipped_window","failed","cancelled"] as const;
export const EVENT_KINDS = ["call.started","call.ended","call.analyzed","variables.collected","tool_call.failed","transfer.started","campaign.finished"] as const;
export const PERMISSIONS = ["org:read","org:manage","members:manage","calls:read","recordings:read","analytics:read","billing:read","agents:read","agents:write","agents:publish","tests:run","outbound:call","outbound:launch","dnc:manage","numbers:manage","tools:manage","knowledge:manage","integrations:manage","triggers:manage","audit:read"] as const;
