// A cap on the connections one client address may hold open (MAX_CONNECTIONS_PER_IP), so a
// single address cannot fill the descriptor table and starve everybody else. Over the cap the new
// socket is destroyed as soon as it is accepted: no parser work, no reply, nothing to read.
//
// The count is on the socket's peer, the only address a client cannot forge. Peers that
// TRUST_PROXY names are not capped: their connections carry many clients, and capping them would
// cut everybody at once (the proxy is where to cap its clients, e.g. nginx's limit_conn). With a
// hop count every peer is trusted as a proxy, so there is nothing left to cap: list the proxies'
// addresses instead to keep the cap for anyone who reaches the server directly.
import { BlockList, isIPv4 } from 'node:net'
import type { Server } from 'node:http'
import type { FastifyBaseLogger } from 'fastify'
import type { TrustProxy } from '../config.ts'
import { clientKey, unmapped } from '../util/client-address.ts'

/** Address ranges behind proxy-addr's names, which TRUST_PROXY accepts. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
}

/** Whether a peer is a proxy TRUST_PROXY trusts (the same peers Fastify takes X-Forwarded-* from). */
export function trustedPeer(trustProxy: TrustProxy): (address: string) => boolean {
  if (trustProxy === false) return () => false
  if (typeof trustProxy === 'number') return () => true
  const list = new BlockList()
  for (const entry of trustProxy.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [ip, bits] = entry.split('/') as [string, string | undefined]
    const type = isIPv4(ip) ? 'ipv4' : 'ipv6'
    if (bits === undefined) list.addAddress(ip, type)
    else list.addSubnet(ip, Number(bits), type)
  }
  return (address) => {
    const plain = unmapped(address)
    return list.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6')
  }
}

export interface ConnectionCapOptions {
  /** Open connections per client address; 0 turns the cap off. */
  perAddress: number
  trustProxy: TrustProxy
  log: FastifyBaseLogger
}

/** Caps open connections per client address on `server` (see the top of this file). */
export function capConnectionsPerAddress(server: Server, { perAddress, trustProxy, log }: ConnectionCapOptions): void {
  if (perAddress <= 0) return
  if (typeof trustProxy === 'number') {
    log.info(
      'MAX_CONNECTIONS_PER_IP is not applied: TRUST_PROXY is a hop count, so every peer counts as a proxy; list the proxy addresses to cap everyone else',
    )
    return
  }
  const exempt = trustedPeer(trustProxy)
  const open = new Map<string, number>()
  // Addresses logged as over the cap, until their last connection closes: one line per episode
  // rather than one per refused socket.
  const reported = new Set<string>()

  server.on('connection', (socket) => {
    const address = socket.remoteAddress
    if (address === undefined || exempt(address)) return
    const key = clientKey(address)
    const count = open.get(key) ?? 0
    if (count >= perAddress) {
      socket.destroy()
      if (!reported.has(key)) {
        reported.add(key)
        log.warn({ client: key, limit: perAddress }, 'connections refused: too many open from one address')
      }
      return
    }
    open.set(key, count + 1)
    socket.once('close', () => {
      const left = open.get(key)! - 1
      if (left > 0) {
        open.set(key, left)
        return
      }
      open.delete(key)
      reported.delete(key)
    })
  })
}
