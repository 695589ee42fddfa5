import { encodeCursor, parseCursor } from '../../src/realtime/cursor';
import { addPaymentSchema, addTicketsSchema } from '../../src/services/order';
import { parseFields } from '../../src/services/shared/parse-input';
import { DomainError } from '../../src/errors';

describe('seat-map cursors', () => {
  it('read back what they encode and refuse anything else', () => {
    expect(parseCursor(encodeCursor(5, 0))).toEqual({ showtimeId: 5, seq: 0 });
    expect(parseCursor(encodeCursor(2147483647, 123456789012))).toEqual({ showtimeId: 2147483647, seq: 123456789012 });
    for (const bad of ['', 'v1.5.3', 'not a cursor', Buffer.from('v1.0.3').toString('base64url'), Buffer.from('v2.5.3').toString('base64url'),
      Buffer.from('v1.5.-3').toString('base64url'), Buffer.from('v1.2147483648.1').toString('base64url'), 'x'.repeat(100)]) {
      expect([bad, parseCursor(bad)]).toEqual([bad, null]);
    }
  });
});

describe('order body checks', () => {
  const code = (fn: () => unknown) => {
    try {
      fn();
      return 'ok';
    } catch (e) {
      return e instanceof DomainError ? `${e.code}:${(e.details as { argument?: string })?.argument}` : 'other';
    }
  };
  const validateTicketRequest = (input: unknown) => parseFields(addTicketsSchema, input);
  const validatePayment = (input: unknown) => parseFields(addPaymentSchema, input);
  it('addTickets: seats present, distinct, positive, at most 20', () => {
    const base = { orderId: 1, showtimeId: 2 };
    expect(code(() => validateTicketRequest({ ...base, seats: [{ row: 1, column: 1 }] }))).toBe('ok');
    expect(code(() => validateTicketRequest({ ...base, seats: [] }))).toBe('BAD_USER_INPUT:seats');
    expect(code(() => validateTicketRequest({ ...base, seats: [{ row: 1, column: 1 }, { row: 1, column: 1 }] }))).toBe('BAD_USER_INPUT:seats');
    expect(code(() => validateTicketRequest({ ...base, seats: [{ row: 0, column: 1 }] }))).toBe('BAD_USER_INPUT:seats');
    const many = Array.from({ length: 21 }, (_, i) => ({ row: 1, column: i + 1 }));
    expect(code(() => validateTicketRequest({ ...base, seats: many }))).toBe('BAD_USER_INPUT:seats');
    expect(code(() => validateTicketRequest({ ...base, showtimeId: -1, seats: [{ row: 1, column: 1 }] }))).toBe('BAD_USER_INPUT:showtimeId');
  });
  it('addPayment: positive cents, card digits', () => {
    expect(validatePayment({ orderId: 1, type: 'creditCard', amount: 10.5, cardNumber: '4111 1111 1111 1234' }).cardNumber).toBe('4111 1111 1111 1234');
    expect(code(() => validatePayment({ orderId: 1, type: 'creditCard', amount: 10.005 }))).toBe('BAD_USER_INPUT:amount');
    expect(code(() => validatePayment({ orderId: 1, type: 'creditCard', amount: 0 }))).toBe('BAD_USER_INPUT:amount');
    expect(code(() => validatePayment({ orderId: 1, type: 'cash', amount: 1 }))).toBe('BAD_USER_INPUT:type');
    expect(code(() => validatePayment({ orderId: 1, type: 'giftCard', amount: 1, cardNumber: 'abc' }))).toBe('BAD_USER_INPUT:cardNumber');
  });
});
