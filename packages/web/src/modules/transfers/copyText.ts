/** Puts text on the clipboard; refused where the browser offers none (a page not served over HTTPS). */
export function copyText(text: string): Promise<void> {
  return navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject(new Error('no clipboard here'));
}
