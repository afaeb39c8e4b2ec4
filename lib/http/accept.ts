// Whether a request's Accept header (RFC 9110 §12.5.1) asks for a page rather than JSON. Written here
// because the one question (HTML or JSON?) needs no negotiation library, and none is a dependency.

type Range = { type: string; subtype: string; q: number };

function rangesOf(accept: string): Range[] {
  return accept.split(',').flatMap((part) => {
    const [media = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const [type, subtype] = media.split('/');
    if (!type || !subtype) return [];
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    return Number.isFinite(q) ? [{ type, subtype, q: Math.min(1, Math.max(0, q)) }] : [];
  });
}

/** The quality the header gives `type/subtype`, from its most specific matching range, and how specific that was (2 exact, 1 type/*, 0 *\/*; −1 none). */
function qualityOf(ranges: readonly Range[], type: string, subtype: string): { q: number; specificity: number } {
  let best = { q: 0, specificity: -1 };
  for (const range of ranges) {
    const specificity = range.type === type && range.subtype === subtype ? 2 : range.type === type && range.subtype === '*' ? 1 : range.type === '*' && range.subtype === '*' ? 0 : -1;
    if (specificity > best.specificity) best = { q: range.q, specificity };
  }
  return best;
}

/**
 * True when the client prefers text/html to application/json: a browser following a link
 * ("text/html,…,*\/*;q=0.8"). A missing header, "*\/*" or a tie keeps JSON, the API's own answer.
 */
export function prefersHtml(accept: string | null | undefined): boolean {
  if (!accept) return false;
  const ranges = rangesOf(accept);
  const html = qualityOf(ranges, 'text', 'html');
  const json = qualityOf(ranges, 'application', 'json');
  if (html.q <= 0) return false;
  return html.q > json.q || (html.q === json.q && html.specificity > json.specificity);
}
