// Per-user storage quotas (DESIGN.md §7): a write reserves its bytes before any is kept, and
// settles (or releases) the reservation once it committed (or failed). Used bytes are the sum of
// the user's file sizes, trash included, kept by triggers (migration 014); a reservation is
// counted from the moment it is made, so parallel writes cannot together pass the quota.
//
// Call points (for the write paths): multipart upload and folder upload reserve the request's
// Content-Length (an upper bound of the files' bytes) before reading the body; tus creation
// reserves Upload-Length and extends the reservation while the upload lives; file-request
// uploads reserve against the link owner. A write whose length is unknown grows its reservation
// as bytes arrive. On success, settleIn(trx, …) in the transaction that inserts the file row;
// on failure or abort, release().
import type { Limits } from '../../config.ts'
import { errors } from '../../errors.ts'
import type { DriveTransaction } from '../../repositories/drive.ts'
import type { QuotaRepository } from '../../repositories/quota.ts'
import { formatBytes } from '../../util/bytes.ts'
import { randomId } from '../../util/crypto.ts'

export interface Reservation {
  readonly id: string
  readonly userId: string
  /** What it holds now (reserve, plus any grow). */
  bytes: number
  /**
   * The account had no quota when it was made: nothing was recorded, and growing it, settling it
   * or releasing it has nothing to do. (A quota set meanwhile counts the bytes once they are stored.)
   */
  unlimited?: boolean
}

/** A reservation a caller names (a resumable upload's, under its upload's id). */
export interface ReservationRequest {
  id: string
  userId: string
  bytes: number
  /** Made for a share link's visitor: a refusal names none of the owner's numbers. */
  forVisitor?: boolean | undefined
}

export interface Usage {
  used: number
  quota: number | null
}

