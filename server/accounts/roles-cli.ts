/**
 * `npm run users:roles -- --email <email> [--role ATTORNEY|PARALEGAL|none] [--<flag> on|off]…`: an
 * administrator sets a user's roles and flags (roles.ts) in the configured database (DATABASE_URL, else
 * the embedded one in the data directory, DATA_DIR) and sees what the user holds now.
 */
import { openDatabase } from '../db';
import { describeRoles, parseRoleArgs, ROLES_USAGE, setUserRoles } from './roles';

const parsed = parseRoleArgs(process.argv.slice(2));
if ('error' in parsed) {
  console.error(`${parsed.error}\n${ROLES_USAGE}`);
  process.exit(2);
}
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
try {
  const user = await setUserRoles(db, parsed.email, parsed.change);
  if (!user) {
    console.error(`There is no user with the email ${parsed.email}.`);
    process.exitCode = 1;
  } else {
    console.info(describeRoles(user));
  }
} finally {
  await db.close();
}
