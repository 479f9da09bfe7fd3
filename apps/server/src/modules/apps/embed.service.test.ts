import { describe, expect, it } from 'vitest';
import { frameCheckFromHeaders } from './embed.service.ts';

const PORTAL = 'https://portal.school.example';
const SITE = 'https://tool.example.org/app';
const check = (headers: Record<string, string | string[]>, portal = PORTAL, site = SITE) =>
  frameCheckFromHeaders(headers, portal, site);

describe('frameCheckFromHeaders', () => {
  it('no framing headers: embeddable', () => {
    expect(check({})).toEqual({ embeddable: true, reason: null });
  });

  it.each(['DENY', 'SAMEORIGIN', 'deny', 'ALLOW-FROM https://portal.school.example', 'nonsense'])(
    'any X-Frame-Options (%s) refuses',
    (value) => {
      expect(check({ 'x-frame-options': value })).toEqual({ embeddable: false, reason: 'x-frame-options' });
    },
  );

  it.each([
    ["frame-ancestors 'none'", false],
    ["frame-ancestors 'self'", false],
    ['frame-ancestors *', true],
    ['frame-ancestors https:', true],
    ['frame-ancestors http:', true],
    ['frame-ancestors https://portal.school.example', true],
    ['frame-ancestors https://PORTAL.school.example/some/path', true],
    ['frame-ancestors portal.school.example', true],
    ['frame-ancestors *.school.example', true],
    ['frame-ancestors https://*.school.example:*', true],
    ['frame-ancestors https://portal.school.example:443', true],
    ['frame-ancestors https://portal.school.example:8443', false],
    ['frame-ancestors http://portal.school.example', true],
    ['frame-ancestors https://other.example https://portal.school.example', true],
    ['frame-ancestors https://other.example', false],
    ['frame-ancestors *.other.example', false],
    ['frame-ancestors ftp:', false],
    ["default-src 'self'; frame-ancestors 'none'; script-src 'self'", false],
    ["default-src 'self'", true],
  ])('CSP %j -> %s', (csp, embeddable) => {
    expect(check({ 'content-security-policy': csp })).toEqual(
      embeddable ? { embeddable: true, reason: null } : { embeddable: false, reason: 'frame-ancestors' },
    );
  });

  it('frame-ancestors decides over X-Frame-Options, as in browsers', () => {
    const headers = { 'x-frame-options': 'DENY', 'content-security-policy': `frame-ancestors ${PORTAL}` };
    expect(check(headers)).toEqual({ embeddable: true, reason: null });
  });

  it('every policy must allow the portal (several headers or comma-separated policies)', () => {
    expect(check({ 'content-security-policy': ['frame-ancestors *', "frame-ancestors 'none'"] })).toEqual({
      embeddable: false,
      reason: 'frame-ancestors',
    });
    expect(check({ 'content-security-policy': `frame-ancestors *, frame-ancestors ${PORTAL}` })).toEqual({
      embeddable: true,
      reason: null,
    });
  });

  it("'self' allows only a site on the portal's own origin; a plain http portal needs a matching scheme", () => {
    expect(check({ 'content-security-policy': "frame-ancestors 'self'" }, PORTAL, `${PORTAL}/tool`)).toEqual({
      embeddable: true,
      reason: null,
    });
    const httpPortal = 'http://127.0.0.1:3000';
    expect(check({ 'content-security-policy': 'frame-ancestors https:' }, httpPortal).embeddable).toBe(false);
    expect(
      check({ 'content-security-policy': 'frame-ancestors http://127.0.0.1:3000' }, httpPortal).embeddable,
    ).toBe(true);
    expect(
      check({ 'content-security-policy': 'frame-ancestors 127.0.0.1:3000' }, httpPortal).embeddable,
    ).toBe(false);
  });
});