export function createQuotaService(deps: {
  repo: QuotaRepository
  limits: Pick<Limits, 'quotaReservationTtlMs'>
  now?: () => number
}) {
  const { repo, limits } = deps
  const now = deps.now ?? Date.now

  /**
   * The 507 of a refused write of `size` bytes, with the numbers the app shows ("This file (X) is
   * larger than your free space (Y)"); a share link's visitor gets none of them (the owner's usage
   * is the owner's business). `held`: what a growing write holds already, counted in `size`, not
   * as taken space.
   */
  async function refusal(
    userId: string,
    size: number,
    opts: { from?: Pick<QuotaRepository, 'state'>; held?: number; forVisitor?: boolean | undefined } = {},
  ): Promise<never> {
    const s = await (opts.from ?? repo).state(userId)
    if (!s) throw errors.unauthorized()
    if (opts.forVisitor) throw errors.quotaExceededForVisitor()
    throw errors.quotaExceeded(s.used + s.reserved - (opts.held ?? 0), s.quota ?? 0, formatBytes, size)
  }

  const checkBytes = (bytes: number) => {
    if (!Number.isSafeInteger(bytes) || bytes < 0) throw errors.badRequest('The size must be a whole number of bytes')
  }

  /** Holds `bytes` of the user's quota, or throws QUOTA_EXCEEDED (507) when they do not fit. */
  async function reserve(
    userId: string,
    bytes: number,
    ttlMs = limits.quotaReservationTtlMs,
    forVisitor = false,
  ): Promise<Reservation> {
    checkBytes(bytes)
    const id = randomId()
    const t = now()
    const held = await repo.reserve({ id, userId, bytes, now: t, expiresAt: t + ttlMs })
    if (held === 'refused') return refusal(userId, bytes, { forVisitor })
    return { id, userId, bytes, ...(held === 'unlimited' ? { unlimited: true } : {}) }
  }

  return {
    async usage(userId: string): Promise<Usage> {
      const s = await repo.state(userId)
      if (!s) throw errors.unauthorized()
      return { used: s.used, quota: s.quota }
    },

    reserve,

    /**
     * `reserve` as a step of the caller's transaction, under the caller's id (a resumable upload's
     * reservation is its upload's id, so whatever ends the upload can end it): 507 rolls it back.
     */
    async reserveIn(
      trx: DriveTransaction,
      r: ReservationRequest,
      ttlMs = limits.quotaReservationTtlMs,
    ): Promise<'held' | 'unlimited'> {
      checkBytes(r.bytes)
      const t = now()
      const held = await trx.quota.reserveIn({
        id: r.id,
        userId: r.userId,
        bytes: r.bytes,
        now: t,
        expiresAt: t + ttlMs,
      })
      if (held === 'refused') return refusal(r.userId, r.bytes, { from: trx.quota, forVisitor: r.forVisitor })
      return held
    },

    /** `reserveIn` without a caller's transaction (a small upload with no row to write before its file). */
    async reserveFor(r: ReservationRequest, ttlMs = limits.quotaReservationTtlMs): Promise<'held' | 'unlimited'> {
      checkBytes(r.bytes)
      const t = now()
      const held = await repo.reserve({ id: r.id, userId: r.userId, bytes: r.bytes, now: t, expiresAt: t + ttlMs })
      if (held === 'refused') return refusal(r.userId, r.bytes, { forVisitor: r.forVisitor })
      return held
    },

    /** Ends the reservation `id` (made with `reserveIn`) inside the caller's transaction. */
    releaseIn: async (trx: DriveTransaction, id: string): Promise<void> => void (await trx.quota.releaseIn(id)),

    /** Ends the reservation `id`, wherever it came from; nothing when it is gone already. */
    releaseId: async (id: string): Promise<void> => void (await repo.release(id)),

    /** More bytes arrived than reserved (a stream of unknown length): hold them too, or 507. */
    async grow(reservation: Reservation, bytes: number): Promise<void> {
      checkBytes(bytes)
      if (bytes === 0) return
      if (!reservation.unlimited && !(await repo.grow(reservation.id, reservation.userId, bytes)))
        return refusal(reservation.userId, reservation.bytes + bytes, { held: reservation.bytes })
      reservation.bytes += bytes
    },

    /** A long write is still going (each tus PATCH): keeps its reservation from expiring. */
    extend: (reservation: Pick<Reservation, 'id'>, ttlMs = limits.quotaReservationTtlMs) =>
      repo.extend(reservation.id, now() + ttlMs),

    /**
     * The write committed `actualBytes` (its file row now counts them as used): the reservation
     * ends. A write never keeps more than it holds — `grow` first — so more is our bug, not the
     * client's.
     */
    async settle(reservation: Reservation, actualBytes: number): Promise<void> {
      if (actualBytes > reservation.bytes)
        throw new Error(`quota: settled ${actualBytes} bytes on a reservation of ${reservation.bytes}`)
      if (!reservation.unlimited) await repo.release(reservation.id)
    },

    /** `settle` as the last step of the transaction that inserts the file row: never counted twice or not at all. */
    async settleIn(trx: DriveTransaction, reservation: Reservation, actualBytes: number): Promise<void> {
      if (actualBytes > reservation.bytes)
        throw new Error(`quota: settled ${actualBytes} bytes on a reservation of ${reservation.bytes}`)
      if (!reservation.unlimited) await trx.quota.releaseIn(reservation.id)
    },

    /** The write failed or was abandoned: its bytes are free again. Safe to call twice. */
    async release(reservation: Reservation): Promise<void> {
      if (!reservation.unlimited) await repo.release(reservation.id)
    },

    /**
     * A write whose size is known only as its request's length (a multipart upload: the body's
     * Content-Length bounds the file bytes it carries): reserves that much before `write` reads a
     * byte, and ends the reservation once the write committed or failed. Without a length, an
     * account with a quota is refused (411); one without is let through. `forVisitor`: a share
     * link's visitor writes, whose refusal names no numbers.
     */
    async around<R>(
      userId: string,
      contentLength: string | undefined,
      write: () => Promise<R>,
      forVisitor = false,
    ): Promise<R> {
      const bytes = contentLength === undefined ? Number.NaN : Number(contentLength)
      if (!Number.isSafeInteger(bytes) || bytes < 0) {
        const s = await repo.state(userId)
        if (!s) throw errors.unauthorized()
        if (s.quota !== null) throw errors.lengthRequired()
        return write()
      }
      const reservation = await reserve(userId, bytes, limits.quotaReservationTtlMs, forVisitor)
      try {
        return await write()
      } finally {
        if (!reservation.unlimited) await repo.release(reservation.id)
      }
    },

    /** Housekeeping: reservations whose writer crashed stop counting. */
    sweep: () => repo.sweepExpired(now()),
  }
}
export type QuotaService = ReturnType<typeof createQuotaService>
