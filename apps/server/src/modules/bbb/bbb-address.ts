// Whose code misses a visitor's lookup counts against (decision 067): an IPv4 address as it is, an IPv6
// address by its /64, because one home or school network gets a whole /64 and picks addresses from it at
// will (privacy extensions), so counting single IPv6 addresses would not limit anyone.
import { isIPv4, isIPv6 } from 'node:net';

/** An IPv6 address as its eight 16-bit groups (a trailing dotted IPv4 part counts as two). */
function groupsOf(ip: string): number[] {
  const hex = (part: string) => (part === '' ? [] : part.split(':'));
  const expand = (parts: string[]) =>
    parts.flatMap((p) => {
      if (!p.includes('.')) return [Number.parseInt(p, 16)];
      const [a, b, c, d] = p.split('.').map(Number) as [number, number, number, number];
      return [(a << 8) | b, (c << 8) | d];
    });
  const [head = '', tail] = ip.split('::');
  const front = expand(hex(head));
  if (tail === undefined) return front;
  const back = expand(hex(tail));
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** The key a visitor's misses are counted under: `203.0.113.7`, or `2001:db8:1:2::/64`. */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = groupsOf(address.toLowerCase());
  // an IPv4-mapped address (::ffff:a.b.c.d) is the IPv4 client it maps
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
