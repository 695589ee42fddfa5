import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { signAccountToken } from './principal';

/** `npm run token -- --account <id> [--admin]`: prints an account JWT signed with JWT_SECRET. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { account: { type: 'string' }, admin: { type: 'boolean', default: false }, expires: { type: 'string' } },
  });
  const accountId = Number(values.account);
  if (!Number.isInteger(accountId) || accountId <= 0) {
    process.stderr.write('usage: npm run token -- --account <id> [--admin] [--expires 12h]\n');
    process.exit(2);
  }
  const config = loadConfig();
  process.stdout.write(
    `${await signAccountToken(config.JWT_SECRET, accountId, { admin: values.admin, expiresIn: values.expires })}\n`,
  );
}

void main();
