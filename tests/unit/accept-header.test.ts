import { describe, expect, it } from '@jest/globals';
import { prefersHtml } from '@/lib/http/accept';

// lib/http/accept.ts: a page for a browser that followed a link, JSON for everything else.

describe('prefersHtml', () => {
  it('is true for what browsers send when a link is followed', () => {
    // Chrome, Firefox, Safari.
    expect(prefersHtml('text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7')).toBe(true);
    expect(prefersHtml('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(true);
    expect(prefersHtml('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(true);
    expect(prefersHtml('TEXT/HTML')).toBe(true);
    expect(prefersHtml('text/*, application/json;q=0.5')).toBe(true);
  });

  it('is false for API clients, no header, and HTML the client ranks no higher than JSON', () => {
    for (const accept of [null, undefined, '', '*/*', 'application/json', 'application/json, text/plain, */*', 'application/json, text/html', 'text/html;q=0.5, application/json', 'text/html;q=0', 'text/*, application/json', 'garbage', 'text/html;q=abc']) {
      expect(prefersHtml(accept)).toBe(false);
    }
  });
});
