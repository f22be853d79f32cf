import { existsSync } from 'node:fs';

/**
 * How the end-to-end suite and the benchmarks start Chromium: Debian's where it is installed (this workplace cannot
 * download browsers), Playwright's own elsewhere; headless without the background services that reach for the
 * network, which this machine's closed network refuses many at a time.
 */
export const chromiumLaunch = {
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
