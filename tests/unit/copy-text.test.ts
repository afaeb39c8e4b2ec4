import { describe, expect, it } from '@jest/globals';
import { copyText } from '@/lib/client/copy-text';

// A stand-in for the browser's Clipboard (navigator.clipboard), which Node does not have.
function clipboard(refuse = false) {
  const written: string[] = [];
  return {
    written,
    writeText: async (text: string) => {
      if (refuse) throw new DOMException('Write permission denied.', 'NotAllowedError');
      written.push(text);
    },
  };
}

describe('copyText', () => {
  it('writes the text and answers true', async () => {
    const board = clipboard();
    expect(await copyText('AAAA-BBBB-CCCC\nDDDD-EEEE-FFFF', board)).toBe(true);
    expect(board.written).toEqual(['AAAA-BBBB-CCCC\nDDDD-EEEE-FFFF']);
  });

  it('answers false when the browser refuses', async () => {
    const board = clipboard(true);
    expect(await copyText('AAAA-BBBB-CCCC', board)).toBe(false);
    expect(board.written).toEqual([]);
  });

  it('answers false where there is no clipboard (Node, or a page outside a secure context)', async () => {
    expect(await copyText('AAAA-BBBB-CCCC', undefined)).toBe(false);
    expect(await copyText('AAAA-BBBB-CCCC')).toBe(false);
  });
});
