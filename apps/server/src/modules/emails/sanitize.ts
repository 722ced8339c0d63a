import sanitizeHtml from 'sanitize-html';
import { EMAIL_PREVIEW_LENGTH } from '@sentinel/shared';

/**
 * The server-side pipeline every e-mail body goes through before it is stored or shown: an
 * allow-list sanitiser (sanitize-html: no DOM needed, nothing passes that is not listed), remote
 * images parked in `data-remote-src` until the reader asks for them (tracking pixels included),
 * plain text for search and previews, and the case, claim and policy numbers a message mentions.
 */

const ALLOWED_TAGS = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'center',
  'code',
  'col',
  'colgroup',
  'dd',
  'div',
  'dl',
  'dt',
  'em',
  'font',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
];

const CELL_ATTRIBUTES = ['colspan', 'rowspan', 'align', 'valign', 'width', 'height', 'bgcolor'];

const ALLOWED_ATTRIBUTES: sanitizeHtml.IOptions['allowedAttributes'] = {
  '*': ['style', 'align', 'dir', 'title'],
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height', 'data-remote-src'],
  span: ['data-inline-image'],
  table: ['border', 'cellpadding', 'cellspacing', 'width', 'bgcolor'],
  td: CELL_ATTRIBUTES,
  th: CELL_ATTRIBUTES,
  tr: ['valign', 'bgcolor'],
  col: ['span', 'width'],
  colgroup: ['span', 'width'],
  font: ['color', 'face', 'size'],
  ol: ['start', 'type'],
};

const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.%\s,]+\)$/i, /^[a-z]{3,20}$/i];
const LENGTH = /^-?\d+(\.\d+)?(px|pt|em|rem|%)?$/i;
const LENGTHS = /^(-?\d+(\.\d+)?(px|pt|em|rem|%)?|auto)(\s+(-?\d+(\.\d+)?(px|pt|em|rem|%)?|auto)){0,3}$/i;

/** Colour, font, alignment, margins, padding and width; nothing that can load a URL. */
const ALLOWED_STYLES: sanitizeHtml.IOptions['allowedStyles'] = {
  '*': {
    color: COLOUR,
    'background-color': COLOUR,
    'font-family': [/^[\w\s,'"-]+$/],
    'font-size': [LENGTH, /^(xx-small|x-small|small|medium|large|x-large|xx-large|smaller|larger)$/i],
    'font-weight': [/^(normal|bold|bolder|lighter|\d{3})$/i],
    'font-style': [/^(normal|italic|oblique)$/i],
    'text-align': [/^(left|right|center|justify|start|end)$/i],
    'text-decoration': [/^(none|underline|line-through|overline)$/i],
    'line-height': [LENGTH, /^normal$/i],
    'vertical-align': [/^(top|middle|bottom|baseline)$/i],
    margin: [LENGTHS],
    'margin-top': [LENGTH],
    'margin-right': [LENGTH],
    'margin-bottom': [LENGTH],
    'margin-left': [LENGTH],
    padding: [LENGTHS],
    'padding-top': [LENGTH],
    'padding-right': [LENGTH],
    'padding-bottom': [LENGTH],
    'padding-left': [LENGTH],
    width: [LENGTH, /^auto$/i],
    'max-width': [LENGTH],
  },
};

/** Elements dropped together with their contents (their text is not message text). */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'title',
  'head',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'template',
];

const SAFE_DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
const REMOTE = /^https?:\/\//i;

function baseOptions(img: sanitizeHtml.Transformer): sanitizeHtml.IOptions {
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedStyles: ALLOWED_STYLES,
    allowedSchemes: ['http', 'https', 'mailto', 'cid'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WITH_CONTENT,
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
      }),
      img,
    },
  };
}

/** The attributes of an image other than where it comes from. */
function imageAttributes(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const { src: _src, 'data-remote-src': _remote, ...rest } = attribs;
  return rest;
}

/**
 * Sanitises an untrusted e-mail body. Remote images lose their `src` (kept in `data-remote-src`
 * and counted), `cid:` images become a placeholder, links open in a new tab without a referrer.
 */
