/**
 * Which network addresses an outgoing request to a web address an Admin typed may connect to: only
 * public unicast ones. Everything else (this machine, the private network, link-local and cloud
 * metadata, carrier-grade NAT, multicast, reserved and documentation ranges) is refused, in every way an
 * address can be written: IPv4 in the dotted, decimal, octal and hexadecimal forms `inet_aton` accepts,
 * IPv6 with the IPv4 it embeds (mapped, compatible, NAT64, 6to4 and Teredo). Pure: no lookups.
 */

/** Why `address` may not be connected to, or null when it is a public unicast address. */
export function blockedAddressReason(address: string, allowance: { loopback: boolean } = NO_ALLOWANCE): string | null {
  const text = address.trim().replace(/^\[(.*)\]$/, '$1');
  const v4 = parseIpv4(text);
  if (v4 !== null) return blockedIpv4(v4, allowance);
  const v6 = parseIpv6(text);
  if (v6 !== null) return blockedIpv6(v6, allowance);
  return 'it is not an IP address';
}

const NO_ALLOWANCE = { loopback: false };

type Range = readonly [first: number, prefix: number, reason: string];

const ip4 = (a: number, b: number, c: number, d: number) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

/** The IPv4 ranges no delivery goes to (RFC 6890 special-purpose, and the cloud metadata addresses). */
const BLOCKED_V4: readonly Range[] = [
  [ip4(0, 0, 0, 0), 8, 'it is a "this network" address'],
  [ip4(10, 0, 0, 0), 8, 'it is a private address'],
  [ip4(100, 64, 0, 0), 10, 'it is a carrier-grade NAT address'],
  [ip4(127, 0, 0, 0), 8, 'it is a loopback address'],
  [ip4(169, 254, 0, 0), 16, 'it is a link-local address (where cloud metadata is served)'],
  [ip4(172, 16, 0, 0), 12, 'it is a private address'],
  [ip4(192, 0, 0, 0), 24, 'it is reserved for protocol assignments'],
  [ip4(192, 0, 2, 0), 24, 'it is a documentation address'],
  [ip4(192, 31, 196, 0), 24, 'it is reserved (AS112)'],
  [ip4(192, 52, 193, 0), 24, 'it is reserved (AMT)'],
  [ip4(192, 88, 99, 0), 24, 'it is a 6to4 relay address'],
  [ip4(192, 168, 0, 0), 16, 'it is a private address'],
  [ip4(192, 175, 48, 0), 24, 'it is reserved (AS112)'],
  [ip4(198, 18, 0, 0), 15, 'it is a benchmarking address'],
  [ip4(198, 51, 100, 0), 24, 'it is a documentation address'],
  [ip4(203, 0, 113, 0), 24, 'it is a documentation address'],
  [ip4(224, 0, 0, 0), 4, 'it is a multicast address'],
  [ip4(240, 0, 0, 0), 4, 'it is a reserved address'],
];

/** Cloud metadata services reached at a public-looking or shared address. */
const METADATA_V4: readonly number[] = [
  ip4(169, 254, 169, 254), // AWS, GCP, Azure, OpenStack…
  ip4(169, 254, 170, 2), // AWS ECS task metadata
  ip4(100, 100, 100, 200), // Alibaba Cloud
  ip4(192, 0, 0, 192), // Oracle Cloud
];

const LOOPBACK_V4: Range = [ip4(127, 0, 0, 0), 8, 'it is a loopback address'];

function inRange(value: number, [first, prefix]: Range): boolean {
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return (value & mask) >>> 0 === first;
}

function blockedIpv4(value: number, allowance: { loopback: boolean }): string | null {
  if (METADATA_V4.includes(value)) return 'it is a cloud metadata address';
  if (allowance.loopback && inRange(value, LOOPBACK_V4)) return null;
  return BLOCKED_V4.find((range) => inRange(value, range))?.[2] ?? null;
}

/**
 * An IPv4 address as `inet_aton` reads it (what many resolvers and libraries accept): one to four
 * parts, each decimal, octal (leading 0) or hexadecimal (0x), the last filling the remaining bytes.
 */
export function parseIpv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length < 1 || parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]*$/i.test(part)) value = part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
    else if (/^0[0-7]*$/.test(part)) value = part.length === 1 ? 0 : Number.parseInt(part.slice(1), 8);
    else if (/^[1-9][0-9]*$/.test(part)) value = Number(part);
    else return null;
    if (!Number.isSafeInteger(value)) return null;
    values.push(value);
  }
  const last = values.pop() as number;
  if (values.some((value) => value > 255)) return null;
  if (last >= 2 ** (8 * (4 - values.length))) return null;
  let result = 0;
  values.forEach((value, index) => {
    result += value * 2 ** (8 * (3 - index));
  });
  return result + last;
}

