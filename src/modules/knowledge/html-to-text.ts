import { compile, type SelectorDefinition } from 'html-to-text';

/**
 * HTML reduced to the text a reader sees, enough for retrieval, by the
 * html-to-text library (decision 0043) over a real HTML parser: scripts,
 * styles, navigation and other non-content elements dropped, images too;
 * links keep their text without the address; headings and paragraphs are
 * paragraphs (so chunking keeps them), lists keep their bullets, numbers and
 * nesting, data tables their rows and columns; every HTML entity is decoded.
 * Malformed markup degrades to some stray text, never to an error.
 */
const SKIPPED = ['script', 'style', 'noscript', 'template', 'svg', 'head', 'nav', 'footer', 'img'];

const selectors: SelectorDefinition[] = [
  ...SKIPPED.map((selector) => ({ selector, format: 'skip' })),
  { selector: 'a', options: { ignoreHref: true } },
  // Headings keep their case: upper case would only make the text harder to read and to quote.
  ...[1, 2, 3, 4, 5, 6].map((n) => ({ selector: `h${n}`, options: { uppercase: false } })),
  { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
];

// Lines are not wrapped: chunking cuts by paragraphs, and a hard break inside one would only add noise.
const bodyText = compile({ wordwrap: false, selectors });
// The first <title> element, as a browser's tab shows it (entities decoded).
const titleText = compile({ wordwrap: false, baseElements: { selectors: ['title'], returnDomByDefault: false }, limits: { maxBaseElements: 1 } });

export function htmlToText(html: string): { title: string | null; text: string } {
  const title = titleText(html).replace(/\s+/g, ' ').trim();
  const text = bodyText(html)
    // A no-break space is a space to a reader, and to the full-text search.
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    // Leading blank lines go, but not the indent of a first list item.
    .replace(/^\n+|\s+$/g, '');
  return { title: title || null, text };
}
