import { ListPhoneNumbersResponse } from '../../modules/telephony/telephony.schemas.js';
import { listPhoneNumbers } from '../../modules/telephony/numbers/list-phone-numbers.js';
import { listAnswer } from '../../modules/paging.js';
import { defineTool } from '../tool.js';

export const listPhoneNumbersTool = defineTool({
  name: 'list_phone_numbers',
  title: 'List phone numbers',
  description:
    "The organization's phone numbers: phone_number_id, number (E.164), provider, the agent that answers it. " +
    'Buy more with phone_number_search and phone_number_purchase. Pages: pass next_cursor back as cursor.',
  operation: listPhoneNumbers,
  input: {},
  output: ListPhoneNumbersResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (page, { em, principal }) => listAnswer('phone_numbers', await listPhoneNumbers(em, principal, page)),
});
