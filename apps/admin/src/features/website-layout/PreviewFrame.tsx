import { type ReactNode, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

/** The public website's own style sheet: served to everyone, the same for every unit. */
export const SITE_STYLE_SHEET = '/site/_assets/site.css';

/**
 * A document of its own for a preview of the public website: the children are rendered into an
 * iframe (same origin, no address of its own) whose head holds the site's style sheet and the
 * given style rules. Rules written for the site, the unit's custom CSS included, apply there as
 * on the site and can restyle nothing of the administration around it (decision 0050). The frame
 * grows with its content.
 */
export function PreviewFrame({ title, lang, css, children }: { title: string; lang: string; css: string[]; children: ReactNode }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [doc, setDoc] = useState<Document | null>(null);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    // some browsers replace the frame's first empty document once it has loaded
    const take = () => {
      const d = element.contentDocument;
      if (d?.body) setDoc(d);
    };
    take();
    element.addEventListener('load', take);
    return () => element.removeEventListener('load', take);
  }, []);

  useEffect(() => {
    if (!doc) return;
    doc.documentElement.lang = lang;
    const grow = () => {
      if (frame.current) frame.current.style.height = `${doc.documentElement.scrollHeight}px`;
    };
    grow();
    const observer = new ResizeObserver(grow);
    observer.observe(doc.body);
    return () => observer.disconnect();
  }, [doc, lang]);

  return (
    <iframe ref={frame} title={title} style={{ display: 'block', width: '100%', minHeight: 320, border: 0 }}>
      {doc &&
        createPortal(
          <>
            <link rel="stylesheet" href={SITE_STYLE_SHEET} />
            {css.map((rules, i) => (
              // the sheets in their order: the site's theme, then the unit's own
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of sheets, never reordered
              <style key={i}>{rules}</style>
            ))}
          </>,
          doc.head,
        )}
      {doc && createPortal(children, doc.body)}
    </iframe>
  );
}
