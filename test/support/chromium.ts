import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, which scripts/test.sh installs with apt. */
export const CHROMIUM = '/usr/bin/chromium';

/** Whether Chromium is here: scripts/test.sh installs it where it can (no root, no apt: the browser suites skip). */
export const hasChromium = () => existsSync(CHROMIUM);

/** Chromium for a test: headless, quiet (no updates, sync or background traffic), with `extra` flags. */
export function launchChromium(extra: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extra,
    ],
  });
}
