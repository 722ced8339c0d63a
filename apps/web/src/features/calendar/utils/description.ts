const BLOCKS = new Set([
  'P',
  'DIV',
  'LI',
  'TR',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'BLOCKQUOTE',
  'PRE',
  'UL',
  'OL',
]);

/**
 * An event description as plain text with its line breaks. Provider descriptions may carry HTML
 * (sanitised by the server); the app has no HTML sanitiser of its own, so the markup is read
 * by an inert parser (no scripts run, nothing loads) and only its text is shown.
 */
export function descriptionText(description: string): string {
  if (!/[<&]/.test(description)) return description.trim();
  const doc = new DOMParser().parseFromString(description, 'text/html');
  let text = '';
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      text += node.textContent ?? '';
      return;
    }
    if (!(node instanceof Element)) return;
    if (node.tagName === 'BR') {
      text += '\n';
      return;
    }
    if (node.tagName === 'SCRIPT' || node.tagName === 'STYLE') return;
    node.childNodes.forEach(walk);
    if (BLOCKS.has(node.tagName)) text += '\n';
  };
  doc.body.childNodes.forEach(walk);
  return text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
