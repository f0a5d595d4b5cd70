// One client, as limits count it: a peer's IPv4 address, or its IPv6 /64 (one subscriber usually
// holds a whole /64, so counting single IPv6 addresses would hand each of them 2^64 tries).
import { isIPv6 } from 'node:net'

const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i

/** The IPv4 address inside an IPv4-mapped IPv6 one, as the kernel reports dual-stack peers. */
export const unmapped = (address: string) => IPV4_MAPPED.exec(address)?.[1] ?? address

/** The first 64 bits of an IPv6 address: one subscriber usually holds a whole /64. */
function ipv6Prefix64(address: string): string {
  const bare = address.split('%')[0]!
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'))
  // A trailing dotted quad stands for two groups.
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0)
  const gap = bare.indexOf('::')
  let groups = groupsOf(bare)
  if (gap >= 0) {
    const head = groupsOf(bare.slice(0, gap))
    const tail = groupsOf(bare.slice(gap + 2))
    groups = [...head, ...Array<string>(8 - width(head) - width(tail)).fill('0'), ...tail]
  }
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`
}

/** The key a peer is counted under by the connection cap and the login throttle. */
export function clientKey(address: string): string {
  const plain = unmapped(address)
  return isIPv6(plain) ? ipv6Prefix64(plain) : plain
}
