import { describe } from '@jest/globals';
import { hasChromium } from './chromium.js';

/** `describe`, or `describe.skip` where Chromium could not be installed (no root, no apt): such a suite cannot run. */
export const describeWithBrowser = hasChromium() ? describe : describe.skip;
