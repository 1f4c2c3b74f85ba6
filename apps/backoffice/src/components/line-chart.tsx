/** A small line chart in plain SVG: named for screen readers, each point with a tooltip, and its data as a hidden table. */
import Box from "@mui/material/Box";
import { useTheme } from "@mui/material/styles";
import visuallyHidden from "@mui/utils/visuallyHidden";
import { useId } from "react";

export interface ChartPoint {
  /** Shown under the axis and in the table: "Nov 21". */
  label: string;
  value: number;
}

export interface LineChartProps {
  title: string;
  points: ChartPoint[];
  /** How a value is written on the axis, in tooltips and in the table. */
  format: (value: number) => string;
  height?: number;
  /** The header of the table's first column. */
  labelHeader?: string;
  valueHeader?: string;
  /** The axis starts at 0 (amounts); false fits it to the values (rates). */
  zeroBased?: boolean;
}

const WIDTH = 640;
const PAD = { top: 12, right: 28, bottom: 28, left: 88 };

export function LineChart({
  title,
  points,
  format,
  height = 240,
  labelHeader = "",
  valueHeader = "",
  zeroBased = true,
}: LineChartProps) {
  const theme = useTheme();
  const titleId = useId();
  const values = points.map((p) => p.value);
  const low = Math.min(...values, ...(zeroBased ? [0] : []));
  const high = Math.max(...values, ...(zeroBased ? [0] : []));
  // A fitted axis leaves a tenth of the range (or 1 % of the value) above and below the line.
  const margin = zeroBased ? 0 : (high - low) / 10 || Math.abs(high) / 100 || 1;
  const min = low - margin;
  const max = high + margin;
  const span = max - min || 1;
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = height - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length > 1 ? (i * innerW) / (points.length - 1) : innerW / 2);
  const y = (v: number) => PAD.top + innerH - ((v - min) * innerH) / span;
  const line = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(" ");
  const area = points.length
    ? `${line} L${x(points.length - 1).toFixed(1)},${y(min)} L${x(0).toFixed(1)},${y(min)} Z`
    : "";
  const ticks = [min, min + span / 2, max];
  const labelEvery = Math.max(1, Math.ceil(points.length / 6));
  const color = theme.palette.primary.main;

  return (
    <Box component="figure" sx={{ m: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        role="img"
        aria-labelledby={titleId}
        style={{ display: "block" }}
      >
        <title id={titleId}>{title}</title>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke={theme.palette.divider}
            />
            <text
              x={PAD.left - 6}
              y={y(tick) + 4}
              textAnchor="end"
              fontSize="11"
              fill={theme.palette.text.secondary}
            >
              {format(tick)}
            </text>
          </g>
        ))}
        {points.map((p, i) =>
          i % labelEvery === 0 || i === points.length - 1 ? (
            <text
              key={p.label}
              x={x(i)}
              y={height - 8}
              textAnchor="middle"
              fontSize="11"
              fill={theme.palette.text.secondary}
            >
              {p.label}
            </text>
          ) : null,
        )}
        <path d={area} fill={color} opacity={0.12} />
        <path d={line} fill="none" stroke={color} strokeWidth={2} />
        {points.map((p, i) => (
          <circle key={i} cx={x(i)} cy={y(p.value)} r={3} fill={color}>
            <title>{`${p.label}: ${format(p.value)}`}</title>
          </circle>
        ))}
      </svg>
      <Box component="table" sx={visuallyHidden}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p, i) => (
            <tr key={i}>
              <th scope="row">{p.label}</th>
              <td>{format(p.value)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
