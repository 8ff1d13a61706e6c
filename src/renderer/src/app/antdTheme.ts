import { theme, type ThemeConfig } from 'antd'

/** Ant Design follows the same palette, radii and font as app/theme.css. */
export function antdTheme(isDarkMode: boolean): ThemeConfig {
  return {
    algorithm: isDarkMode ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: isDarkMode ? '#6366f1' : '#4f46e5',
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
    // A field's error message is red text on the form: on a dark form the brand red (#b91c1c) reads at
    // 2:1; a lighter red reads at 5.9:1 (WCAG AA). Danger buttons keep the brand red behind white text.
    components: isDarkMode ? { Form: { colorError: '#f87171' } } : undefined,
  }
}
