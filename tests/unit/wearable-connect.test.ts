import { describe, expect, it } from '@jest/globals';
import { authorizationUrlFrom, isConnectedMessage, tokenCheckFrom } from '@/lib/client/wearable-connect';

describe('authorizationUrlFrom', () => {
  it.each([
    ['plain text', 'https://api.prod.whoop.com/oauth/oauth2/auth?client_id=x&state=s\n', 'https://api.prod.whoop.com/oauth/oauth2/auth?client_id=x&state=s'],
    ['a JSON string', '"https://cloud.ouraring.com/oauth/authorize?x=1"', 'https://cloud.ouraring.com/oauth/authorize?x=1'],
    ['a JSON object with url', '{"url":"https://account.withings.com/oauth2_user/authorize2"}', 'https://account.withings.com/oauth2_user/authorize2'],
  ])('reads %s', (_case, body, url) => {
    expect(authorizationUrlFrom(body)).toBe(url);
  });

  it.each([['javascript:alert(1)'], ['/relative/path'], [''], ['{"error":"nope"}'], ['<html>Not found</html>']])('refuses %j', (body) => {
    expect(authorizationUrlFrom(body)).toBeNull();
  });
});

describe('isConnectedMessage', () => {
  it('accepts the matching source with connected: true', () => {
    expect(isConnectedMessage({ source: 'whoop', connected: true }, 'whoop')).toBe(true);
  });

  it.each([
    ['another provider', { source: 'oura', connected: true }],
    ['no flag', { source: 'whoop' }],
    ['a truthy non-boolean', { source: 'whoop', connected: 'yes' }],
    ['the older token message', { source: 'whoop', access_token: 'abc' }],
    ['a string', 'whoop'],
    ['null', null],
  ])('refuses %s', (_case, data) => {
    expect(isConnectedMessage(data, 'whoop')).toBe(false);
  });
});

describe('tokenCheckFrom', () => {
  it('reads exists and configured, defaulting configured to true', () => {
    expect(tokenCheckFrom({ exists: true, configured: false })).toEqual({ exists: true, configured: false });
    expect(tokenCheckFrom({ exists: false })).toEqual({ exists: false, configured: true });
  });

  it('refuses answers without a boolean exists', () => {
    expect(tokenCheckFrom({ exists: 'yes' })).toBeNull();
    expect(tokenCheckFrom(null)).toBeNull();
  });
});
