import { theme, type ThemeConfig } from 'antd'

// Red that text and borders use on a dark surface: the brand red (#b91c1c, which the dark algorithm
// darkens further) reads at 2:1 there; this one at 5.3:1 or more (WCAG AA).
const DARK_ERROR_TEXT = '#f87171'
// A field in error: its border, its prefix ("$") and its text.
const DARK_ERROR_FIELD = {
  colorError: DARK_ERROR_TEXT,
  colorErrorAffix: DARK_ERROR_TEXT,
  colorErrorText: DARK_ERROR_TEXT,
}

/** Ant Design follows the same palette, radii and font as app/theme.css, at WCAG AA contrast. */
export function antdTheme(isDarkMode: boolean): ThemeConfig {
  return {
    algorithm: isDarkMode ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: isDarkMode ? '#6366f1' : '#4f46e5',
      // Link-styled buttons are text on the page: in dark mode the primary reads at 3.2:1, this at 8:1.
      colorLink: isDarkMode ? '#a5b4fc' : '#4f46e5',
      // The focus ring (Ant Design draws it in this colour) must stand out at 3:1 from what it surrounds;
      // the default, a pale tint of the primary, reads at 1.5:1.
      colorPrimaryBorder: isDarkMode ? '#818cf8' : '#4f46e5',
      // Hints under fields and description labels: the default grey reads at 3.4:1 (light), 4.4:1 (dark).
      colorTextDescription: isDarkMode ? '#9ca3af' : '#6b7280',
      colorTextTertiary: isDarkMode ? '#9ca3af' : '#6b7280',
      // Placeholders say what to type ("Search by name, email or national ID"): the default grey reads
      // at 1.8:1 (light), 2.3:1 (dark); this at 4.8:1 and 6.9:1.
      colorTextPlaceholder: isDarkMode ? '#9ca3af' : '#6b7280',
      colorSuccess: '#15803d',
      colorWarning: '#a16207',
      colorError: '#b91c1c',
      colorInfo: '#0369a1',
      colorBgLayout: isDarkMode ? '#111827' : '#f9fafb',
      colorBgContainer: isDarkMode ? '#18212f' : '#ffffff',
      colorBgElevated: isDarkMode ? '#1f2937' : '#ffffff',
      fontFamily: "'Poppins', sans-serif",
      fontSize: 14,
      borderRadiusXS: 3,
      borderRadiusSM: 5,
      borderRadius: 7,
      borderRadiusLG: 9,
      motionDurationMid: '0.3s',
    },
    // Where red is text or a field's border on a dark surface, it is the lighter red. Danger buttons
    // keep the brand red behind white text. A hovered danger menu item is filled with the light red,
    // so its text turns dark. A hovered primary button darkens instead of lightening: white text on
    // the lighter hover Ant Design derives reads at 3.1:1 (dark) and 3.8:1 (light).
    components: isDarkMode
      ? {
          Button: { colorPrimaryHover: '#4f46e5' },
          Form: { colorError: DARK_ERROR_TEXT },
          Input: DARK_ERROR_FIELD,
          InputNumber: DARK_ERROR_FIELD,
          Dropdown: { colorError: DARK_ERROR_TEXT, colorTextLightSolid: '#111827' },
        }
      : { Button: { colorPrimaryHover: '#4338ca' } },
  }
}
