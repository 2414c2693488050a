import { describe, expect, it } from 'vitest';
import { listingPhotoTexts as t } from '../../core/i18n/listing-photos';
import { signedInServer } from '../testing/server-hooks';

const site = signedInServer();

async function page(path: string): Promise<string> {
  const response = await fetch(`${site.server.url}${path}`, { headers: { Accept: 'text/html', Cookie: site.cookie }, redirect: 'manual' });
  expect(response.status, path).toBe(200);
  return response.text();
}

describe('/photo-management?caseId= (spec §2: no header, no footer)', () => {
  it('holds <hearth-photo-management> for the case, without the shell’s header and footer', async () => {
    const html = await page('/photo-management?caseId=42');
    expect(html).toContain('<hearth-photo-management case-id="42"></hearth-photo-management>');
    expect(html).toContain('href="/account/home-detail/42"');
    expect(html).not.toMatch(/<header[\s>]/);
    expect(html).not.toMatch(/<footer[\s>]/);
  });

  it('says clearly when the link names no home, whatever the caseId holds', async () => {
    for (const query of ['', '?caseId=', '?caseId=abc', '?caseId=%22%3E%3Cscript%3E', '?caseId=0']) {
      const html = await page(`/photo-management${query}`);
      expect(html, query).not.toContain('<hearth-photo-management');
      expect(html).toContain(t.pageNoCase);
      expect(html).not.toContain('<script>');
    }
  });
});
