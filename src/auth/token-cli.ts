import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { signAccountToken } from './principal';

const USAGE = `usage: npm run -s token -- --account <id> [--admin] [--expires <duration>]

Prints an account token (JWT, HS256 with JWT_SECRET) on stdout and nothing else, so that
  TOKEN=$(npm run -s token -- --account 1)
works (-s keeps npm's own "> marquee token" lines out of stdout).

  --account <id>    the site account (sub), a positive integer
  --admin           add the admin scope
  --expires <d>     lifetime such as 30m or 12h (default 12h; above JWT_MAX_LIFETIME the server refuses it)
  --help            this text
`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}`);
  process.exit(2);
}

/** `npm run token -- --account <id> [--admin]`: prints an account JWT signed with JWT_SECRET. */
async function main(): Promise<void> {
  let values: { account?: string; admin?: boolean; expires?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        account: { type: 'string' },
        admin: { type: 'boolean', default: false },
        expires: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (err) {
    fail((err as Error).message);
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const accountId = Number(values.account);
  if (!/^[1-9][0-9]*$/.test(values.account ?? '') || accountId > 2147483647) fail('--account must be a site account id (1, 2, …)');
  const config = loadConfig();
  process.stdout.write(
    `${await signAccountToken(config.JWT_SECRET, accountId, { admin: values.admin, expiresIn: values.expires })}\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof ConfigError ? err.message : err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
