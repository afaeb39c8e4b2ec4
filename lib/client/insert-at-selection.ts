export type Insertion = { value: string; caret: number };

/**
 * `value` with `text` put over the selection [start, end) (at the cursor when they are equal), and
 * the caret position just after it. A space keeps it from running into the words around it.
 */
export function insertAtSelection(value: string, start: number, end: number, text: string): Insertion {
  const from = Math.max(0, Math.min(start, end, value.length));
  const to = Math.min(Math.max(start, end, from), value.length);
  const before = value.slice(0, from);
  const after = value.slice(to);
  const inserted = text.trim();
  if (!inserted) return { value, caret: to };
  const lead = before && !/\s$/.test(before) ? ' ' : '';
  const trail = /^[\p{L}\p{N}]/u.test(after) ? ' ' : '';
  const caret = before.length + lead.length + inserted.length;
  return { value: `${before}${lead}${inserted}${trail}${after}`, caret };
}
