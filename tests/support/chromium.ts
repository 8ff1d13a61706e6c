/**
 * How tests and the bench launch Debian's Chromium: never a downloaded browser, and nothing that
 * would reach the network (updates, sync) or need a GPU or a sandbox-capable kernel in CI.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
}
