import fs from 'node:fs';

/** The Chromium the e2e suite drives: CHROMIUM_PATH, else Debian's. Never a downloaded browser. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((p) => p && fs.existsSync(p));
}
