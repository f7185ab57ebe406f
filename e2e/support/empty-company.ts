import { join } from 'node:path';
import { hashPassword } from '../../packages/server/src/auth/password.ts';
import { ensureSharedRoles } from '../../packages/server/src/demo/seed.ts';
import { openStore } from '../../packages/server/src/store/db.ts';
import { migrateToLatest } from '../../packages/server/src/store/migrate.ts';
import { md5 } from '../../packages/server/test/helpers/client.ts';

// A fresh deployment as a new operator has it: HEADWAY_DEMO=0 and one company with its administrator, written
// into the data directory before the server starts (run with `node --import tsx`: dataDir company account password).

const [dataDir, company, account, password] = process.argv.slice(2);
if (!dataDir || !company || !account || !password)
  throw new Error('usage: empty-company <dataDir> <company> <account> <password>');
const store = openStore({ engine: 'sqlite', file: join(dataDir, 'headway.db') });
await migrateToLatest(store);
const { adminRoleId } = await ensureSharedRoles(store.db);
const now = Math.floor(Date.now() / 1000);
const row = await store.db
  .insertInto('companies')
  .values({ name: company, title: company, logo: '', config: '{}', created_at: now })
  .returning('id')
  .executeTakeFirstOrThrow();
const { hash, salt } = await hashPassword(md5(password));
await store.db
  .insertInto('users')
  .values({
    company_id: row.id,
    account,
    account_key: account.toLowerCase(),
    user_name: `${company} administrator`,
    email: '',
    remark: '',
    img_url: '',
    role_id: adminRoleId,
    state: 0,
    password_hash: hash,
    password_salt: salt,
    user_config: '{}',
    created_at: now,
  })
  .execute();
await store.close();
