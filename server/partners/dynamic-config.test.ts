import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfigResponseSchema, appContextSchema, DEFAULT_APP_CONTEXT, type AppContext } from '../../core/config/schema';
import type { RunningServer } from '../app';
import { engineName, startTestServer } from '../testing/test-server';

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
    expect(context).toEqual({ ...DEFAULT_APP_CONTEXT, siteUrl: server.url });
  });

  it("serves acme's agent branding with an absolute agent picture URL", async () => {
    const { body, context } = await getConfig('?partner=acme');
    expect(body.app_config.error).toBeNull();
    expect(context).toMatchObject({
      agentName: 'Avery Stone',
      officeNumber: '+18015550142',
      cellNumber: '+18015550199',
      // Each number as shown (issue 35): national for acme's country, the default toll-free number too.
      phoneDisplay: { '+18015550142': '(801) 555-0142', '+18015550199': '(801) 555-0199', '+18005550199': '(800) 555-0199' },
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

  it('serves the default context with an error when the stored context is invalid', async () => {
    await server.db.query(
      `INSERT INTO partners (slug, name, app_context) VALUES ('broken', 'Broken', '{"themeData": {"tokens": {"color-primary": "red; } body { x"}}}')`,
    );
    const { body, context } = await getConfig('?partner=broken');
    expect(body.app_config.error).toMatch(/invalid/);
    expect(context.appName).toBe(DEFAULT_APP_CONTEXT.appName);
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
