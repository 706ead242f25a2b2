import { BlockList, isIP, isIPv4 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, an IPv4 tail (`::ffff:1.2.3.4`) included. */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0]!.toLowerCase();
  const ipv4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -ipv4Tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => Number.parseInt(group, 16));
}

/**
 * The client a per-address limit counts: an IPv4 address as it is, an IPv6 one by its /64
 * network. An IPv6 host usually holds a whole /64 and can take a new address for every request,
 * so counting single addresses would give it billions of allowances. IPv4 clients that reach
 * a dual-stack socket as `::ffff:a.b.c.d` are still counted by their IPv4 address.
 */
export function clientAddressGroup(address: string): string {
  if (isIP(address.split('%')[0]!) !== 6) return address;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 6).every((group, i) => group === (i === 5 ? 0xffff : 0));
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** proxy-addr's names for the usual private ranges, which Fastify's trustProxy accepts too. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whether `entry` is an address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or a named range. */
export function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  return bits >= 0 && bits <= (isIPv4(address) ? 32 : 128);
}

/** TRUST_PROXY, parsed: how many proxies stand in front, or their addresses and ranges; false for none. */
export type TrustProxy = false | number | string[];

/**
 * Fastify's trustProxy for the setting. Fastify itself trusts nothing for a bare number (the
 * hop count cannot tell a proxy from a client that connects directly), so a count is given as
 * a function that trusts the nearest `hops` addresses: the socket's and the entries the
 * proxies appended, never the ones a client wrote before them.
 */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/** proxy-addr's named ranges, as Fastify reads them in TRUST_PROXY. */
const NAMED_RANGE_ENTRIES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Whether a connection from `address` comes from a trusted proxy, by the same setting that
 * decides whose X-Forwarded-For is believed: with a hop count the peer is always the nearest
 * proxy; with a list, only the peers it names are.
 */
export function isTrustedProxyPeer(setting: TrustProxy): (address: string) => boolean {
  if (setting === false) return () => false;
  if (typeof setting === 'number') return () => true;
  const proxies = new BlockList();
  for (const entry of setting.flatMap((item) => NAMED_RANGE_ENTRIES[item] ?? [item])) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) proxies.addAddress(address, type);
    else proxies.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const plain = address.split('%')[0]!;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain)?.[1];
    if (mapped) return proxies.check(mapped, 'ipv4') || proxies.check(plain, 'ipv6');
    return isIP(plain) !== 0 && proxies.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
  };
}
