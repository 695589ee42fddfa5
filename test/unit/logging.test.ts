import { loggerOptions, redactError, redactUrl } from '../../src/logging';

describe('redactUrl', () => {
  it.each([
    ['/v2/orders/token-3f2a9c1e-8b7d-4e6f-a1b2-c3d4e5f60718', '/v2/orders/token-[redacted]'],
    ['/v2/orders/12/products/1/token-abcdef/modifiers', '/v2/orders/12/products/1/token-[redacted]/modifiers'],
    ['/v4/loyalty-cards/PREM000000000001/earn-for-items', '/v4/loyalty-cards/…0001/earn-for-items'],
    ['/v3/loyalty-cards/6001234567890123', '/v3/loyalty-cards/…0123'],
    ['/v4/loyalty-cards/validations', '/v4/loyalty-cards/validations'],
    ['/v4/loyalty-accounts/card-6001234567890123', '/v4/loyalty-accounts/card-…0123'],
    ['/v4/loyalty-accounts/email-jane.doe%40example.com', '/v4/loyalty-accounts/email-[email]'],
    ['/v4/loyalty-accounts/email-jane.doe@example.com/summer/registration', '/v4/loyalty-accounts/email-[email]/summer/registration'],
    ['/v4/loyalty-accounts/phone-2125550123', '/v4/loyalty-accounts/phone-…0123'],
    ['/v2/subscriptions/phone-number-2125550123', '/v2/subscriptions/phone-number-…0123'],
    ['/v2/orders/7/products/1/sms-ticket-confirmation/2125550123', '/v2/orders/7/products/1/sms-ticket-confirmation/…0123'],
    ['/v2/subscriptions?email-address=jane%40example.com&page-size=5', '/v2/subscriptions?email-address=[redacted]&page-size=5'],
    ['/v4/loyalty-cards?loyalty-account-id=4&email=jane@example.com', '/v4/loyalty-cards?loyalty-account-id=4&email=[redacted]'],
    ['/v2/theatres/1/showtimes?page-size=5', '/v2/theatres/1/showtimes?page-size=5'],
    ['/v2/subscriptions/weekly-showtimes/email/jane.doe@example.com', '/v2/subscriptions/weekly-showtimes/email/[email]'],
    ['/v2/subscriptions/weekly-showtimes/email/jane.doe%40example.com', '/v2/subscriptions/weekly-showtimes/email/[email]'],
    ['/v2/subscriptions/weekly-showtimes/sms/2125550123', '/v2/subscriptions/weekly-showtimes/sms/…0123'],
    ['/v2/subscriptions/special-offers/smsConfirm/2125550123?x=1', '/v2/subscriptions/special-offers/smsConfirm/…0123?x=1'],
    ['/v2/subscriptions/special-offers/fax/2125550123', '/v2/subscriptions/special-offers/fax/…0123'],
    ['/v2/subscriptions/special-offers/email/5eb5c41b-0000-4000-8000-000000000001', '/v2/subscriptions/special-offers/email/…0001'],
    ['/v2/subscriptions/email-address-jane.doe%40example.com', '/v2/subscriptions/email-address-[email]'],
    ['/v2/subscriptions/subscriber-guid-5eb5c41b-0000-4000-8000-000000000001', '/v2/subscriptions/subscriber-guid-…0001'],
    ['/v2/subscriber-profiles?phone-number=2125550123', '/v2/subscriber-profiles?phone-number=[redacted]'],
    ['/v2/subscriptions?subscriber-guid=5eb5c41b-0000-4000-8000-000000000001', '/v2/subscriptions?subscriber-guid=[redacted]'],
    ['/v2/subscriptions/weekly-showtimes', '/v2/subscriptions/weekly-showtimes'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('redactError', () => {
  it('keeps the SQL of a failed query and drops its parameters and e-mail addresses', () => {
    const err = Object.assign(new Error('Failed query: select * from orders where token = $1\nparams: 3f2a9c1e-secret'), {
      cause: Object.assign(new Error('duplicate key for jane@example.com'), { code: '23505' }),
    });
    const out = JSON.stringify(redactError(err));
    expect(out).toContain('select * from orders where token = $1');
    expect(out).toContain('params: [redacted]');
    expect(out).not.toMatch(/3f2a9c1e-secret|jane@example\.com/);
  });
});

describe('the request log line', () => {
  it('has the redacted URL and never the credential headers', () => {
    const { serializers, redact } = loggerOptions('info');
    const line = serializers.req({
      method: 'GET',
      url: '/v2/orders/token-abc123',
      host: 'localhost',
      ip: '127.0.0.1',
      socket: { remotePort: 5000 },
      headers: { authorization: 'Bearer x', 'x-vendor-key': 'k' },
    } as never);
    expect(line).toEqual({ method: 'GET', url: '/v2/orders/token-[redacted]', host: 'localhost', remoteAddress: '127.0.0.1', remotePort: 5000 });
    expect(redact.paths).toEqual(expect.arrayContaining(['req.headers.authorization', 'req.headers["x-vendor-key"]']));
  });
});
