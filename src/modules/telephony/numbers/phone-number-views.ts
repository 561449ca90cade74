import type { PhoneNumber } from '../telephony.entity.js';
import type { PhoneNumberView } from '../telephony.schemas.js';

export function toPhoneNumberView(n: PhoneNumber): PhoneNumberView {
  return {
    phone_number_id: n.id,
    number: n.number,
    country: n.country,
    provider: n.provider,
    connection_id: n.connection ?? null,
    origin: n.origin,
    status: n.status,
    destination_id: n.destination ?? null,
    created_at: n.createdAt.toISOString(),
  };
}
