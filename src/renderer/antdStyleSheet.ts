// Build time only (electron.vite.config.ts): Ant Design's component styles as a style sheet.
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs'
import {
  Alert,
  App,
  Avatar,
  Button,
  ConfigProvider,
  Empty,
  Popover,
  Segmented,
  Skeleton,
  Spin,
  Tag,
  Tooltip,
} from 'antd'
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { antdTheme } from './src/app/antdTheme'

/**
 * The Ant Design components of the first screen a desk sees (the layout around the dashboard, with its
 * loading and failed states): drawing one registers its whole style. Only these: every component the
 * app draws would make a sheet of 520 KB for every start, to spare later screens a few milliseconds.
 */
const firstScreen = [
  h(Alert, { title: 'a' }),
  h(Avatar),
  h(Button, null, 'b'),
  h(Empty),
  h(Popover, { content: 'p' }, h('span')),
  h(Segmented, { options: ['a'] }),
  h(Skeleton, { active: true }),
  h(Skeleton.Node, { active: true }),
  h(Spin),
  h(Tag),
  h(Tooltip, { title: 't' }, h('span')),
]

/**
 * Ant Design's styles for the first screen's components, with the map of them that @ant-design/cssinjs reads at
 * start-up (`.data-ant-cssinjs-cache-path`). Shipped in the app's style sheet, a component finds its
 * style there and the first screen neither generates nor injects it; a component missing from it is
 * styled at run time as before. The styles use the theme's CSS variables, so one sheet serves light
 * and dark (the variables themselves are still written at run time, for the theme in use).
 */
export function antdStyleSheet(): string {
  const css = firstScreenStyles()
  // In development Ant Design hashes its classes otherwise: the sheet would match nothing.
  if (css.includes('css-dev-only'))
    throw new Error("Ant Design's styles must be extracted in production mode")
  return css
}

/** The styles the first screen's components register, in both themes, with their map. */
export function firstScreenStyles(): string {
  const cache = createCache()
  for (const isDarkMode of [false, true]) {
    renderToString(
      h(
        StyleProvider,
        { cache },
        h(ConfigProvider, { theme: antdTheme(isDarkMode) }, h(App, null, ...firstScreen)),
      ),
    )
  }
  return extractStyle(cache, { plain: true, types: 'style' })
}
