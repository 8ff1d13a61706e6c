import type { Browser, CDPSession } from 'playwright-core'

/**
 * A page the bench drives over the bare DevTools protocol, in a browser context Playwright does not
 * know (so it never attaches to it). Playwright enables the Network domain on every page it drives,
 * and with it Chromium's renderer keeps a copy of each response body for DevTools (up to 200 MB:
 * `kDefaultTotalBufferSize` of `inspector_network_agent.cc`). An export of 500 pages of JSON filled
 * that buffer, in the very process whose memory is measured; the app's window has no debugger
 * attached. Here only Page, Runtime, Input and Performance are enabled.
 */
export interface BarePage {
  send<T = unknown>(method: string, params?: object): Promise<T>
  /** An expression's value in the page (awaited when it is a promise). */
  evaluate<T>(expression: string): Promise<T>
  /** Polls `expression` every 100 ms until it is truthy. */
  waitFor(expression: string, timeoutMs?: number): Promise<void>
  /** A real mouse click (a user gesture) in the middle of the button named `name`. */
  clickButton(name: string): Promise<void>
  /** The next download of this page's context, saved into the folder given to `openBarePage`: resolves once complete. */
  nextDownload(timeoutMs: number): Promise<{ path: string }>
  close(): Promise<void>
}

interface Message {
  id?: number
  result?: unknown
  error?: { message: string }
}

export async function openBarePage(
  browser: Browser,
  options: { width: number; height: number; initScript: string; downloadPath?: string },
): Promise<BarePage> {
  const cdp: CDPSession = await browser.newBrowserCDPSession()
  const { browserContextId } = (await cdp.send('Target.createBrowserContext', {})) as {
    browserContextId: string
  }
  if (options.downloadPath)
    await cdp.send('Browser.setDownloadBehavior', {
      behavior: 'allowAndName',
      browserContextId,
      downloadPath: options.downloadPath,
      eventsEnabled: true,
    })
  const { targetId } = await cdp.send('Target.createTarget', {
    url: 'about:blank',
    browserContextId,
    width: options.width,
    height: options.height,
  })
  // Messages relayed through the browser's session (Playwright's CDPSession has no flat child sessions).
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: false })
  let lastId = 0
  const waiting = new Map<number, (message: Message) => void>()
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    if (event.sessionId !== sessionId) return
    const message = JSON.parse(event.message) as Message
    if (message.id !== undefined) waiting.get(message.id)?.(message)
    if (message.id !== undefined) waiting.delete(message.id)
  })
  async function send<T>(method: string, params: object = {}): Promise<T> {
    const id = ++lastId
    const answered = new Promise<Message>((resolve) => waiting.set(id, resolve))
    await cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id, method, params }),
    })
    const message = await answered
    if (message.error) throw new Error(`${method}: ${message.error.message}`)
    return message.result as T
  }
  async function evaluate<T>(expression: string): Promise<T> {
    const { result, exceptionDetails } = await send<{
      result: { value: T }
      exceptionDetails?: { text: string }
    }>('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true })
    if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.text}`)
    return result.value
  }
  async function waitFor(expression: string, timeoutMs = 60_000): Promise<void> {
    const until = performance.now() + timeoutMs
    while (!(await evaluate<boolean>(`Boolean(${expression})`).catch(() => false))) {
      if (performance.now() > until) throw new Error(`Timed out waiting for ${expression}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  const button = (name: string) =>
    `[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === ${JSON.stringify(name)})`

  await send('Page.enable')
  await send('Page.addScriptToEvaluateOnNewDocument', { source: options.initScript })
  return {
    send,
    evaluate,
    waitFor,
    async clickButton(name) {
      await waitFor(button(name))
      const { x, y } = await evaluate<{ x: number; y: number }>(
        `(() => { const r = ${button(name)}.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 } })()`,
      )
      for (const type of ['mousePressed', 'mouseReleased'])
        await send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 })
    },
    nextDownload(timeoutMs) {
      const { downloadPath } = options
      if (!downloadPath) throw new Error('openBarePage was given no download folder')
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('No download completed in time')), timeoutMs)
        const onProgress = (event: { guid: string; state: string }) => {
          if (event.state === 'inProgress') return
          clearTimeout(timer)
          cdp.off('Browser.downloadProgress', onProgress)
          if (event.state === 'completed') resolve({ path: `${downloadPath}/${event.guid}` })
          else reject(new Error(`The download was ${event.state}`))
        }
        cdp.on('Browser.downloadProgress', onProgress)
      })
    },
    async close() {
      await cdp.send('Target.disposeBrowserContext', { browserContextId }).catch(() => {})
      await cdp.detach().catch(() => {})
    },
  }
}
