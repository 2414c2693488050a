import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfigResponseSchema, appContextSchema, DEFAULT_APP_CONTEXT, type AppContext } from '../../core/config/schema';
import { brandName } from '../../core/config/brand';
import { BRAND_FIELDS } from '../../core/config/brand-fields';
import { resolveContext } from '../../core/config/context';
import { signUp } from '../accounts/testing';
import type { RunningServer } from '../app';
import { graphqlAs } from '../testing/graphql';
import { signUpTestPartner } from '../testing/partner';
import { engineName, startTestServer } from '../testing/test-server';

const SAVE_BRAND = `mutation ($id: ID!, $input: PartnerSettingsInput!) {
  updatePartnerSettings(partnerId: $id, input: $input) { tollFreeNumber supportEmail privacyPolicyUrl }
}`;

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function getConfig(query: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/v1/api/dynamic-config/${query}`, { headers });
  const body = appConfigResponseSchema.parse(await response.json());
  const context: AppContext = appContextSchema.parse(JSON.parse(body.app_config.app_context));
  return { response, body, context };
}

describe(`GET /v1/api/dynamic-config/ (${engineName()})`, () => {
  it('serves the default context, with siteUrl set to our public origin', async () => {
    const { response, body, context } = await getConfig('');
    expect(response.status).toBe(200);
    expect(body.app_config.error).toBeNull();
    expect(body.app_config.domain).toBe('127.0.0.1');
    // Our own site keeps our brand: its privacy and contact pages on the hosted site.
    expect(context).toEqual({
      ...DEFAULT_APP_CONTEXT,
      siteUrl: server.url,
      privacyPolicyUrl: `${server.url}/about/privacy-policy`,
      contactUrl: `${server.url}/about/contact`,
    });
  });

  it("serves acme's agent branding with an absolute agent picture URL", async () => {
    const { body, context } = await getConfig('?partner=acme');
    expect(body.app_config.error).toBeNull();
    expect(context).toMatchObject({
      agentName: 'Avery Stone',
      officeNumber: '+18015550142',
      cellNumber: '+18015550199',
      tollFreeNumber: '+18885550147',
      // Each number as shown (issue 35): national for acme's country; acme's own toll-free number, not ours.
      phoneDisplay: { '+18015550142': '(801) 555-0142', '+18015550199': '(801) 555-0199', '+18885550147': '(888) 555-0147' },
      showPoweredBy: true,
      themeData: { sellEnabled: true, rentalEnabled: true, tokens: { 'color-primary': '#0b6e4f' } },
    });
    expect(context.agentEmail).toMatch(/@/);
    expect(context.agentPic).toBe(`${server.url}/static/demo/avery.svg`);
    expect((await fetch(context.agentPic!)).headers.get('content-type')).toBe('image/svg+xml');
  });

  it('serves summit with its own website and company name and no powered-by line', async () => {
    const { body, context } = await getConfig('?partner=summit');
    expect(body.app_config.domain).toBe('summit.example');
    expect(context.websiteName).toBe('Summit Homes');
    expect(context.appName).toBe('Summit Peak Realty');
    expect(context.websiteName).not.toBe(DEFAULT_APP_CONTEXT.websiteName);
    expect(context.showPoweredBy).toBe(false);
    expect(context.themeData?.tokens).toEqual({ 'color-primary': '#7a3cff' });
  });

  it("resolves summit from a page on summit's domain without ?partner=", async () => {
    const { context } = await getConfig('', { Origin: 'https://summit.example' });
    expect(context.websiteName).toBe('Summit Homes');
  });

  it('falls back to the default context with an error for an unknown partner (spec §8)', async () => {
    const { response, body, context } = await getConfig('?partner=nobody-here');
    expect(response.status).toBe(200);
    expect(body.app_config.error).toMatch(/nobody-here/);
    expect(context.appName).toBe(DEFAULT_APP_CONTEXT.appName);
  });

  it('may be read by any origin and is cached briefly', async () => {
    const { response } = await getConfig('?partner=acme', { Origin: 'https://some-agent-blog.example' });
    expect(response.headers.get('access-control-allow-origin')).toBe('https://some-agent-blog.example');
    expect(response.headers.get('vary')).toContain('Origin');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it("serves the default context without our brand, under the partner's name, when its stored context is invalid", async () => {
    await server.db.query(
      `INSERT INTO partners (slug, name, app_context) VALUES ('broken', 'Broken', '{"themeData": {"tokens": {"color-primary": "red; } body { x"}}}')`,
    );
    const { body, context } = await getConfig('?partner=broken');
    expect(body.app_config.error).toMatch(/invalid/);
    expect(context.partner?.name).toBe('Broken');
    expect(context).toMatchObject({ appName: null, websiteName: null, tollFreeNumber: null, officeNumber: null, supportEmail: null, privacyPolicyUrl: null });
  });

  it('gives a partner none of our brand (issue 35): every brand field it has not set is null, so no element falls back to ours', async () => {
    const owner = await signUp(server);
    const fresh = await signUpTestPartner(server, owner, 'Zephyr Homes');
    // A row of an older shape: brand fields absent altogether, or holding the numbers new partners used to copy.
    await server.db.query(`INSERT INTO partners (slug, name, app_context) VALUES ('bare', 'Bare Realty', '{"partner": {"name": "Bare Realty"}}')`);
    for (const slug of [fresh.slug, 'bare']) {
      const { body } = await getConfig(`?partner=${slug}`);
      const raw = JSON.parse(body.app_config.app_context) as Record<string, unknown>;
      for (const field of BRAND_FIELDS) {
        if (raw[field] !== null) expect(DEFAULT_APP_CONTEXT[field] ?? null, `${slug}: ${field} = ${JSON.stringify(raw[field])}`).not.toBe(raw[field]);
        expect(raw, `${slug}: ${field}`).toHaveProperty(field);
      }
      // In the browser, laid over the defaults: no number, address or link of ours, and the partner's own name.
      const resolved = resolveContext(appContextSchema.parse(raw));
      expect(resolved).toMatchObject({ tollFreeNumber: null, officeNumber: null, supportEmail: null, privacyPolicyUrl: null, contactUrl: null });
      expect(brandName(resolved)).toBe(slug === 'bare' ? 'Bare Realty' : 'Zephyr Homes');
    }
  });

  it("serves what the partner set in its console's Branding tab", async () => {
    const owner = await signUp(server);
    const { id, slug } = await signUpTestPartner(server, owner, 'Quartz Homes');
    const saved = await graphqlAs(server, owner, SAVE_BRAND, {
      id,
      input: { tollFreeNumber: '(888) 555-0147', supportEmail: 'help@quartz.example', privacyPolicyUrl: 'https://quartz.example/privacy' },
    });
    expect(saved.errors).toBeUndefined();
    const { context } = await getConfig(`?partner=${slug}`);
    // The number as typed is read for the partner's country and stored in E.164 (the one phone rule), shown formatted.
    expect(saved.data?.updatePartnerSettings).toMatchObject({ tollFreeNumber: '+18885550147' });
    expect(context).toMatchObject({
      tollFreeNumber: '+18885550147',
      phoneDisplay: { '+18885550147': '(888) 555-0147' },
      supportEmail: 'help@quartz.example',
      privacyPolicyUrl: 'https://quartz.example/privacy',
    });
  });
});

describe(`partner brand settings (${engineName()})`, () => {
  it('refuses a support email and a privacy policy address that are not one, naming the field; empty removes them', async () => {
    const owner = await signUp(server);
    const { id } = await signUpTestPartner(server, owner, 'Refusal Homes');
    const refused = async (input: Record<string, string>) => (await graphqlAs(server, owner, SAVE_BRAND, { id, input })).errors?.[0];
    expect(await refused({ supportEmail: 'nope' })).toMatchObject({ message: 'supportEmail must be an email address.', extensions: { argumentName: 'input.supportEmail' } });
    for (const url of ['javascript:alert(1)', 'quartz.example/privacy', 'https://user:pw@quartz.example/', 'https://quartz.example/a b']) {
      expect((await refused({ privacyPolicyUrl: url }))?.extensions?.argumentName, url).toBe('input.privacyPolicyUrl');
    }
    expect((await refused({ tollFreeNumber: 'call us' }))?.extensions?.argumentName).toBe('input.tollFreeNumber');
    await graphqlAs(server, owner, SAVE_BRAND, { id, input: { supportEmail: 'a@b.example', privacyPolicyUrl: 'https://b.example/p' } });
    const cleared = await graphqlAs(server, owner, SAVE_BRAND, { id, input: { supportEmail: '', privacyPolicyUrl: '', tollFreeNumber: '' } });
    expect(cleared.data?.updatePartnerSettings).toEqual({ tollFreeNumber: '', supportEmail: '', privacyPolicyUrl: '' });
  });
});

describe(`GET /v1/api/site-config/ (${engineName()})`, () => {
  const siteConfig = async (query: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}/v1/api/site-config/${query}`, { headers });
    return { response, body: (await response.json()) as { display_name: string } };
  };

  it("answers the site's display name (spec §7): the partner's website name", async () => {
    expect((await siteConfig('')).body).toEqual({ display_name: 'Hearth' });
    expect((await siteConfig('?partner=acme')).body).toEqual({ display_name: 'Acme Realty' });
    expect((await siteConfig('?partner=summit')).body).toEqual({ display_name: 'Summit Homes' });
    expect((await siteConfig('', { Origin: 'https://summit.example' })).body).toEqual({ display_name: 'Summit Homes' });
  });

  it("falls back to the default brand's name for an unknown partner, readable from any origin", async () => {
    const { response, body } = await siteConfig('?partner=nobody-here', { Origin: 'https://elsewhere.example' });
    expect(response.status).toBe(200);
    expect(body).toEqual({ display_name: 'Hearth' });
    expect(response.headers.get('access-control-allow-origin')).toBe('https://elsewhere.example');
  });
});
