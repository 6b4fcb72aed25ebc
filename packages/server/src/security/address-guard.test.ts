import { describe, expect, it } from 'vitest';
import { blockedAddressReason, parseIpv4 } from './address-guard.ts';

describe('blockedAddressReason', () => {
  it.each([
    // Loopback, in every way IPv4 can be written.
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['2130706433', 'loopback'], // decimal
    ['017700000001', 'loopback'], // octal
    ['0177.0.0.1', 'loopback'], // octal part
    ['0x7f000001', 'loopback'], // hexadecimal
    ['0x7f.0x0.0x0.0x1', 'loopback'],
    ['127.1', 'loopback'], // short form
    ['127.0.1', 'loopback'],
    // This network, private, CGNAT, link-local, metadata.
    ['0.0.0.0', 'this network'],
    ['0', 'this network'],
    ['10.1.2.3', 'private'],
    ['012.1.2.3', 'private'], // octal 10
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['3232235786', 'private'], // 192.168.1.10 in decimal
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['169.254.1.1', 'link-local'],
    ['169.254.169.254', 'cloud metadata'],
    ['0xa9fea9fe', 'cloud metadata'], // 169.254.169.254 in hexadecimal
    ['2852039166', 'cloud metadata'], // and decimal
    ['169.254.170.2', 'cloud metadata'],
    ['100.100.100.200', 'cloud metadata'],
    ['192.0.0.192', 'cloud metadata'],
    // Reserved, documentation, multicast, broadcast.
    ['192.0.0.8', 'protocol assignments'],
    ['192.0.2.5', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    // IPv6 ranges.
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['ff02::1', 'multicast'],
    ['100::1', 'discard-only'],
    ['2001:db8::1', 'documentation'],
    ['2001:10::1', 'ORCHID'],
    ['5f00::1', 'reserved'], // outside the global unicast range
    ['4000::1', 'reserved'],
    // IPv4 inside IPv6: mapped, compatible, translated, NAT64, 6to4, Teredo.
    ['::ffff:127.0.0.1', 'loopback address (written as IPv6)'],
    ['::ffff:7f00:1', 'loopback address (written as IPv6)'],
    ['0:0:0:0:0:ffff:7f00:0001', 'loopback address (written as IPv6)'],
    ['::ffff:169.254.169.254', 'cloud metadata address (written as IPv6)'],
    ['::ffff:a9fe:a9fe', 'cloud metadata address (written as IPv6)'],
    ['::ffff:10.0.0.1', 'private address (written as IPv6)'],
    ['::ffff:0:192.168.0.1', 'private address (written as IPv6)'],
    ['::127.0.0.1', 'loopback address (written as IPv6)'],
    ['::10.0.0.1', 'private address (written as IPv6)'],
    ['64:ff9b::127.0.0.1', 'loopback address (written as IPv6)'],
    ['64:ff9b::a9fe:a9fe', 'cloud metadata address (written as IPv6)'],
    ['2002:7f00:1::', 'loopback address (written as IPv6)'],
    ['2002:c0a8:101::1', 'private address (written as IPv6)'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback address (written as IPv6)'], // Teredo client 127.0.0.1
    // Not addresses at all.
    ['localhost', 'not an IP address'],
    ['256.1.1.1', 'not an IP address'],
    ['1.2.3.4.5', 'not an IP address'],
    ['08.1.1.1', 'not an IP address'], // 8 is not octal
    ['0x1g.1.1.1', 'not an IP address'],
    ['1:2:3:4:5:6:7:8:9', 'not an IP address'],
    ['1::2::3', 'not an IP address'],
    ['::ffff:1.2.3.256', 'not an IP address'],
    ['', 'not an IP address'],
  ])('refuses %s: %s', (address, words) => {
    expect(blockedAddressReason(address)).toContain(words);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.215.14',
    '172.15.255.255', // just below 172.16/12
    '172.32.0.1', // just above it
    '100.63.255.255', // just below the carrier-grade NAT range
    '100.128.0.1', // just above it
    '169.253.255.255',
    '192.169.0.1',
    '223.255.255.255',
    '16843009', // 1.1.1.1 in decimal
    '0x01010101',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:1.1.1.1', // a public address written as IPv6
    '64:ff9b::8.8.8.8',
    '2002:0101:0101::1',
  ])('lets %s through', (address) => {
    expect(blockedAddressReason(address)).toBeNull();
  });

  it('lets loopback through only under the test allowance, and never the rest', () => {
    const allowance = { loopback: true };
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '2130706433']) {
      expect(blockedAddressReason(address, allowance)).toBeNull();
    }
    for (const address of ['10.0.0.1', '169.254.169.254', '192.168.0.1', 'fe80::1', '::ffff:169.254.169.254']) {
      expect(blockedAddressReason(address, allowance)).not.toBeNull();
    }
  });
});

describe('parseIpv4', () => {
  it.each([
    ['1.2.3.4', 0x01020304],
    ['1.2.772', 0x01020304],
    ['1.131844', 0x01020304],
    ['16909060', 0x01020304],
    ['0x1.0x2.0x3.0x4', 0x01020304],
    ['01.02.03.04', 0x01020304],
    ['4294967295', 0xffffffff],
  ])('reads %s', (text, value) => {
    expect(parseIpv4(text)).toBe(value);
  });

  it.each(['4294967296', '1.2.3.4.', '1..2', '1.2.65536', '-1', '1.2.3.4 '])('refuses %s', (text) => {
    expect(parseIpv4(text)).toBeNull();
  });
});
