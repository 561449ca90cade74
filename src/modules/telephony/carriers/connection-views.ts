import { type TelephonyConnection } from '../telephony.entity.js';
import { type ConnectionView } from '../telephony.schemas.js';

export function toConnectionView(c: TelephonyConnection): ConnectionView {
  return {
    connection_id: c.id,
    name: c.name,
    provider: c.provider,
    base_url: c.baseUrl ?? null,
    has_credentials: c.credentialsEncrypted !== null && c.credentialsEncrypted !== undefined,
    calls_per_second: c.callsPerSecond === null || c.callsPerSecond === undefined ? null : Number(c.callsPerSecond),
    created_at: c.createdAt.toISOString(),
  };
}
