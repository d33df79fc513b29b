import { describe, expect, it } from 'vitest';
import { renderHtml } from './render.js';

describe('renderHtml', () => {
  it('renders a whole document with its doctype and escapes text', () => {
    const html = renderHtml(
      <html lang="en">
        <body>{'<script>alert(1)</script>'}</body>
      </html>,
    );
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(html).toContain('&lt;script&gt;');
  });
});
