import { describe, expect, it } from 'vitest';
import { tinyPng } from './images.fixtures.js';
import { FORBIDDEN_MARKUP, XSS_PAYLOADS } from './rich-text.fixtures.js';
import { plainTextToHtml, richTextFromDocument, sanitizeRichText } from './rich-text.js';

describe('sanitizeRichText', () => {
  it('keeps the formatting elements and links', () => {
    const html =
      '<h1>T</h1><h2>a</h2><h3>b</h3><h4>c</h4><p>x<br><strong>s</strong><em>e</em><u>u</u><s>d</s><span>sp</span></p>' +
      '<ul><li>1</li></ul><ol><li>2</li></ol><blockquote>q</blockquote><pre><code>c</code></pre>' +
      '<p><a href="https://example.com/x?a=1&amp;b=2">web</a> <a href="mailto:a@example.com">mail</a> <a href="tel:+3212">tel</a> ' +
      '<a href="/relative/path">rel</a> <a href="#anchor">anchor</a></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes scripts, event handlers, javascript: and data: URLs, frames, objects, SVG and styles', () => {
    const out = sanitizeRichText(XSS_PAYLOADS);
    expect(out).not.toMatch(FORBIDDEN_MARKUP);
    expect(out).not.toContain('alert');
    expect(out).toContain('<p>ab</p>');
    expect(out).toContain('<p>c</p>');
    expect(out).toContain('<a>link</a>');
    expect(out).toContain('<p>styled</p>');
  });

  it('drops attributes other than href, target and rel, and those outside links', () => {
    expect(sanitizeRichText('<p class="x" id="y" data-x="1" aria-label="z" title="t">p</p><span href="https://x.example">s</span>')).toBe(
      '<p>p</p><span>s</span>',
    );
  });

  it('keeps the text of other elements and removes forms', () => {
    expect(sanitizeRichText('<h5>five</h5><div>div</div><form><input value="x"><button>b</button></form>')).toBe('fivedivb');
  });

  it('gives links that open a new window noopener noreferrer and drops other targets', () => {
    expect(sanitizeRichText('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="https://x.example" target="_blank" rel="nofollow">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="nofollow noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="https://x.example" target="_top" rel="x&quot;onclick=1">x</a>')).toBe(
      '<a href="https://x.example">x</a>',
    );
  });

  it('answers the body of a whole HTML document', () => {
    expect(sanitizeRichText('<html><head><title>T</title><style>b{}</style></head><body><p>body</p></body></html>')).toBe('<p>body</p>');
  });

  it('is idempotent and handles empty input', () => {
    const once = sanitizeRichText(XSS_PAYLOADS);
    expect(sanitizeRichText(once)).toBe(once);
    expect(sanitizeRichText('')).toBe('');
  });
});

describe('plainTextToHtml', () => {
  it('makes paragraphs at blank lines and line breaks within them, escaping markup', () => {
    expect(plainTextToHtml('Hello <b>\r\nworld\r\n\r\nsecond & "para"\n\n\n')).toBe(
      '<p>Hello &lt;b&gt;<br>world</p><p>second &amp; &quot;para&quot;</p>',
    );
    expect(plainTextToHtml('  \n ')).toBe('');
  });
});

describe('richTextFromDocument', () => {
  it('sanitises HTML documents and converts plain text', async () => {
    expect(await richTextFromDocument(Buffer.from('\uFEFF<p onclick="x()">hi<script>x</script></p>'), 'html')).toBe('<p>hi</p>');
    expect(await richTextFromDocument(Buffer.from('<script>alert(1)</script>'), 'txt')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });

  it('refuses other formats, binary content and text that is not UTF-8', async () => {
    const refused = { key: 'error.unsupportedContentType', status: 415 };
    await expect(richTextFromDocument(Buffer.from('{\\rtf1 hello}'), undefined)).rejects.toMatchObject(refused);
    await expect(richTextFromDocument(tinyPng(), 'html')).rejects.toMatchObject(refused);
    await expect(richTextFromDocument(Buffer.from([0x3c, 0x70, 0x3e, 0xff, 0xfe]), 'html')).rejects.toMatchObject(refused);
    await expect(richTextFromDocument(Buffer.from('a\u0000b'), 'txt')).rejects.toMatchObject(refused);
  });
});
