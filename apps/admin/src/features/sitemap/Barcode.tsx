import { drawingSVG, gs1datamatrix, qrcode } from 'bwip-js/browser';
import { useMemo } from 'react';

/**
 * A QR code of a URL, or a GS1 DataMatrix of an element string (`(01){gtin14}`), drawn by bwip-js
 * as SVG and shown as an image (decision 0043). Nothing is drawn for a value the symbology refuses.
 */
export function Barcode({
  kind,
  value,
  label,
  size = 96,
}: {
  kind: 'qrcode' | 'gs1datamatrix';
  value: string;
  label: string;
  size?: number;
}) {
  const src = useMemo(() => {
    try {
      // one encoder each, not the whole library's table of symbologies (the chunk stays small)
      const encode = kind === 'qrcode' ? qrcode : gs1datamatrix;
      const svg = encode({ bcid: kind, text: value, scale: 2, paddingwidth: 2, paddingheight: 2, backgroundcolor: 'FFFFFF' }, drawingSVG());
      return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    } catch {
      return null;
    }
  }, [kind, value]);
  if (!src) return null;
  return <img src={src} alt={label} width={size} height={size} data-barcode={kind} />;
}
