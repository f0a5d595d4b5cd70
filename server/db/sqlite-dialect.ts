// Kysely's SQLite dialect with one change to the SQL it writes: LIMIT's value goes in a cast.
//
// better-sqlite3 builds SQLite with STAT4, under which a bare `limit ?` marks its parameter as
// one the plan may depend on: every bind then expires the statement, and the next step
// re-prepares it. That was ~8 µs on every list page (a third of a 50-file page's read) and on
// every `.limit(1)` lookup. `limit cast(? as integer)` means the same and keeps the plan.
import { type LimitNode, SqliteDialect, SqliteQueryCompiler } from 'kysely'

class SqliteCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    this.append('limit cast(')
    this.visitNode(node.limit)
    this.append(' as integer)')
  }
}

export class CumulusSqliteDialect extends SqliteDialect {
  override createQueryCompiler() {
    return new SqliteCompiler()
  }
}
