import { describe, expect, it } from '@jest/globals';
import { insertAtSelection } from '@/lib/client/insert-at-selection';

describe('insertAtSelection', () => {
  it.each([
    ['into an empty text', '', 0, 0, 'Sleep better.', 'Sleep better.', 13],
    ['at the end, after a space', 'Goals: ', 7, 7, 'more energy', 'Goals: more energy', 18],
    ['at the end, adding a space', 'Goals:', 6, 6, 'more energy', 'Goals: more energy', 18],
    ['at the start, before a word', 'and lift more', 0, 0, 'Sleep better', 'Sleep better and lift more', 12],
    ['in the middle of two words', 'Sleepbetter', 5, 5, 'much', 'Sleep much better', 10],
    ['over a selection', 'I want to run faster.', 10, 20, 'lift heavier', 'I want to lift heavier.', 22],
    ['over a backwards selection', 'I want to run faster.', 20, 10, 'lift heavier', 'I want to lift heavier.', 22],
    ['with the transcript trimmed', 'a', 1, 1, '  b \n', 'a b', 3],
  ])('inserts %s', (_case, value, start, end, text, expected, caret) => {
    expect(insertAtSelection(value, start, end, text)).toEqual({ value: expected, caret });
  });

  it('leaves the text alone for a blank transcript, caret after the selection', () => {
    expect(insertAtSelection('keep me', 0, 4, '   ')).toEqual({ value: 'keep me', caret: 4 });
  });

  it('clamps positions beyond the text', () => {
    expect(insertAtSelection('abc', 10, 12, 'd')).toEqual({ value: 'abc d', caret: 5 });
  });
});
