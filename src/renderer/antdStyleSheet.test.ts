import { describe, expect, it } from 'vitest'
import { antdStyleSheet, firstScreenStyles } from './antdStyleSheet'

describe("Ant Design's style sheet for the first screen", () => {
  it('holds the first screen’s component styles and the map @ant-design/cssinjs reads them by', () => {
    const css = firstScreenStyles()
    const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)"/.exec(css)?.[1] ?? ''
    for (const component of ['Button', 'Skeleton', 'Segmented', 'Tag', 'Tooltip', 'Avatar', 'Alert']) {
      expect(map).toContain(`|${component}-${component}|`)
    }
    expect(css).toMatch(/:where\(\.css-[a-z0-9-]+\)\.ant-btn\{/)
  })

  it('refuses development class names (as in this test), which a build would never match', () => {
    expect(() => antdStyleSheet()).toThrow("Ant Design's styles must be extracted in production mode")
  })
})
