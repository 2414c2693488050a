import { describe, expect, it } from 'vitest';
import { deviceLabel } from './device';

describe('deviceLabel', () => {
  it('names browser and system of common user agents', () => {
    expect(deviceLabel('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe('Chrome on Linux');
    expect(deviceLabel('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36')).toBe('Chrome on Linux');
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox on Windows');
    expect(deviceLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe('Safari on iOS');
    expect(deviceLabel('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15')).toBe('Safari on macOS');
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toBe('Edge on Windows');
    expect(deviceLabel('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(deviceLabel('curl/8.5.0')).toBe('curl');
  });

  it('stores nothing of a hostile or unknown agent but a known name', () => {
    expect(deviceLabel(undefined)).toBeNull();
    expect(deviceLabel('')).toBeNull();
    expect(deviceLabel('<img src=x onerror=alert(1)>')).toBeNull();
    expect(deviceLabel(`Firefox/1 <script>${'x'.repeat(100_000)}</script>`)).toBe('Firefox');
    expect(deviceLabel(`${'x'.repeat(2000)} Firefox/1`)).toBeNull();
  });
});
