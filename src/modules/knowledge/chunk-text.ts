/**
 * Splits text into passages for retrieval: paragraphs (blank-line
 * separated) are packed into chunks of about `size` characters; a paragraph
 * longer than that is cut at sentence ends, else at spaces. Each chunk after
 * the first starts with the last `overlap` characters of the one before (at
 * a word boundary), so a fact that straddles a cut is still found whole in
 * one passage.
 */
export function chunkText(text: string, size = 800, overlap = 120): string[] {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean)
    .flatMap((p) => (p.length > size ? splitLong(p, size) : [p]));
  const chunks: string[] = [];
  let current = '';
  // Whether `current` holds more than the overlap carried from the chunk before.
  let fresh = false;
  for (const paragraph of paragraphs) {
    if (fresh && current.length + paragraph.length + 2 > size) {
      chunks.push(current);
      current = tail(current, overlap);
    }
    current = current ? `${current}\n\n${paragraph}` : paragraph;
    fresh = true;
  }
  if (fresh) chunks.push(current);
  return chunks;
}

function splitLong(paragraph: string, size: number): string[] {
  const parts: string[] = [];
  let rest = paragraph;
  while (rest.length > size) {
    const window = rest.slice(0, size);
    const sentence = Math.max(window.lastIndexOf('. '), window.lastIndexOf('? '), window.lastIndexOf('! '));
    const space = window.lastIndexOf(' ');
    const cut = sentence > size / 2 ? sentence + 1 : space > size / 2 ? space : size;
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

function tail(text: string, overlap: number): string {
  if (text.length <= overlap) return '';
  const start = text.indexOf(' ', text.length - overlap);
  return start < 0 ? '' : text.slice(start + 1);
}
