/**
 * The camera scanner (decision 0046), loaded on demand by scan.ts: a modal dialog with the
 * camera's picture, read by ZXing (@zxing/browser) for a DataMatrix or a QR code. What it reads
 * goes into the key-code field and the form is sent, as if typed: the server understands GS1
 * element strings and Digital Link URLs there. A GS1 code's FNC1 separators (the GS character,
 * which the server drops as a control character) are written in the bracketed form instead.
 */
import { BrowserCodeReader, type IScannerControls } from '@zxing/browser';
import {
  type BinaryBitmap,
  DataMatrixReader,
  DecodeHintType,
  NotFoundException,
  QRCodeReader,
  type Reader,
  type Result,
} from '@zxing/library';
import { parseScan } from '../gs1/parse-scan.js';

const GS = '\u001d';

/** The text to search for: a GS1 element string with separators in its bracketed form, anything else as read. */
export function searchTextOf(read: string): string {
  if (!read.includes(GS)) return read;
  const scan = parseScan(read);
  if (!scan?.ok) return read.split(GS).join(' ').trim();
  const { gtin14, expiry, lot, serial } = scan.value;
  const literal = (v: string) => v.replace(/[()]/g, (c) => `\\${c}`);
  return `(01)${gtin14}${expiry ? `(17)${expiry}` : ''}${lot ? `(10)${literal(lot)}` : ''}${serial ? `(21)${literal(serial)}` : ''}`;
}

/**
 * QR, then DataMatrix: the two symbols a box carries an eIFU code in. Only these two readers are
 * bundled (ZXing's multi-format reader would bring every other symbology's code along).
 */
class BoxCodeReader implements Reader {
  private readonly readers = [new QRCodeReader(), new DataMatrixReader()];

  decode(image: BinaryBitmap, hints?: Map<DecodeHintType, unknown>): Result {
    for (const reader of this.readers) {
      try {
        return reader.decode(image, hints as Map<DecodeHintType, never>);
      } catch {
        // not this symbology (or not found): the next one
      }
    }
    throw new NotFoundException();
  }

  reset(): void {
    for (const reader of this.readers) reader.reset();
  }
}

let opened = false;

export async function openScanner(input: HTMLInputElement, trigger: HTMLElement): Promise<void> {
  if (opened) return;
  opened = true;
  const d = input.dataset;
  const dialog = document.createElement('dialog');
  dialog.className = 'scanner';
  const title = document.createElement('h2');
  title.id = 'scanner-title';
  title.textContent = d.scanTitle ?? '';
  dialog.setAttribute('aria-labelledby', title.id);
  const video = document.createElement('video');
  video.className = 'scanner__video';
  video.muted = true;
  video.playsInline = true;
  video.setAttribute('aria-hidden', 'true');
  const status = document.createElement('p');
  status.className = 'scanner__status';
  status.setAttribute('role', 'status');
  const stop = document.createElement('button');
  stop.type = 'button';
  stop.textContent = d.scanStop ?? '×';
  dialog.append(title, video, status, stop);
  document.body.append(dialog);

  let controls: IScannerControls | undefined;
  let done = false;
  const finish = (text?: string) => {
    if (done) return;
    done = true;
    opened = false;
    controls?.stop();
    if (dialog.open) dialog.close();
    dialog.remove();
    if (text === undefined) {
      trigger.focus();
      return;
    }
    input.value = searchTextOf(text);
    const form = input.form;
    // requestSubmit runs the form's own checks; older browsers only have submit
    if (form) typeof form.requestSubmit === 'function' ? form.requestSubmit() : form.submit();
  };
  stop.addEventListener('click', () => finish());
  // Escape closes a modal dialog
  dialog.addEventListener('close', () => finish());
  dialog.showModal();
  stop.focus();

  const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.TRY_HARDER, true]]);
  const reader = new BrowserCodeReader(new BoxCodeReader(), hints, { delayBetweenScanAttempts: 150 });
  try {
    const started = await reader.decodeFromConstraints({ audio: false, video: { facingMode: 'environment' } }, video, (result) => {
      if (result) finish(result.getText());
    });
    if (done) started.stop();
    else controls = started;
  } catch {
    status.textContent = d.scanFailed ?? '';
  }
}
