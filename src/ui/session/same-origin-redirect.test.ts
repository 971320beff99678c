// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sameOriginRedirect } from './same-origin-redirect';

const origin = 'https://parley.example';

describe('sameOriginRedirect', () => {
  it('keeps paths and same-origin addresses', () => {
    expect(sameOriginRedirect('/recordList?x=1#top', origin)).toBe('/recordList?x=1#top');
    expect(sameOriginRedirect('https://parley.example/user/profile', origin)).toBe('/user/profile');
  });

  it('refuses other origins, protocol-relative and script addresses', () => {
    expect(sameOriginRedirect('https://evil.example/', origin)).toBe('/');
    expect(sameOriginRedirect('//evil.example/x', origin)).toBe('/');
    expect(sameOriginRedirect('/\\evil.example/x', origin)).toBe('/');
    expect(sameOriginRedirect('javascript:alert(1)', origin)).toBe('/');
  });

  it('falls back when there is no redirect', () => {
    expect(sameOriginRedirect(null, origin)).toBe('/');
    expect(sameOriginRedirect('', origin, '/home')).toBe('/home');
  });
});
