import sanitizeHtml from 'sanitize-html';

const CSS_LENGTH = /^\d+(\.\d+)?(px|em|rem|pt|%)$/;
const CSS_COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]{3,20})$/i;

/**
 * What the notice editor may produce: text formatting, headings 1–6, lists, quotes, code,
 * tables, links, and images from http(s) or relative addresses. Scripts, event handlers,
 * javascript:/data: URLs and any other markup are removed on the server (stored XSS was a
 * known hole of the RuoYi family).
 */
const NOTICE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'span',
    'font',
    'u',
    's',
    'del',
    'ins',
    'sub',
    'sup',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
  ],
  allowedAttributes: {
    '*': ['style', 'class', 'align', 'title'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    font: ['color', 'size'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    ol: ['start', 'type'],
  },
  allowedClasses: { '*': ['ql-*'] },
  allowedStyles: {
    '*': {
      color: [CSS_COLOR],
      'background-color': [CSS_COLOR],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [CSS_LENGTH, /^(small|medium|large|x-large|xx-large)$/],
      'font-weight': [/^(normal|bold|[1-9]00)$/],
      'font-style': [/^(normal|italic)$/],
      'text-decoration': [/^(none|underline|line-through)$/],
      'text-indent': [CSS_LENGTH],
      'padding-left': [CSS_LENGTH],
      'line-height': [/^\d+(\.\d+)?(px|em|%)?$/],
      width: [CSS_LENGTH],
      height: [CSS_LENGTH],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function sanitizeNotice(html: string): string {
  return sanitizeHtml(html, NOTICE_HTML);
}
