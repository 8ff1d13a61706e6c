import { describe, expect, it } from 'vitest'
import { pageConfigMarkup } from './pageConfig'

describe('pageConfigMarkup', () => {
  it('gives the page its backend as meta tags the renderer reads', () => {
    expect(pageConfigMarkup({ supabaseUrl: 'http://127.0.0.1:4173', supabaseAnonKey: 'anon.key' })).toBe(
      '<meta name="innkeeper:supabaseUrl" content="http://127.0.0.1:4173">' +
        '<meta name="innkeeper:supabaseAnonKey" content="anon.key">',
    )
  })

  it('escapes values so they cannot leave their attribute', () => {
    const markup = pageConfigMarkup({ supabaseUrl: `x"><script>alert('1')</script>&`, supabaseAnonKey: 'k' })
    expect(markup).toContain('content="x&#34;&#62;&#60;script&#62;alert(&#39;1&#39;)&#60;/script&#62;&#38;"')
    expect(markup).not.toContain('<script>')
  })
})
