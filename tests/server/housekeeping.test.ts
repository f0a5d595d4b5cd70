// Hourly housekeeping (server/housekeeping.ts): each sweep runs on its own, so one that throws is
// logged with its name and the others still run. Driven directly with recording sweeps: a real
// server's sweeps cannot be made to fail one at a time from outside.
import { describe, expect, it } from 'vitest'
import { type HousekeepingDeps, startHousekeeping } from '../../server/housekeeping.ts'

function recording(failing: string) {
  const ran: string[] = []
  const logged: Array<{ level: string; obj: Record<string, unknown>; msg: string }> = []
  const sweep =
    <T>(name: string, value: T) =>
    async () => {
      ran.push(name)
      if (name === failing) throw new Error(`${name} is broken`)
      return value
    }
  const log = (level: string) => (obj: object, msg: string) =>
    void logged.push({ level, obj: obj as Record<string, unknown>, msg })
  const deps: HousekeepingDeps = {
    sessions: { deleteExpired: sweep('sessions', undefined) },
    tree: { purgeTrash: sweep('trash', 2) },
    trashRetentionDays: 30,
    uploads: { sweep: sweep('uploads', 1), stagedIds: async function* () {} },
    links: { sweep: sweep('links', 3), graceMs: 1000 },
    family: { sweepReservations: sweep('reservations', 0), deleteExpiredInvites: sweep('invites', undefined) },
    loginChallenges: { deleteExpired: sweep('challenges', undefined) },
    davLocks: { sweep: sweep('locks', undefined) },
    log: { info: log('info'), warn: log('warn'), error: log('error') },
  }
  return { deps, ran, logged }
}

const ALL = ['sessions', 'trash', 'uploads', 'links', 'reservations', 'invites', 'challenges', 'locks']
const settle = () => new Promise((r) => setTimeout(r, 20))

describe('housekeeping', () => {
  for (const failing of ALL) {
    it(`given the ${failing} sweep throwing, then every other sweep still runs and the failure is logged once, as an error naming it`, async () => {
      const { deps, ran, logged } = recording(failing)
      const stop = startHousekeeping(deps)
      await settle()
      stop()
      expect(ran).toEqual(ALL)
      const errors = logged.filter((l) => l.level === 'error')
      expect(errors).toHaveLength(1)
      expect((errors[0]!.obj.err as Error).message).toBe(`${failing} is broken`)
      expect(errors[0]!.msg).toMatch(/^housekeeping: the .+ sweep failed$/)
      expect(errors[0]!.obj.sweep).toEqual(expect.any(String))
      // What the sweeps after it did is still said.
      if (failing !== 'links')
        expect(logged).toContainEqual({ level: 'info', obj: { links: 3 }, msg: 'dead share links removed' })
    })
  }
})
