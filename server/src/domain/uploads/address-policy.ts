// Which addresses a link fetched by the server may reach. The server sits inside the operator's
// network, so a user's link must not turn it into a proxy to loopback services, the private LAN,
// cloud metadata endpoints (169.254.169.254) or multicast groups. IPv4-mapped IPv6 forms
// (::ffff:127.0.0.1) are matched against the IPv4 ranges by BlockList itself.
import net from 'node:net';

const FORBIDDEN_V4: [string, number][] = [
  ['0.0.0.0', 8], // unspecified / "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

const FORBIDDEN_V6: [string, number][] = [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible forms
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local
  ['ff00::', 8], // multicast
];

const forbidden = new net.BlockList();
for (const [prefix, bits] of FORBIDDEN_V4) forbidden.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of FORBIDDEN_V6) forbidden.addSubnet(prefix, bits, 'ipv6');

/** True for an address a fetched link may not reach; anything that is not an IP address counts as forbidden. */
export function isForbiddenAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return forbidden.check(address, 'ipv4');
  if (family === 6) return forbidden.check(address, 'ipv6');
  return true;
}

/** The host of a URL as an IP literal when it is one (URL keeps IPv6 hosts in brackets), else null. */
export function ipLiteralOf(url: URL): string | null {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return net.isIP(host) ? host : null;
}
