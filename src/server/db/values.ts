/**
 * How both adapters hand column values to JavaScript, so code never depends on which one runs:
 * dates stay 'YYYY-MM-DD' strings (stay dates are calendar days, not instants), numeric and int8
 * become numbers (money and ids in this app are far below 2^53). timestamptz stays a Date, json a
 * parsed value — the defaults of both drivers.
 */
export const rowParsers = {
  date: (value: string): string => value,
  numeric: (value: string): number => Number(value),
  int8: (value: string): number => Number(value),
}

export const TYPE_OIDS = { int8: 20, date: 1082, numeric: 1700 } as const
