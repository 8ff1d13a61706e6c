import { Area, Pie } from '@ant-design/charts'
import { Empty } from 'antd'
import dayjs from 'dayjs'
import { useDarkMode } from '../../../app/darkMode/DarkModeContext'
import { formatCurrency } from '@shared/domain/format'
import type { SalesDay, StayDuration } from '../service'
import { VisuallyHidden } from '../../../ui/VisuallyHidden'
import { ChartFigure } from './ChartFigure'
import { ChartTable } from './ChartTable'
import { durationColorScale, durationShares, SALES_COLORS, SALES_SERIES, salesPoints } from './chartData'

// This module is loaded lazily: the chart library is large and the figures above it must not wait.

/** Sales are grouped by created_at (spec §2): a reader would otherwise take them for stays. */
const SALES_NOTE = 'Sales are counted on the day a booking was made.'

/**
 * The charts draw on a canvas, which inherits neither the page's font nor its colours: the font is
 * the page's own, and the text takes the product's grey-600 of the mode (theme.css).
 */
function chartText(isDarkMode: boolean) {
  return {
    fill: isDarkMode ? '#d1d5db' : '#4b5563',
    fontFamily: getComputedStyle(document.body).fontFamily,
  }
}

/** The library's theme for the mode, on the panel's background instead of its own. */
const chartTheme = (isDarkMode: boolean) => ({
  type: isDarkMode ? 'classicDark' : 'classic',
  view: { viewFill: 'transparent' },
})

/** The tooltip is HTML: it takes the page's font and the panel's colours of the mode. */
const tooltipInteraction = {
  tooltip: {
    css: {
      '.g2-tooltip': {
        'font-family': 'inherit',
        'font-size': '13px',
        background: 'var(--color-grey-0)',
        opacity: '1',
        color: 'var(--color-grey-700)',
        border: '1px solid var(--color-grey-200)',
        'box-shadow': 'var(--shadow-md)',
      },
      '.g2-tooltip-title': { color: 'var(--color-grey-600)', 'font-weight': '500' },
      '.g2-tooltip-list-item-value': { color: 'var(--color-grey-800)' },
    },
  },
}

export function DurationChart({ durations }: { durations: StayDuration[] }) {
  const { isDarkMode } = useDarkMode()
  if (durations.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No stays in this period" />
  const colors = durationColorScale(durations, isDarkMode)
  return (
    <ChartFigure
      beside
      chart={
        <Pie
          data={durations}
          angleField="value"
          colorField="duration"
          height={200}
          autoFit
          innerRadius={0.6}
          radius={0.95}
          scale={{ color: colors }}
          style={{ stroke: isDarkMode ? '#18212f' : '#ffffff', lineWidth: 2 }}
          label={false}
          legend={false}
          tooltip={{ title: 'duration', items: [{ channel: 'y', name: 'Stays' }] }}
          interaction={tooltipInteraction}
          theme={chartTheme(isDarkMode)}
          animate={false}
        />
      }
    >
      {/* The key says what each colour is and how much, without hovering: the donut's labels. */}
      <ChartTable
        caption="Stays by duration"
        columns={['Stay duration', 'Stays', 'Share']}
        rows={durationShares(durations).map(({ duration, value, percent }) => [duration, value, percent])}
        swatches={colors.range}
      />
    </ChartFigure>
  )
}

export function SalesChart({ days }: { days: SalesDay[] }) {
  const { isDarkMode } = useDarkMode()
  const colors = SALES_COLORS[isDarkMode ? 'dark' : 'light']
  const text = chartText(isDarkMode)
  const labelStep = Math.ceil(days.length / 10)
  const axisLabel = {
    labelFill: text.fill,
    labelFontFamily: text.fontFamily,
    labelFontSize: 12,
    // The library's theme fades axis labels to 45 %, below AA contrast.
    labelOpacity: 1,
  }
  return (
    <ChartFigure
      note={SALES_NOTE}
      chart={
        <Area
          data={salesPoints(days)}
          xField="label"
          yField="amount"
          colorField="series"
          height={300}
          autoFit
          insetRight={24}
          scale={{
            color: { domain: [...SALES_SERIES], range: SALES_SERIES.map((series) => colors[series]) },
          }}
          style={{ fillOpacity: 0.15 }}
          // Straight lines from day to day and a dot on each: what was sold, no curve invented between.
          line={{ style: { lineWidth: 2 } }}
          point={{ sizeField: days.length > 30 ? 1.5 : 3, style: { fillOpacity: 1 } }}
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
              itemLabelFontFamily: text.fontFamily,
              itemLabelFontSize: 13,
              itemLabelFillOpacity: 1,
            },
          }}
          tooltip={{ items: [{ channel: 'y', valueFormatter: (value: number) => formatCurrency(value) }] }}
          interaction={tooltipInteraction}
          theme={chartTheme(isDarkMode)}
        />
      }
    >
      <VisuallyHidden>
        <ChartTable
          caption="Sales by day"
          columns={['Day', ...SALES_SERIES]}
          rows={days.map(({ date, totalSales, extrasSales }) => [
            dayjs(date).format('ddd, MMM DD'),
            formatCurrency(totalSales),
            formatCurrency(extrasSales),
          ])}
        />
      </VisuallyHidden>
    </ChartFigure>
  )
}
