import { afterEach, describe, expect, it } from 'vitest';
import { reloadFailedStylesheets } from './stylesheets.ts';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('reloadFailedStylesheets', () => {
  it('asks again for a stylesheet that failed, in its place, and resolves once it has loaded', async () => {
    const failed = document.createElement('link');
    failed.rel = 'stylesheet';
    failed.href = '/assets/Radio-abc.css';
    const before = document.createElement('meta');
    document.head.append(before, failed, document.createElement('meta'));
    failed.dispatchEvent(new Event('error'));
    expect(failed.sheet).toBeNull();

    let done = false;
    const reloaded = reloadFailedStylesheets().then(() => {
      done = true;
    });
    const fresh = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
    expect(fresh).not.toBe(failed);
    expect(failed.isConnected).toBe(false);
    expect(fresh?.getAttribute('href')).toBe('/assets/Radio-abc.css');
    expect(fresh?.previousElementSibling).toBe(before);
    await Promise.resolve();
    expect(done).toBe(false);
    fresh?.dispatchEvent(new Event('load'));
    await reloaded;
    expect(done).toBe(true);
  });

  it('leaves the page alone when every stylesheet is there', async () => {
    const meta = document.createElement('meta');
    document.head.append(meta);
    await reloadFailedStylesheets();
    expect(document.head.children).toHaveLength(1);
  });

  it('two loaders asking at once share one reload: the fresh link is not replaced again', async () => {
    const failed = document.createElement('link');
    failed.rel = 'stylesheet';
    failed.href = '/assets/Menu-abc.css';
    document.head.append(failed);
    failed.dispatchEvent(new Event('error'));
    const first = reloadFailedStylesheets();
    const fresh = document.head.querySelector('link');
    const second = reloadFailedStylesheets();
    // Still loading, so it looks failed: a second reload must not take it for one.
    expect(document.head.querySelector('link')).toBe(fresh);
    fresh?.dispatchEvent(new Event('load'));
    await expect(Promise.all([first, second])).resolves.toBeDefined();
  });

  it('leaves a stylesheet still loading in place: replacing it would cancel its load, and whoever waits for it would wait for ever', async () => {
    const loading = document.createElement('link');
    loading.rel = 'stylesheet';
    loading.href = '/assets/route-abc.css';
    let reported = false;
    loading.addEventListener('error', () => {
      reported = true;
    });
    document.head.append(loading);
    await reloadFailedStylesheets();
    expect(loading.isConnected).toBe(true);
    // Once it has failed, it is asked for again.
    loading.dispatchEvent(new Event('error'));
    expect(reported).toBe(true);
    const reloaded = reloadFailedStylesheets();
    expect(loading.isConnected).toBe(false);
    document.head.querySelector('link')?.dispatchEvent(new Event('load'));
    await reloaded;
  });
});
