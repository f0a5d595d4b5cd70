// Per-user storage quotas (DESIGN.md §7): a write reserves its bytes before any is kept, and
// settles (or releases) the reservation once it committed (or failed). Used bytes are the sum of
// the user's file sizes, trash included, kept by triggers (migration 014); a reservation is
// counted from the moment it is made, so parallel writes cannot together pass the quota.
//
// Every way in asks `hold` (through reserve or around): "may this user store N more bytes?",
// answered by holding them or by the 507. Multipart upload and folder upload (services/drive/
// uploads.ts, against the owner of the folder the form names: a member's upload into a shared
// folder counts for its owner) and share-link uploads (services/sharing/file-requests.ts, against
// the link owner) hold the request's Content-Length (an upper bound of the files' bytes) before
// any file byte is read, with `holdLength` or `around`; tus creation (resumable-uploads.ts) holds Upload-Length with the upload's row,
// and each PATCH extends it while the upload lives; WebDAV PUT and COPY (services/dav/writes.ts)
// and "make a copy" (file-copy.ts) `reserve` their bytes. A write whose length is unknown grows
// its reservation as bytes arrive (`grow`, the same refusal). On success, settleIn(trx, …) in
// the transaction that inserts the file row; on failure or abort, release().
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
  /** Made for someone other than the owner: growing it is refused naming none of the owner's numbers. */
  forVisitor?: boolean
}

/** What a write asks `hold` for. */
export interface ReservationRequest {
  userId: string
  bytes: number
  /** The caller's name for it (a resumable upload's id, so whatever ends the upload can end it); default a new one. */
  id?: string
  /** Made for a share link's visitor: a refusal names none of the owner's numbers. */
  forVisitor?: boolean | undefined
  /** How long it holds unless settled, released or extended; default QUOTA_RESERVATION_TTL. */
  ttlMs?: number
  /** Made as a step of the caller's transaction (a resumable upload's row): 507 rolls it back. */
  trx?: DriveTransaction
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

  /**
   * The one check of every write: holds `bytes` more of the user's quota, or throws
   * QUOTA_EXCEEDED (507) when they do not fit. An account without a quota holds nothing (`unlimited`).
   */
  async function hold(r: ReservationRequest): Promise<Reservation> {
    checkBytes(r.bytes)
    const id = r.id ?? randomId()
    const t = now()
    const row = {
      id,
      userId: r.userId,
      bytes: r.bytes,
      now: t,
      expiresAt: t + (r.ttlMs ?? limits.quotaReservationTtlMs),
    }
    const held = await (r.trx ? r.trx.quota.reserveIn(row) : repo.reserve(row))
    if (held === 'refused')
      return refusal(r.userId, r.bytes, { ...(r.trx ? { from: r.trx.quota } : {}), forVisitor: r.forVisitor })
    return {
      id,
      userId: r.userId,
      bytes: r.bytes,
      ...(held === 'unlimited' ? { unlimited: true } : {}),
      ...(r.forVisitor ? { forVisitor: true } : {}),
    }
  }

  /**
   * A write whose size is known only as its request's length (a multipart upload: the body's
   * Content-Length bounds the file bytes it carries): holds that much before the write reads a
   * byte; `release` ends it once the write committed or failed. Without a length, an account
   * with a quota is refused (411); one without is let through. `forVisitor`: someone other than
   * the owner writes (a share link's visitor, a member), whose refusal names no numbers.
   */
  async function holdLength(
    userId: string,
    length: number | undefined,
    forVisitor = false,
  ): Promise<{ release(): Promise<void> }> {
    if (length === undefined || !Number.isSafeInteger(length) || length < 0) {
      const s = await repo.state(userId)
      if (!s) throw errors.unauthorized()
      if (s.quota !== null) throw errors.lengthRequired()
      return { release: async () => {} }
    }
    const reservation = await hold({ userId, bytes: length, forVisitor })
    return { release: async () => void (reservation.unlimited || (await repo.release(reservation.id))) }
  }

  return {
    async usage(userId: string): Promise<Usage> {
      const s = await repo.state(userId)
      if (!s) throw errors.unauthorized()
      return { used: s.used, quota: s.quota }
    },

    hold,

    /** `hold` of `bytes` under a new id. */
    reserve: (userId: string, bytes: number, ttlMs = limits.quotaReservationTtlMs, forVisitor = false) =>
      hold({ userId, bytes, ttlMs, forVisitor }),

    /** Ends the reservation `id` (a `hold` under the caller's id) inside the caller's transaction. */
    releaseIn: async (trx: DriveTransaction, id: string): Promise<void> => void (await trx.quota.releaseIn(id)),

    /** Ends the reservation `id`, wherever it came from; nothing when it is gone already. */
    releaseId: async (id: string): Promise<void> => void (await repo.release(id)),

    /** More bytes arrived than reserved (a stream of unknown length): hold them too, or 507. */
    async grow(reservation: Reservation, bytes: number): Promise<void> {
      checkBytes(bytes)
      if (bytes === 0) return
      if (!reservation.unlimited && !(await repo.grow(reservation.id, reservation.userId, bytes)))
        return refusal(reservation.userId, reservation.bytes + bytes, {
          held: reservation.bytes,
          forVisitor: reservation.forVisitor,
        })
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

    holdLength,

    /** `holdLength` around `write`, the reservation ending whichever way it goes. */
    async around<R>(
      userId: string,
      length: number | undefined,
      write: () => Promise<R>,
      forVisitor = false,
    ): Promise<R> {
      const held = await holdLength(userId, length, forVisitor)
      try {
        return await write()
      } finally {
        await held.release()
      }
    },

    /** Housekeeping: reservations whose writer crashed stop counting. */
    sweep: () => repo.sweepExpired(now()),
  }
}
export type QuotaService = ReturnType<typeof createQuotaService>
