import { describe, expect, it } from 'vitest'
import { contrast } from '../test/contrast'
import { antdTheme } from './antdTheme'

describe('antdTheme', () => {
  it.each([
    ['light', false],
    ['dark', true],
  ])('gives a hovered primary button a colour its white text reads on at 4.5:1 (%s)', (_mode, isDarkMode) => {
    const hover = antdTheme(isDarkMode).components?.Button?.colorPrimaryHover
    expect(hover).toMatch(/^#[0-9a-f]{6}$/i)
    expect(contrast(hover!, '#ffffff')).toBeGreaterThanOrEqual(4.5)
  })

  it('gives the text of a hovered default button (the hover colour on the page) 4.5:1 in light mode', () => {
    const { components, token } = antdTheme(false)
    expect(contrast(components!.Button!.colorPrimaryHover!, token!.colorBgContainer!)).toBeGreaterThanOrEqual(
      4.5,
    )
  })
})
