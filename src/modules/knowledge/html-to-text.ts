/**
 * HTML reduced to the text a reader sees, enough for retrieval: scripts,
 * styles and other non-content elements dropped, block elements become
 * paragraph breaks (so chunking keeps paragraphs), tags removed, the common
 * entities decoded. Not a full HTML parser: malformed markup degrades to
 * some stray text, never to an error.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function htmlToText(html: string): { title: string | null; text: string } {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  const text = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|noscript|template|svg|head|nav|footer)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?(p|div|section|article|h[1-6]|li|ul|ol|table|tr|blockquote|pre|header|main)\b[^>]*>/gi, '\n\n')
    .replace(/<[^>]+>/g, ' ');
  return { title: title ? decode(title).replace(/\s+/g, ' ').trim() || null : null, text: decode(text).replace(/[ \t]+/g, ' ').replace(/ *\n */g, '\n').replace(/\n{3,}/g, '\n\n').trim() };
}

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code < 0x110000 && code !== 0 ? String.fromCodePoint(code) : ' ';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}
