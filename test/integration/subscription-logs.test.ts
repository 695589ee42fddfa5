import { signAccountToken } from '../../src/auth/principal';
import { startTestApp } from '../helpers/app';
import { VENDOR } from '../helpers/orders';

/**
 * A contact's e-mail address or mobile number in a subscription path (per-channel paths, opt-out-all
 * forms, query parameters) never appears in full in a log line, whatever the answer (200, 201, 404, 401).
 */
test('no log line holds a full e-mail address or phone number of a subscription request', async () => {
  const lines: string[] = [];
  const app = await startTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => lines.push(line) } });
  try {
    const email = 'log.probe@example.com';
    const phone = '2125554321';
    const guid = '5eb5c41b-0000-4000-8000-000000000001';
    const own = { authorization: `Bearer ${await signAccountToken(app.config.JWT_SECRET, 3)}` };
    const requests: [string, string, Record<string, string>][] = [
      ['POST', `/v2/subscriptions/weekly-showtimes/email/${email}`, VENDOR],
      ['POST', `/v2/subscriptions/weekly-showtimes/email/${encodeURIComponent(email)}`, VENDOR],
      ['GET', `/v2/subscriptions/weekly-showtimes/email/${email}`, own],
      ['POST', `/v2/subscriptions/weekly-showtimes/sms/${phone}`, VENDOR],
      ['POST', `/v2/subscriptions/special-offers/smsConfirm/${phone}`, VENDOR],
      ['GET', `/v2/subscriptions/special-offers/fax/${phone}`, VENDOR],
      ['GET', `/v2/subscriptions?email-address=${email}`, VENDOR],
      ['GET', `/v2/subscriber-profiles?phone-number=${phone}`, {}],
      ['GET', `/v2/subscriptions?subscriber-guid=${guid}`, VENDOR],
      ['DELETE', `/v2/subscriptions/phone-number-${phone}`, VENDOR],
      ['DELETE', `/v2/subscriptions/email-address-${email}`, VENDOR],
      ['DELETE', `/v2/subscriptions/subscriber-guid-${guid}`, own],
    ];
    for (const [method, path, headers] of requests) await app.request(method, path, undefined, headers);
    const log = lines.join('\n');
    expect(log).toContain('/v2/subscriptions/weekly-showtimes/email/[email]');
    expect(log).toContain('/v2/subscriptions/weekly-showtimes/sms/…4321');
    expect(lines.length).toBeGreaterThan(requests.length);
    for (const secret of [email, encodeURIComponent(email), phone, guid]) expect(log).not.toContain(secret);
  } finally {
    await app.close();
  }
});
