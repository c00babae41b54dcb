import type QRCode from 'qrcode';
import { onFirstUse } from '../lib/onFirstUse';

const qrcode = onFirstUse<typeof QRCode>('qrcode');

/**
 * A QR code as its grid of dark modules, drawn by the PDF as vector squares: sharp at any
 * zoom or print size, no image to embed. Level M (15 % recovery), as payment QRs use.
 */
export interface QrGrid {
  size: number;
  isDark: (row: number, col: number) => boolean;
}

export function qrGrid(text: string): QrGrid {
  const { modules } = qrcode().create(text, { errorCorrectionLevel: 'M' });
  return {
    size: modules.size,
    isDark: (row, col) => modules.data[row * modules.size + col] === 1,
  };
}
