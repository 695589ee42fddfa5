import { loadConfig } from '../../src/config';
import { callbackBody, checkHref, isPrivateAddress, jittered, signatureHeader } from '../../src/services/webhook';
import { Webhook } from 'standardwebhooks';

describe('webhook target safety', () => {
  it.each([
    '127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00:ec2::254', 'fc00::1', '::ffff:127.0.0.1', '::ffff:7f00:1',
    '::ffff:169.254.169.254', '64:ff9b::10.0.0.1', 'not-an-ip',
  ])('%s is refused', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is allowed', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );

  const strict = { allowHttp: false, allowPrivate: false };
  it.each([
    ['http://8.8.8.8/hook', /https/],
    ['https://127.0.0.1/hook', /private/],
    ['https://[::1]/hook', /private/],
    ['https://169.254.169.254/latest/meta-data', /private/],
    ['https://localhost/hook', /private|resolve/],
    ['https://user:pw@8.8.8.8/hook', /credentials/],
    ['/relative', /absolute/],
    ['https://x.invalid/hook', /resolve/],
    [`https://8.8.8.8/${'x'.repeat(1000)}`, /at most/],
  ])('%s is refused at subscription time', async (href, message) => {
    await expect(checkHref(href, strict)).rejects.toMatchObject({ code: 'BAD_USER_INPUT', message: expect.stringMatching(message) });
  });

  it('a public https URL passes; http and private ones only when allowed', async () => {
    await expect(checkHref('https://8.8.8.8/hook', strict)).resolves.toBe('https://8.8.8.8/hook');
    await expect(checkHref('http://127.0.0.1:9/x', { allowHttp: true, allowPrivate: true })).resolves.toBe('http://127.0.0.1:9/x');
    await expect(checkHref('http://127.0.0.1:9/x', { allowHttp: true, allowPrivate: false })).rejects.toThrow(/private/);
  });
});

describe('webhook signing', () => {
  it('signs with every secret given, space-separated; each verifies alone', () => {
    const a = 'whsec_' + Buffer.alloc(32, 1).toString('base64');
    const b = 'whsec_' + Buffer.alloc(32, 2).toString('base64');
    const body = callbackBody({ details: { RefundReason: 'X', OrderId: 1, BatchId: 'b' }, eventDateUtc: '2030-01-01T00:00:00.000Z', eventType: 'Orders.Refund' });
    expect(body).toBe('{"eventType":"Orders.Refund","eventDateUtc":"2030-01-01T00:00:00.000Z","details":{"OrderId":1,"RefundReason":"X","BatchId":"b"}}');
    const now = new Date();
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': signatureHeader([a, b], 'msg_1', now, body) };
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(a).verify(body, headers)).toMatchObject({ details: { OrderId: 1 } });
    expect(new Webhook(b).verify(body, headers)).toMatchObject({ details: { OrderId: 1 } });
    const old = { ...headers, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000) - 301) };
    expect(() => new Webhook(a).verify(body, old)).toThrow();
  });

  it('jitter stays within ±10 %', () => {
    expect(jittered(1000, () => 0)).toBe(900);
    expect(jittered(1000, () => 1)).toBe(1100);
    expect(jittered(300_000, () => 0.5)).toBe(300_000);
  });
});

describe('webhook configuration', () => {
  it('defaults: 10 s timeout, 7 delays (8 attempts), 30 s lease, https and public hosts only', () => {
    const c = loadConfig({});
    expect(c.WEBHOOK_TIMEOUT).toBe(10_000);
    expect(c.WEBHOOK_RETRY_SCHEDULE).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(c.WEBHOOK_LEASE).toBe(30_000);
    expect(c.WEBHOOK_ALLOW_HTTP).toBe(false);
    expect(c.WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe(false);
  });

  it('reads a schedule; refuses bad ones and a lease over 30 s or not longer than the timeout', () => {
    expect(loadConfig({ WEBHOOK_RETRY_SCHEDULE: '1s, 1s,1s' }).WEBHOOK_RETRY_SCHEDULE).toEqual([1000, 1000, 1000]);
    expect(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE: '1s,soon' })).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
    expect(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE: '' })).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
    expect(() => loadConfig({ WEBHOOK_LEASE: '31s' })).toThrow(/WEBHOOK_LEASE/);
    expect(() => loadConfig({ WEBHOOK_TIMEOUT: '20s', WEBHOOK_LEASE: '20s' })).toThrow(/WEBHOOK_LEASE/);
  });
});
