// Walks a test server's database down to an old migration and back up, as an upgrade would.
// On PostgreSQL, Kysely's migrator reads the catalogue across schemas, so another file dropping
// its schema meanwhile can fail a step (3F000, 40P01): each walk retries as the server's own
// start does (migrateRetrying), and a failure of our own migrations still fails the test.
import { Migrator } from 'kysely'
import { migrateRetrying } from '../../../server/db/database.ts'
import { migrations } from '../../../server/db/migrations/index.ts'
import type { TestServer } from './server.ts'

export function testMigrator(server: TestServer) {
  const schema = server.config.databaseSchema
  const migrator = new Migrator({
    db: server.app.cumulus.db,
    provider: { getMigrations: async () => migrations },
    ...(server.config.databaseUrl && schema ? { migrationTableSchema: schema } : {}),
  })
  return {
    /** Down to (and including) the named migration. */
    to: (name: string) => migrateRetrying({ migrateToLatest: () => migrator.migrateTo(name) }, schema),
    latest: () => migrateRetrying(migrator, schema),
  }
}
