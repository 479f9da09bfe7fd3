import { describe, expect, it } from 'vitest';
import { isAllowedHost, isBlockedAddress, parseAllowedHosts } from './safe-fetch.ts';

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '100.127.255.255',
    '169.254.169.254',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::1',
    '::',
    '0:0:0:0:0:0:0:1',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'fc00::1',
    'fd12:3456:789a::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.1.2.3',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '::127.0.0.1',
    '64:ff9b::10.0.0.1',
    '2002:c0a8:0101::1',
    '[::1]',
  ])('refuses %s', (ip) => {
    expect(isBlockedAddress(ip)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.1.1',
    '192.169.0.1',
    '2606:4700:4700::1111',
    '2001:db8::1',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:0808:0808::1',
  ])('allows the public address %s', (ip) => {
    expect(isBlockedAddress(ip)).toBe(false);
  });

  it.each(['', 'localhost', '1.2.3', '256.1.1.1', '1:2:3:4:5:6:7:8:9', '1::2::3', 'gggg::1'])(
    'refuses what does not parse: %j',
    (ip) => {
      expect(isBlockedAddress(ip)).toBe(true);
    },
  );
});

describe('embed_allowed_hosts', () => {
  const allowed = parseAllowedHosts(' Intranet.School.example , 127.0.0.1:8080,,[::1]:81 ');

  it('parses comma-separated host names and host:port, case-insensitively', () => {
    expect(allowed).toEqual(['intranet.school.example', '127.0.0.1:8080', '[::1]:81']);
  });

  it('a host name matches on any port, host:port only on that port (default ports included)', () => {
    expect(isAllowedHost(new URL('https://intranet.school.example/x'), allowed)).toBe(true);
    expect(isAllowedHost(new URL('http://INTRANET.school.example:9000/'), allowed)).toBe(true);
    expect(isAllowedHost(new URL('http://127.0.0.1:8080/'), allowed)).toBe(true);
    expect(isAllowedHost(new URL('http://127.0.0.1:8081/'), allowed)).toBe(false);
    expect(isAllowedHost(new URL('http://127.0.0.1/'), allowed)).toBe(false);
    expect(isAllowedHost(new URL('http://[::1]:81/'), allowed)).toBe(true);
    expect(isAllowedHost(new URL('http://evil.intranet.school.example/'), allowed)).toBe(false);
    expect(isAllowedHost(new URL('http://example.org:80/'), parseAllowedHosts('example.org:80'))).toBe(true);
    expect(isAllowedHost(new URL('https://example.org/'), parseAllowedHosts('example.org:443'))).toBe(true);
  });
});
