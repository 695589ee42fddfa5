import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { badInput, DomainError, notFound } from '../../errors';
import { normalizePhone, PHONE_FORMS } from '../shared/phone-number';
import type { OrderView } from './model';
import { mutateOrder, type OrderSettings } from './store';
import { insertSmsConfirmation, orderLineOf } from './store-lines';

/**
 * Records a request to text a fulfilled ticket's confirmation to a mobile number (the spec's
 * sms-ticket-confirmation; any form src/services/shared/phone-number.ts reads, stored as its ten digits). No SMS
 * provider exists in this service: the request is stored in `sms_confirmations` for a sender to pick
 * up, and nothing is sent.
 */
export async function sendTicketConfirmationSms(
  db: Db,
  principal: Principal,
  input: { orderId: number; lineNumber: number; phoneNumber: string },
  settings: OrderSettings,
): Promise<OrderView> {
  const phoneNumber = normalizePhone(input.phoneNumber);
  if (phoneNumber === null) throw badInput(`phoneNumber must be ${PHONE_FORMS}`, 'phoneNumber');
  return mutateOrder(
    db,
    principal,
    input.orderId,
    settings,
    async ({ tx, order, now }) => {
      const product = await orderLineOf(tx, order.id, input.lineNumber);
      if (!product) throw notFound('Order product', input.lineNumber);
      if (product.kind !== 'Ticket' || product.status !== 'Fulfilled') {
        throw new DomainError('ORDER_STATE', `Product ${input.lineNumber} is not a fulfilled ticket`, { lineNumber: input.lineNumber });
      }
      await insertSmsConfirmation(tx, product.id, phoneNumber, now);
    },
    { allowClosed: true, bump: false },
  );
}
