// TRUST_PROXY trusts the hops it names, never every hop (issue 16): a client that writes its own
// X-Forwarded-For in front of what the proxy appends cannot pick the address the per-IP limits
// count, and a peer that is not a trusted proxy cannot set it at all.
import { describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from './helpers/client.ts'
import { startServer } from './helpers/server.ts'

const PER_IP = 5
/** What a proxy in front of the server reports as the client's address. */
const CLIENT = '203.0.113.7'

/**
 * Logs in PER_IP + 1 times, each attempt a new account (so only the per-IP limit can answer 429),
 * with the X-Forwarded-For the attempt's number `i` gives. Returns the statuses.
 */
async function logins(trustProxy: string, forwardedFor: (i: number) => string) {
  const server = await startServer({ env: { TRUST_PROXY: trustProxy }, limits: { loginPerIp: PER_IP } })
  try {
    const b = new Browser(server.url)
    const replies = []
    for (let i = 0; i <= PER_IP; i++) {
      replies.push(
        await b.request('POST', '/user-service/login', {
          json: { email: uniqueEmail('xff'), password: 'wrong-password' },
          headers: { 'x-forwarded-for': forwardedFor(i) },
        }),
      )
    }
    return replies
  } finally {
    await server.close()
  }
}

/** A client rotating what it writes; the proxy appends the address it really saw. */
const spoofed = (i: number) => `198.51.100.${i + 1}, ${CLIENT}`
/** The proxy reports a different client each time. */
const distinctClients = (i: number) => `198.51.100.${i + 1}`

describe('TRUST_PROXY and the per-IP login limit', () => {
  it.each([
    ['true (one hop)', 'true'],
    ['the peer listed', '127.0.0.1'],
    ['the peer in a listed CIDR', '10.0.0.0/8, 127.0.0.0/8'],
  ])(
    'given TRUST_PROXY=%s, when a client rotates X-Forwarded-For in front of the proxy, then the per-IP limit still answers 429',
    async (_name, trust) => {
      const replies = await logins(trust, spoofed)
      expect(replies.slice(0, PER_IP).map((r) => r.status)).not.toContain(429)
      expect(replies[PER_IP]!.status).toBe(429)
      expect(replies[PER_IP]!.body).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message: expect.stringMatching(/^Too many requests, retry in \d+ s$/),
      })
    },
  )

  it('given TRUST_PROXY listing the peer, then each client the proxy reports is counted on its own', async () => {
    const replies = await logins('127.0.0.1', distinctClients)
    expect(replies.map((r) => r.status)).not.toContain(429)
  })

  it.each([
    ['a list without the peer', '10.0.0.1'],
    ['false', 'false'],
  ])('given TRUST_PROXY as %s, then X-Forwarded-For is ignored and the peer is counted', async (_name, trust) => {
    const replies = await logins(trust, distinctClients)
    expect(replies.slice(0, PER_IP).map((r) => r.status)).not.toContain(429)
    expect(replies[PER_IP]!.status).toBe(429)
  })
})
