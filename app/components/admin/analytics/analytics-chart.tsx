import { Bar, BarChart, CartesianGrid, Legend, Line, ComposedChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/**
 * The one module that imports recharts. Admin → Analytics loads it with React.lazy after
 * hydration, so no other page (and no server render) carries the chart library.
 */

export type ChartSeries = { key: string; label: string; color: string; as?: "bar" | "line" };

export type AnalyticsChartProps = {
  data: ReadonlyArray<Record<string, string | number>>;
  xKey: string;
  series: ReadonlyArray<ChartSeries>;
  format: (value: number) => string;
};

export default function AnalyticsChart({ data, xKey, series, format }: AnalyticsChartProps) {
  const withLine = series.some((item) => item.as === "line");
  const Chart = withLine ? ComposedChart : BarChart;
  return (
    <ResponsiveContainer width="100%" height={260}>
      <Chart data={[...data]} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
        <XAxis dataKey={xKey} tick={{ fontSize: 12 }} minTickGap={16} />
        <YAxis tickFormatter={(value: number) => format(value)} tick={{ fontSize: 12 }} width={72} />
        <Tooltip formatter={(value) => format(Number(value))} />
        <Legend />
        {series.map((item) =>
          item.as === "line" ? (
            <Line
              key={item.key}
              dataKey={item.key}
              name={item.label}
              stroke={item.color}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          ) : (
            <Bar key={item.key} dataKey={item.key} name={item.label} fill={item.color} isAnimationActive={false} />
          ),
        )}
      </Chart>
    </ResponsiveContainer>
  );
}
