// Migrations are listed explicitly (not globbed from disk) so that the same
// list works under tsx, jest and the compiled build. Append new ones here
// (`npm run migration:create -- --name <what>` writes the file).
import { Migration20261122141759_initial } from './Migration20261122141759_initial.js';
import { Migration20261122143127_people } from './Migration20261122143127_people.js';
import { Migration20261122143511_oauth } from './Migration20261122143511_oauth.js';
import { Migration20261122144530_agents } from './Migration20261122144530_agents.js';
import { Migration20261122144549_stats_by_counters } from './Migration20261122144549_stats_by_counters.js';
import { Migration20261122145642_traffic_split } from './Migration20261122145642_traffic_split.js';
import { Migration20261122150656_quality } from './Migration20261122150656_quality.js';
import { Migration20261122152303_telephony } from './Migration20261122152303_telephony.js';
import { Migration20261122152318_outbound_contacts } from './Migration20261122152318_outbound_contacts.js';
import { Migration20261122152617_tools_and_knowledge } from './Migration20261122152617_tools_and_knowledge.js';
import { Migration20261122152806_triggers } from './Migration20261122152806_triggers.js';
import { Migration20261122153917_mcp_servers } from './Migration20261122153917_mcp_servers.js';
import { Migration20261122155006_campaigns } from './Migration20261122155006_campaigns.js';
import { Migration20261122170019_campaign_finished_event } from './Migration20261122170019_campaign_finished_event.js';
import { Migration20261122171500_tool_call_confirmation } from './Migration20261122171500_tool_call_confirmation.js';
import { Migration20261122172000_voice_clones } from './Migration20261122172000_voice_clones.js';
import { Migration20261122172500_integrations } from './Migration20261122172500_integrations.js';
import { Migration20261124100000_invitations } from './Migration20261124100000_invitations.js';
import { Migration20261124100100_oauth_keys } from './Migration20261124100100_oauth_keys.js';
import { Migration20261124100300_session_kind } from './Migration20261124100300_session_kind.js';
import { Migration20261124120000_speech_providers } from './Migration20261124120000_speech_providers.js';
import { Migration20261124130000_live_calls } from './Migration20261124130000_live_calls.js';
import { Migration20261125100000_idempotency_record } from './Migration20261125100000_idempotency_record.js';
import { Migration20261125120000_agent_archive } from './Migration20261125120000_agent_archive.js';
import { Migration20261125140000_stats_grains } from './Migration20261125140000_stats_grains.js';
import { Migration20261125150000_carrier_call_status } from './Migration20261125150000_carrier_call_status.js';
import { Migration20261125160000_number_voice_routing } from './Migration20261125160000_number_voice_routing.js';
import { Migration20261125170000_connection_call_rate } from './Migration20261125170000_connection_call_rate.js';
import { Migration20261125180000_carrier_stream_claim } from './Migration20261125180000_carrier_stream_claim.js';
import { Migration20261124150000_webhook_first_attempt } from './Migration20261124150000_webhook_first_attempt.js';
import { Migration20261124140000_rate_limit } from './Migration20261124140000_rate_limit.js';

export const migrationsList = [
  { name: 'Migration20261122141759_initial', class: Migration20261122141759_initial },
  { name: 'Migration20261122143127_people', class: Migration20261122143127_people },
  { name: 'Migration20261122143511_oauth', class: Migration20261122143511_oauth },
  { name: 'Migration20261122144530_agents', class: Migration20261122144530_agents },
  { name: 'Migration20261122144549_stats_by_counters', class: Migration20261122144549_stats_by_counters },
  { name: 'Migration20261122145642_traffic_split', class: Migration20261122145642_traffic_split },
  { name: 'Migration20261122150656_quality', class: Migration20261122150656_quality },
  { name: 'Migration20261122152303_telephony', class: Migration20261122152303_telephony },
  { name: 'Migration20261122152318_outbound_contacts', class: Migration20261122152318_outbound_contacts },
  { name: 'Migration20261122152617_tools_and_knowledge', class: Migration20261122152617_tools_and_knowledge },
  { name: 'Migration20261122152806_triggers', class: Migration20261122152806_triggers },
  { name: 'Migration20261122153917_mcp_servers', class: Migration20261122153917_mcp_servers },
  { name: 'Migration20261122155006_campaigns', class: Migration20261122155006_campaigns },
  { name: 'Migration20261122170019_campaign_finished_event', class: Migration20261122170019_campaign_finished_event },
  { name: 'Migration20261122171500_tool_call_confirmation', class: Migration20261122171500_tool_call_confirmation },
  { name: 'Migration20261122172000_voice_clones', class: Migration20261122172000_voice_clones },
  { name: 'Migration20261122172500_integrations', class: Migration20261122172500_integrations },
  { name: 'Migration20261124100000_invitations', class: Migration20261124100000_invitations },
  { name: 'Migration20261124100100_oauth_keys', class: Migration20261124100100_oauth_keys },
  { name: 'Migration20261124100300_session_kind', class: Migration20261124100300_session_kind },
  { name: 'Migration20261124120000_speech_providers', class: Migration20261124120000_speech_providers },
  { name: 'Migration20261124130000_live_calls', class: Migration20261124130000_live_calls },
  { name: 'Migration20261124140000_rate_limit', class: Migration20261124140000_rate_limit },
  { name: 'Migration20261124150000_webhook_first_attempt', class: Migration20261124150000_webhook_first_attempt },
  { name: 'Migration20261125100000_idempotency_record', class: Migration20261125100000_idempotency_record },
  { name: 'Migration20261125120000_agent_archive', class: Migration20261125120000_agent_archive },
  { name: 'Migration20261125140000_stats_grains', class: Migration20261125140000_stats_grains },
  { name: 'Migration20261125150000_carrier_call_status', class: Migration20261125150000_carrier_call_status },
  { name: 'Migration20261125160000_number_voice_routing', class: Migration20261125160000_number_voice_routing },
  { name: 'Migration20261125170000_connection_call_rate', class: Migration20261125170000_connection_call_rate },
  { name: 'Migration20261125180000_carrier_stream_claim', class: Migration20261125180000_carrier_stream_claim },
];
