/**
 * The Content-Security-Policy of the reader's frame: nothing loads but inline styles and data:
 * images and fonts; remote images only when the reader asked for them.
 */
export const frameCsp = (remoteImages: boolean) =>
  `default-src 'none'; img-src data:${remoteImages ? ' https: http:' : ''}; style-src 'unsafe-inline'; font-src data:`;

/**
 * The document of the reader's frame. The HTML is already sanitised by the server; the frame is
 * sandboxed without scripts or same-origin, and this policy is a second wall. Links open in a
 * new tab (base target), never in the app.
 */
export function buildSrcdoc(html: string, remoteImages: boolean): string {
  return [
    '<!doctype html><html><head>',
    `<meta http-equiv="Content-Security-Policy" content="${frameCsp(remoteImages)}">`,
    '<meta charset="utf-8">',
    '<meta name="referrer" content="no-referrer">',
    '<base target="_blank">',
    '<style>body{margin:0;padding:16px;font:14px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#0f172a;word-wrap:break-word}img{max-width:100%;height:auto}table{max-width:100%}</style>',
    '</head><body>',
    html,
    '</body></html>',
  ].join('');
}
