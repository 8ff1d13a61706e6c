import { Area, Pie } from '@ant-design/charts'
import { Empty } from 'antd'
import { useDarkMode } from '../../../app/darkMode/DarkModeContext'
import { formatCurrency } from '@shared/domain/format'
import type { SalesDay, StayDuration } from '../service'
import { durationColorScale, SALES_COLORS, SALES_SERIES, salesPoints } from './chartData'

// This module is loaded lazily: the chart library is large and the figures above it must not wait.

// The charts draw on a canvas, which does not inherit the page's font or colours.
const FONT = "'Poppins', sans-serif"

function chartText(isDarkMode: boolean) {
  return { fill: isDarkMode ? '#d1d5db' : '#4b5563', fontFamily: FONT, fontSize: 12 }
}

const chartTheme = (isDarkMode: boolean) => ({
  type: isDarkMode ? 'classicDark' : 'classic',
  view: { viewFill: 'transparent' },
})

export function DurationChart({ durations }: { durations: StayDuration[] }) {
  const { isDarkMode } = useDarkMode()
  if (durations.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No stays in this period" />
  const text = chartText(isDarkMode)
  return (
    <Pie
      data={durations}
      angleField="value"
      colorField="duration"
      height={240}
      autoFit
      innerRadius={0.62}
      radius={0.9}
      scale={{ color: durationColorScale(durations, isDarkMode) }}
      style={{ stroke: isDarkMode ? '#18212f' : '#ffffff', lineWidth: 2 }}
      label={false}
      legend={{
        color: {
          position: 'right',
          layout: { justifyContent: 'center' },
          itemMarker: 'circle',
          rowPadding: 10,
          itemLabelFill: text.fill,
          itemLabelFontFamily: FONT,
          itemLabelFontSize: 13,
        },
      }}
      tooltip={{ title: 'duration', items: [{ channel: 'y', name: 'Stays' }] }}
      theme={chartTheme(isDarkMode)}
      animate={false}
    />
  )
}

export function SalesChart({ days }: { days: SalesDay[] }) {
  const { isDarkMode } = useDarkMode()
  const colors = SALES_COLORS[isDarkMode ? 'dark' : 'light']
  const text = chartText(isDarkMode)
  const labelStep = Math.ceil(days.length / 10)
  const axisLabel = { labelFill: text.fill, labelFontFamily: FONT, labelFontSize: 12, labelFillOpacity: 1 }
  return (
    <Area
      data={salesPoints(days)}
      xField="label"
      yField="amount"
      colorField="series"
      height={300}
      autoFit
      shapeField="smooth"
      insetRight={24}
      scale={{ color: { domain: [...SALES_SERIES], range: SALES_SERIES.map((series) => colors[series]) } }}
      style={{ fillOpacity: 0.2 }}
      line={{ style: { lineWidth: 2 } }}
      axis={{
        x: {
          ...axisLabel,
          tick: false,
          line: false,
          labelAutoRotate: false,
          // About ten dates along the axis whatever the period, always including the first.
          tickFilter: (_: unknown, index: number) => index % labelStep === 0,
        },
        y: {
          ...axisLabel,
          tick: false,
          line: false,
          grid: true,
          gridLineDash: [0, 0],
          gridStroke: isDarkMode ? '#374151' : '#e5e7eb',
          gridStrokeOpacity: 1,
          labelFormatter: (value: number) => formatCurrency(value).replace(/\.00$/, ''),
        },
      }}
      legend={{
        color: {
          position: 'top',
          layout: { justifyContent: 'flex-end' },
          itemMarker: 'circle',
          itemLabelFill: text.fill,
          itemLabelFontFamily: FONT,
          itemLabelFontSize: 13,
        },
      }}
      tooltip={{ items: [{ channel: 'y', valueFormatter: (value: number) => formatCurrency(value) }] }}
      theme={chartTheme(isDarkMode)}
    />
  )
}