export function sanitizeEmailHtml(html: string): { html: string; remoteImages: number } {
  let remoteImages = 0;
  const output = sanitizeHtml(
    html,
    baseOptions((tagName, attribs) => {
      const src = (attribs.src ?? '').trim();
      const rest = imageAttributes(attribs);
      const remote = src.startsWith('//') ? `https:${src}` : src;
      if (REMOTE.test(remote)) {
        remoteImages += 1;
        return { tagName, attribs: { 'data-remote-src': remote, ...rest } };
      }
      if (/^cid:/i.test(src)) {
        return {
          tagName: 'span',
          attribs: { 'data-inline-image': '' },
          text: `[image${rest.alt ? `: ${rest.alt}` : ''}]`,
        };
      }
      if (SAFE_DATA_IMAGE.test(src)) return { tagName, attribs: { src, ...rest } };
      return { tagName, attribs: rest };
    }),
  );
  return { html: output, remoteImages };
}

/** Puts remote images back (the reader asked for them); the result is sanitised again. */
export function restoreRemoteImages(sanitizedHtml: string): string {
  return sanitizeHtml(
    sanitizedHtml,
    baseOptions((tagName, attribs) => {
      const remote = (attribs['data-remote-src'] ?? '').trim();
      const rest = imageAttributes(attribs);
      if (REMOTE.test(remote)) return { tagName, attribs: { src: remote, ...rest } };
      const src = (attribs.src ?? '').trim();
      return { tagName, attribs: SAFE_DATA_IMAGE.test(src) ? { src, ...rest } : rest };
    }),
  );
}

/** Block ends become spaces, so that words of two paragraphs or cells do not run together. */
const BLOCK_END = /<\/?(p|div|br|tr|td|th|li|h[1-6]|blockquote|pre|table|ul|ol|hr|center)\b[^>]*>/gi;

/** Plain text of an HTML body (for search and previews): no markup, entities decoded, whitespace collapsed. */
export function textFromHtml(html: string): string {
  const stripped = sanitizeHtml(html.replace(BLOCK_END, ' '), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: DROPPED_WITH_CONTENT,
  });
  // sanitize-html decodes every entity on input and escapes only these on output.
  return collapse(
    stripped
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  );
}

function collapse(text: string): string {
  return text.replace(/(?:\s|\u200b|\u200c|\u200d)+/g, ' ').trim();
}

/** The list's preview of a message: markup removed, whitespace collapsed, at most 100 characters. */
export function emailPreview(text: string): string {
  const plain = collapse(text.replace(/<\/?[a-z][^<>]*>/gi, ' '));
  const characters = Array.from(plain);
  if (characters.length <= EMAIL_PREVIEW_LENGTH) return plain;
  return characters.slice(0, EMAIL_PREVIEW_LENGTH).join('').trimEnd();
}

/** A reference number after a label: letters and digits in hyphen-joined groups, with a digit. */
const REFERENCE = String.raw`(?=[A-Z0-9-]*\d)([A-Z0-9]+(?:-[A-Z0-9]+)*)`;
const LABELLED = (label: string) =>
  new RegExp(String.raw`\b${label}\s*(?:No\.?|Number|Nr\.?|#)?\s*[:#]?\s*#?\s*${REFERENCE}`, 'gi');

const MENTION_PATTERNS: RegExp[] = [
  /\bCASE-\d{4}-\d{3,}\b/gi,
  /\bCLM-\d{4}-\d+\b/gi,
  /\bPOL-\d[\d-]*\d\b|\bPOL-\d\b/gi,
  LABELLED('Claim'),
  LABELLED('Policy'),
];

/**
 * Case, claim and policy numbers mentioned in a text (subject or body), upper-cased, each once,
 * in the order they first appear.
 */
export function findMentions(text: string): string[] {
  const found: { index: number; token: string }[] = [];
  for (const pattern of MENTION_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const token = (match[1] ?? match[0]).toUpperCase();
      // A bare year or a one-digit "Claim 2" is not a reference.
      if (/^\d{1,4}$/.test(token)) continue;
      found.push({ index: match.index + match[0].length - token.length, token });
    }
  }
  found.sort((a, b) => a.index - b.index);
  return [...new Set(found.map((item) => item.token))];
}
