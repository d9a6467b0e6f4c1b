import { BlockList, isIP } from 'node:net';

/**
 * Addresses a request to a URL someone typed in must not reach unless its caller allows them: this
 * host, the private networks, link-local (cloud metadata services answer on 169.254.169.254),
 * shared, reserved, documentation and multicast ranges (IANA special-purpose registries).
 * IPv4-mapped IPv6 addresses (`::ffff:127.0.0.1`) are checked as the IPv4 address they carry.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Which resolved addresses a request may connect to. */
export type AddressRule = (address: string) => boolean;

/** Public internet addresses only: the rule for URLs a user or an administrator typed in. */
export const publicAddressesOnly: AddressRule = (address) => {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

/** Any address, the organisation's own network included; the caller says why in a comment. */
export const anyAddress: AddressRule = () => true;
