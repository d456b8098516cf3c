import type { Db } from './open';

/** One guarded status write: `status = to` plus the given columns, only while the row is `from`. */
export interface StatusWrite {
  id: string;
  from: string;
  to: string;
  /** Column values to set; undefined leaves a column as it is. Only the writer's known columns are taken. */
  columns?: object;
  /** Assignments that are SQL expressions, e.g. `attempts = attempts + 1`. */
  expressions?: readonly string[];
  /** An extra condition on the row, e.g. `is_deleted = 0`. */
  alsoWhere?: string;
}

/**
 * `UPDATE <table> SET status = @to, ... WHERE id = @id AND status = @from`: the single statement
 * every status change of a repository runs (two writers racing on a row cannot both win).
 * Statements are prepared once per shape. The caller checks the state table first.
 */
export function createStatusWriter(db: Db, table: 'commands' | 'files', known: readonly string[]) {
  const statements = new Map<string, ReturnType<Db['prepare']>>();
  return function write(w: StatusWrite): boolean {
    const values: Record<string, unknown> = { id: w.id, from: w.from, to: w.to };
    const sets = ['status = @to', ...(w.expressions ?? [])];
    for (const column of known) {
      const value = (w.columns as Record<string, unknown> | undefined)?.[column];
      if (value === undefined) continue;
      sets.push(`${column} = @${column}`);
      values[column] = value;
    }
    const sql = `UPDATE ${table} SET ${sets.join(', ')} WHERE id = @id AND status = @from${w.alsoWhere ? ` AND ${w.alsoWhere}` : ''}`;
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement.run(values).changes === 1;
  };
}
