/**
 * The "Scan" button beside the key-code field (issue 12, decision 0046): added only when this
 * script runs and the browser can reach a camera. The scanner itself (ZXing) is a separate chunk,
 * imported when the button is pressed, so a page's first load carries only these few lines.
 * The server marks the field with `data-scan` (the button's label) and the scanner's texts.
 */

function enhance(input: HTMLInputElement) {
  const label = input.dataset.scan;
  if (!label || !navigator.mediaDevices?.getUserMedia) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'scan-button';
  button.textContent = label;
  // after the field's other additions (the type-ahead's list sits over it when open)
  (input.parentElement ?? input).append(button);
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const { openScanner } = await import('./scanner.js');
      await openScanner(input, button);
    } finally {
      button.disabled = false;
    }
  });
}

document.querySelectorAll<HTMLInputElement>('input[data-scan]').forEach(enhance);
