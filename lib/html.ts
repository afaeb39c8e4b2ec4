/** Text made safe to put into HTML (mail bodies, the server's own small pages). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
