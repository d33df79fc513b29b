/** Hostile rich text for the sanitiser tests and the API tests of areas that store rich text. */

/** Payloads that must never survive sanitising, with what must be left of them. */
export const XSS_PAYLOADS = [
  '<p>a<script>alert("script")</script>b</p>',
  '<p><img src=x onerror=alert("onerror")>c</p>',
  '<a href="javascript:alert(\'href\')">link</a>',
  '<iframe src="https://evil.example/frame"></iframe>',
  '<svg onload=alert("svg")><circle r="1"/></svg>',
  '<p onclick="alert(\'click\')" style="background:url(https://evil.example/x)">styled</p>',
  '<object data="https://evil.example/x.swf"></object><embed src="x"><style>p{color:red}</style>',
  '<a href=" jav&#x09;ascript:alert(1)">tab</a><a href="JaVaScRiPt:alert(1)">case</a><a href="data:text/html,<script>alert(1)</script>">data</a>',
].join('');

/** What the payloads above may not contain once sanitised. */
export const FORBIDDEN_MARKUP = /<script|onerror|onload|onclick|javascript:|<iframe|<svg|<object|<embed|<style|<img|style=|data:/i;
