/**
 * Script tag → first paint of <hearth-contact-form> in Debian's Chromium, on the partner demo page (three forms)
 * (another origin, strict CSP), for the desktop and a Lighthouse-like mobile profile (DESIGN §5:
 * ≤ 150 ms desktop, ≤ 550 ms mobile). Cold runs use a fresh browser context each time (empty caches).
 * A report, not a test: prints figures and exits 0.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { ensureBuilt } from '../cdn/build';
import { startPartnerSite } from '../demo-sites/serve';
import { startServer } from '../server/app';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const BUDGET_MS = { desktop: 150, mobile: 550 } as const;

/** Lighthouse's mobile throttling: 150 ms RTT, 1.6 Mbps down, 750 Kbps up, 4× CPU slowdown. */
const MOBILE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, cpu: 4 };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function measureOnce(browser: Browser, url: string, profile: 'desktop' | 'mobile'): Promise<number> {
  const context = await browser.newContext(profile === 'mobile' ? { viewport: { width: 412, height: 823 }, isMobile: true } : {});
  const page = await context.newPage();
  if (profile === 'mobile') {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...MOBILE });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpu });
  }
  // Poll each frame for the rendered form. The frame in whose rAF callback it is first seen paints it; a
  // zero timeout queued from that callback runs right after that paint ("after next paint").
  // A string, not a function: tsx would wrap a named inner function in a helper the page does not have.
  await page.addInitScript(`
    const tick = () => {
      const form = document.querySelector('hearth-contact-form')?.shadowRoot?.querySelector('form');
      if (form) setTimeout(() => (window.__painted = performance.now()), 0);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  `);
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __painted?: number }).__painted !== undefined, null, { timeout: 30_000 });
  const elapsed = await page.evaluate(() => {
    const loader = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/loader.js'))!;
    return (window as unknown as { __painted: number }).__painted - loader.startTime;
  });
  await context.close();
  return elapsed;
}

export async function measureFirstPaint(): Promise<Record<'desktop' | 'mobile', { median: number; runs: number[] }>> {
  await ensureBuilt();
  const dataDir = await mkdtemp(join(tmpdir(), 'hearth-bench-'));
  const api = await startServer({ port: 0, dataDir });
  const site = await startPartnerSite({ port: 0, apiOrigin: api.url });
  const executablePath = execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const result = {} as Record<'desktop' | 'mobile', { median: number; runs: number[] }>;
    for (const profile of ['desktop', 'mobile'] as const) {
      await measureOnce(browser, site.url, profile); // warm the server and the OS caches once
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measureOnce(browser, site.url, profile));
      result[profile] = { median: median(runs), runs };
    }
    return result;
  } finally {
    await browser.close();
    await site.close();
    await api.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureFirstPaint();
  console.log(`script tag → first paint of <hearth-contact-form>, median of ${RUNS} cold runs`);
  for (const profile of ['desktop', 'mobile'] as const) {
    const { median: ms } = result[profile];
    const verdict = ms <= BUDGET_MS[profile] ? 'PASS' : 'OVER';
    console.log(`  ${profile.padEnd(8)} ${ms.toFixed(0).padStart(5)} ms   budget ${BUDGET_MS[profile]} ms   ${verdict}`);
  }
}
