import type { FastifyReply } from 'fastify';

/** The sandbox's few HTML pages: plain forms, no script, their own CSP. */

export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action *; frame-ancestors 'none'";

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f3f4;color:#202124;margin:0}
main{max-width:28rem;margin:3rem auto;background:#fff;border:1px solid #dadce0;border-radius:8px;padding:2rem}
h1{font-size:1.5rem;font-weight:500;margin:0 0 .5rem}
p{line-height:1.5}
.brand{font-size:.875rem;color:#5f6368;margin:0 0 1.5rem}
ul{list-style:none;padding:0;margin:0 0 1.5rem}
li{border-top:1px solid #e8eaed;padding:.75rem 0}
.account{display:flex;flex-direction:column;gap:.25rem}
.scopes li{padding:.5rem 0}
button{font:inherit;cursor:pointer;border-radius:4px;padding:.5rem 1.25rem;border:1px solid #dadce0;background:#fff;color:#1a73e8}
button.primary{background:#1a73e8;border-color:#1a73e8;color:#fff}
button.account-button{text-align:left;width:100%;padding:.5rem;border:0;color:#202124}
button:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #174ea6;outline-offset:2px}
.actions{display:flex;justify-content:flex-end;gap:.75rem;margin-top:1.5rem}
label{display:block;margin:.75rem 0 .25rem;font-size:.875rem}
input,textarea{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #80868b;border-radius:4px}
.muted{color:#5f6368;font-size:.875rem}
.error{color:#b3261e}
`;

export function page(title: string, brand: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">${escapeHtml(brand)}</p>
${body}
</main>
</body>
</html>`;
}

export function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .send(html);
}

export function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}
