import { sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';

// A file store that fails for real (decision 078): the database refuses every new row of `files` with
// PostgreSQL's own "disk full" error (SQLSTATE 53100), as a server whose disk ran full does. Stored files stay
// readable, the rest of the school works; only writing a file fails. The server's code is not changed.

const FUNCTION = 'aula_test_files_disk_full';

/** From now on every insert into `files` fails with disk_full; answers the function that ends it. */
export async function failFileStore(database: Pick<Database, 'db'>): Promise<() => Promise<void>> {
  await database.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION ${FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full';
      END $$`),
  );
  await database.db.execute(sql.raw(`DROP TRIGGER IF EXISTS ${FUNCTION} ON files`));
  await database.db.execute(
    sql.raw(`CREATE TRIGGER ${FUNCTION} BEFORE INSERT ON files FOR EACH ROW EXECUTE FUNCTION ${FUNCTION}()`),
  );
  return async () => {
    await database.db.execute(sql.raw(`DROP TRIGGER IF EXISTS ${FUNCTION} ON files`));
    await database.db.execute(sql.raw(`DROP FUNCTION IF EXISTS ${FUNCTION}()`));
  };
}
