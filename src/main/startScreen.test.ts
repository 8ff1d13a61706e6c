import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { START_SCREEN_CSP, startScreenHtml, startScreenUrl } from './startScreen'

const styleOf = (html: string) => /<style>([\s\S]*)<\/style>/.exec(html)![1]!

describe('start screen', () => {
  it('says Innkeeper is starting, with its icon', () => {
    const html = startScreenHtml({ kind: 'starting' })
    expect(html).toContain('Starting Innkeeper’s local database…')
    expect(html).toContain('<img class="icon" alt="" src="data:image/svg+xml;base64,')
    expect(html).toContain('aria-busy="true"')
  })

  it('says what failed, escaped', () => {
    const html = startScreenHtml({
      kind: 'failed',
      title: 'Innkeeper could not start',
      detail: 'the data folder <C:\\Users\\Ana> is "locked" & busy',
    })
    expect(html).toContain('role="alert">Innkeeper could not start<')
    expect(html).toContain('the data folder &lt;C:\\Users\\Ana&gt; is &quot;locked&quot; &amp; busy')
    expect(html).not.toContain('<C:')
  })

  it('runs no script and allows only its own stylesheet (by hash) and data: images', () => {
    for (const html of [
      startScreenHtml({ kind: 'starting' }),
      startScreenHtml({ kind: 'failed', title: 't', detail: 'd' }),
    ]) {
      expect(html).not.toMatch(/<script|\son\w+=|\sstyle=/i)
      expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${START_SCREEN_CSP}">`)
      const hash = createHash('sha256').update(styleOf(html)).digest('base64')
      expect(START_SCREEN_CSP).toBe(
        `default-src 'none'; style-src 'sha256-${hash}'; img-src data:; base-uri 'none'; form-action 'none'`,
      )
    }
  })

  it('is loaded from a data: URL that decodes to the page', () => {
    const url = startScreenUrl({ kind: 'starting' })
    expect(url.startsWith('data:text/html;charset=utf-8,')).toBe(true)
    expect(decodeURIComponent(url.slice('data:text/html;charset=utf-8,'.length))).toBe(
      startScreenHtml({ kind: 'starting' }),
    )
  })
})
