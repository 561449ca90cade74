import { existsSync } from 'node:fs';
import { describe } from '@jest/globals';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, which scripts/test.sh installs with apt. */
export const CHROMIUM = '/usr/bin/chromium';

/** `describe`, or `describe.skip` where Chromium could not be installed (no root, no apt): such a suite cannot run. */
export const describeWithBrowser = existsSync(CHROMIUM) ? describe : describe.skip;

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
