/** The part of qrcode 1.5 (no types of its own) that marketing materials use: the module matrix of a QR code. */
declare module 'qrcode' {
  export interface QRCodeModel {
    modules: { size: number; data: Uint8Array };
  }
  export function create(text: string, options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' }): QRCodeModel;
  const QRCode: { create: typeof create };
  export default QRCode;
}
