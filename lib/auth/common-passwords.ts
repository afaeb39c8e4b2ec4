import 'server-only';
import { dictionary } from '@zxcvbn-ts/language-common';

// zxcvbn-ts's list is ranked by how often each password appears in breaches.
const MOST_COMMON = new Set(dictionary['passwords-common'].slice(0, 1000).map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return MOST_COMMON.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose one that is harder to guess.';
