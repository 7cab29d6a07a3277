import { parseArgs } from 'node:util';
import { newId } from '@nightlight/infrastructure/ids/new-id';
import { ConfigError, loadConfig } from '@nightlight/infrastructure/config/app-config';
import { createAdapters } from '@nightlight/infrastructure/composition/adapters';
import { OPERATOR_REFERRAL_USES } from '@nightlight/domain/referrals/referral-code-rules';
import { mintReferralCode } from '../accounts/referral-codes';

const USAGE = 'Usage: npm run referral -- create [--uses N]   (N: 1 to 100000, default 1000)';

/** `npm run referral -- create [--uses N]`: mints an invitation code in the configured event store and prints it. */
async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { uses: { type: 'string' } } });
  } catch {
    console.error(USAGE);
    return 2;
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 1 || positionals[0] !== 'create') {
    console.error(USAGE);
    return 2;
  }
  const uses = values.uses === undefined ? OPERATOR_REFERRAL_USES : Number(values.uses);
  if (!Number.isInteger(uses) || uses < 1 || uses > 100_000) {
    console.error(`--uses must be a whole number from 1 to 100000.\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const adapters = await createAdapters(config);
  try {
    const code = await mintReferralCode({ ...adapters, config, clock: () => new Date(), newId }, uses);
    console.log(code);
    return 0;
  } finally {
    await adapters.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