/** An IPv6 address as its 16 bytes (a zone id such as `%eth0` is ignored), or null. */
function parseIpv6(text: string): number[] | null {
  const address = text.replace(/%[^%]*$/, '');
  if (!/^[0-9a-f:.]+$/i.test(address) || !address.includes(':')) return null;
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string): number[] | null => {
    if (half === '') return [];
    const groups: number[] = [];
    const pieces = half.split(':');
    for (const [index, piece] of pieces.entries()) {
      if (piece.includes('.')) {
        // A dotted IPv4 tail, strictly four decimal parts.
        if (index !== pieces.length - 1 || !/^\d{1,3}(\.\d{1,3}){3}$/.test(piece)) return null;
        const bytes = piece.split('.').map(Number);
        if (bytes.some((byte) => byte > 255)) return null;
        groups.push(((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0), ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0));
      } else {
        if (!/^[0-9a-f]{1,4}$/i.test(piece)) return null;
        groups.push(Number.parseInt(piece, 16));
      }
    }
    return groups;
  };
  const head = groupsOf(halves[0] ?? '');
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  if (!head || !tail) return null;
  let groups: number[];
  if (halves.length === 2) {
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return null;
    groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  } else {
    groups = head;
  }
  if (groups.length !== 8) return null;
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

const v4At = (bytes: number[], at: number) =>
  (((bytes[at] ?? 0) << 24) | ((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0)) >>> 0;

const startsWith = (bytes: number[], prefix: readonly number[], bits: number) => {
  for (let bit = 0; bit < bits; bit++) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (((bytes[byte] ?? 0) & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
};

function blockedIpv6(bytes: number[], allowance: { loopback: boolean }): string | null {
  const zeros = (count: number) => bytes.slice(0, count).every((byte) => byte === 0);
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, deprecated), ::ffff:0:a.b.c.d (translated).
  if (zeros(10) && bytes[10] === 0xff && bytes[11] === 0xff) return embedded(v4At(bytes, 12), allowance);
  if (zeros(8) && bytes[8] === 0xff && bytes[9] === 0xff && bytes[10] === 0 && bytes[11] === 0) {
    return embedded(v4At(bytes, 12), allowance);
  }
  if (zeros(15) && bytes[15] === 1) return allowance.loopback ? null : 'it is a loopback address';
  if (zeros(16)) return 'it is the unspecified address';
  if (zeros(12)) return embedded(v4At(bytes, 12), allowance);
  // NAT64: 64:ff9b::/96 and the local-use 64:ff9b:1::/48.
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b], 32)) return embedded(v4At(bytes, 12), allowance);
  // 6to4 (2002::/16) carries an IPv4 address after the prefix; Teredo (2001:0::/32) the client's, inverted.
  if (startsWith(bytes, [0x20, 0x02], 16)) return embedded(v4At(bytes, 2), allowance);
  if (startsWith(bytes, [0x20, 0x01, 0, 0], 32)) return embedded(~v4At(bytes, 12) >>> 0, allowance);
  for (const [prefix, bits, reason] of BLOCKED_V6) {
    if (startsWith(bytes, prefix, bits)) return reason;
  }
  // Only the global unicast range 2000::/3 is public.
  if (!startsWith(bytes, [0x20], 3)) return 'it is a reserved address';
  return null;
}

const BLOCKED_V6: ReadonlyArray<readonly [prefix: readonly number[], bits: number, reason: string]> = [
  // AWS's IPv6 instance metadata address, inside the private range; named for its reason.
  [[0xfd, 0x00, 0x0e, 0xc2], 32, 'it is a cloud metadata address'],
  [[0xfe, 0x80], 10, 'it is a link-local address'],
  [[0xfe, 0xc0], 10, 'it is a site-local address'],
  [[0xfc], 7, 'it is a private (unique local) address'],
  [[0xff], 8, 'it is a multicast address'],
  [[0x01, 0, 0, 0, 0, 0, 0, 0], 64, 'it is a discard-only address'],
  [[0x20, 0x01, 0x0d, 0xb8], 32, 'it is a documentation address'],
  [[0x20, 0x01, 0, 0x10], 28, 'it is reserved (ORCHID)'],
  [[0x20, 0x01, 0, 0x20], 28, 'it is reserved (ORCHIDv2)'],
  [[0x20, 0x01, 0x00], 23, 'it is reserved for protocol assignments'],
];

function embedded(v4: number, allowance: { loopback: boolean }): string | null {
  const reason = blockedIpv4(v4, allowance);
  return reason ? `${reason} (written as IPv6)` : null;
}
