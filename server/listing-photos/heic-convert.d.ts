/** heic-convert ships no types: it decodes one HEIC/HEIF image and encodes it as JPEG or PNG. */
declare module 'heic-convert' {
  interface ConvertOptions {
    buffer: Uint8Array | ArrayBuffer;
    format: 'JPEG' | 'PNG';
    /** JPEG quality, 0–1. */
    quality?: number;
  }
  function convert(options: ConvertOptions): Promise<ArrayBuffer | Uint8Array>;
  export default convert;
}
