import type { Database } from './client';

/**
 * A statement on a hot path, built once per database and then only executed: Drizzle renders
 * its SQL once instead of on every call, and PostgreSQL parses and plans it once per
 * connection (`build` ends with `.prepare(name)`; the name makes it a server-side prepared
 * statement). Values are passed as `sql.placeholder(...)`s. Each name must belong to one
 * statement.
 */
export function preparedStatement<Db extends Database, Statement>(build: (db: Db) => Statement): (db: Db) => Statement {
  const built = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
