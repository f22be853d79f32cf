import type { Response } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signIn } from './support.ts';

/**
 * The app's files and the API's answers travel compressed: what the browser received for the board, as a person's
 * browser receives it (Chromium asks for brotli and gzip).
 */

test('the board arrives compressed, and its source maps are not served', async ({ page, request }) => {
  const responses: Response[] = [];
  page.on('response', (r) => responses.push(r));
  await signIn(page, { path: '/leads' });
  await expect(page.locator('article[data-lead-id]').first()).toBeVisible();

  const scripts = responses.filter(
    (r) => r.request().resourceType() === 'script' && r.url().includes('/assets/'),
  );
  const styles = responses.filter(
    (r) => r.request().resourceType() === 'stylesheet' && r.url().includes('/assets/'),
  );
  expect(scripts.length).toBeGreaterThan(0);
  expect(styles.length).toBeGreaterThan(0);
  for (const r of [...scripts, ...styles]) {
    const headers = await r.allHeaders();
    // Files under 1 KB are not worth a compressed copy (vite.config.ts, precompress).
    if (Number(headers['content-length']) < 1024 && !headers['content-encoding']) continue;
    expect(headers['content-encoding'], r.url()).toBe('br');
    expect(headers.vary, r.url()).toBe('Accept-Encoding');
    expect(headers['cache-control'], r.url()).toContain('immutable');
  }

  const api = responses.find((r) => r.url().includes('/v1/sales/getLeads'));
  expect(api, 'the board asked for its leads').toBeTruthy();
  expect((await api?.allHeaders())?.['content-encoding']).toBe('br');

  // The largest script, asked for without compression, is the same file uncompressed; its map is refused.
  const largest = scripts.reduce((a, b) =>
    Number(a.headers()['content-length']) >= Number(b.headers()['content-length']) ? a : b,
  );
  const plain = await request.get(largest.url(), { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect((await plain.body()).byteLength).toBeGreaterThan(Number(largest.headers()['content-length']));
  expect((await request.get(`${largest.url()}.map`)).status()).toBe(404);
});
