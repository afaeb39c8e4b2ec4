// Copying to the clipboard from a click. Browser-safe.

type Clipboard = Pick<globalThis.Clipboard, 'writeText'>;

/**
 * Writes `text` to the clipboard; false when there is none (outside a secure context) or the browser refuses
 * (no permission, the page not focused), so the caller can say what to do instead.
 */
export async function copyText(text: string, clipboard: Clipboard | undefined = globalThis.navigator?.clipboard): Promise<boolean> {
  if (!clipboard) return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
