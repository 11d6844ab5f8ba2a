/**
 * bench/chart.svg: time per operation, peak memory, and peak memory per operation as the document
 * grows, one line per tool,
 * drawn from the rows `npm run bench` measured (bench/report.ts). Plain SVG text, no dependency:
 * the same rows give the same bytes.
 */
import type { Sample } from './measure.js';
import type { Row } from './report.js';

/** The tools drawn, in legend order, each with its colour. */
export const CHART_TOOLS: readonly { name: string; colour: string }[] = [
  { name: 'podcast-gen', colour: '#c2410c' },
  { name: 'hey-api', colour: '#1d4ed8' },
  { name: 'orval', colour: '#15803d' },
  { name: 'openapi-typescript', colour: '#7e22ce' },
];

const WIDTH = 1500;
const HEIGHT = 420;
const PANEL = { width: 400, height: 250, top: 80, left: [70, 560, 1050] as const };

/** `&`, `<`, `>` and quotes as XML entities: document and tool names go into text and attributes. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** One panel's measure of a run: a number, or undefined when the run failed or was not measured. */
type Measure = (sample: Sample | undefined, row: Row) => number | undefined;

const msPerOperation: Measure = (s, row) => (s?.ok && row.operations > 0 ? (1000 * s.seconds) / row.operations : undefined);
const peakMb: Measure = (s) => (s?.ok && s.peakMb !== undefined ? s.peakMb : undefined);
const kbPerOperation: Measure = (s, row) => (s?.ok && s.peakMb !== undefined && row.operations > 0 ? (1024 * s.peakMb) / row.operations : undefined);

/** The chart of `rows` (documents in any order: drawn from the fewest operations to the most). */
export function chartSvg(rows: readonly Row[], tools: readonly { name: string; colour: string }[] = CHART_TOOLS): string {
  const sorted = [...rows].sort((a, b) => a.operations - b.operations || (a.document < b.document ? -1 : 1));
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    ...legend(tools),
    ...panel(sorted, tools, { left: PANEL.left[0], title: 'Time per operation (ms, log scale)', measure: msPerOperation, log: true }),
    ...panel(sorted, tools, { left: PANEL.left[1], title: 'Peak memory (MB)', measure: peakMb, log: false }),
    ...panel(sorted, tools, { left: PANEL.left[2], title: 'Peak memory per operation (KB, log scale)', measure: kbPerOperation, log: true }),
    `<text x="70" y="${HEIGHT - 12}" fill="#6b7280">A missing point is a run that failed or timed out. Each point: the median of the benchmark's runs.</text>`,
    '</svg>',
  ];
  return `${parts.join('\n')}\n`;
}

function legend(tools: readonly { name: string; colour: string }[]): string[] {
  return tools.map((tool, i) => {
    const x = 70 + i * 200;
    return `<g><line x1="${x}" y1="24" x2="${x + 24}" y2="24" stroke="${tool.colour}" stroke-width="3"/><text x="${x + 30}" y="28">${escapeXml(tool.name)}</text></g>`;
  });
}

function panel(
  rows: readonly Row[],
  tools: readonly { name: string; colour: string }[],
  options: { left: number; title: string; measure: Measure; log: boolean },
): string[] {
  const { left, measure, log } = options;
  const { width, height, top } = PANEL;
  const values = rows.flatMap((row) => tools.map((tool) => measure(row.results[tool.name], row))).filter((v): v is number => v !== undefined && v > 0);
  const axis = log ? logAxis(values) : linearAxis(values);
  const x = (i: number) => left + (rows.length === 1 ? width / 2 : (i * width) / (rows.length - 1));
  const y = (v: number) => top + height - (height * (axis.at(v) - axis.at(axis.min))) / (axis.at(axis.max) - axis.at(axis.min));
  const out = [`<g class="panel">`, `<text x="${left}" y="${top - 16}" font-weight="bold">${escapeXml(options.title)}</text>`];
  for (const tick of axis.ticks) {
    const ty = fixed(y(tick));
    out.push(
      `<line x1="${left}" y1="${ty}" x2="${left + width}" y2="${ty}" stroke="#e5e7eb"/><text x="${left - 6}" y="${fixed(y(tick) + 4)}" text-anchor="end">${tickLabel(tick)}</text>`,
    );
  }
  out.push(`<line x1="${left}" y1="${top + height}" x2="${left + width}" y2="${top + height}" stroke="#6b7280"/>`);
  rows.forEach((row, i) => {
    out.push(
      `<text x="${fixed(x(i))}" y="${top + height + 18}" text-anchor="middle" font-size="11">${escapeXml(row.document)}</text><text x="${fixed(x(i))}" y="${top + height + 32}" text-anchor="middle" font-size="11" fill="#6b7280">${row.operations} ops</text>`,
    );
  });
  for (const tool of tools) {
    const points = rows.map((row, i) => {
      const v = measure(row.results[tool.name], row);
      return v === undefined || v <= 0 ? undefined : { x: fixed(x(i)), y: fixed(y(v)), title: `${tool.name}, ${row.document}: ${tickLabel(v)}` };
    });
    // A failed run breaks the line: each run of measured points is a path of its own.
    const path = points
      .map((p, i) => (p ? `${points[i - 1] ? 'L' : 'M'}${p.x} ${p.y}` : ''))
      .filter(Boolean)
      .join(' ');
    out.push(`<g class="series" data-tool="${escapeXml(tool.name)}" stroke="${tool.colour}" fill="${tool.colour}">`);
    if (path) out.push(`<path d="${path}" fill="none" stroke-width="2"/>`);
    for (const p of points) if (p) out.push(`<circle cx="${p.x}" cy="${p.y}" r="3"><title>${escapeXml(p.title)}</title></circle>`);
    out.push('</g>');
  }
  out.push('</g>');
  return out;
}

interface Axis {
  min: number;
  max: number;
  ticks: number[];
  /** Where a value sits on the axis (its log for a log scale). */
  at(value: number): number;
}

/** Decades that hold every value: 0.1, 1, 10, 100, ... */
function logAxis(values: readonly number[]): Axis {
  const low = values.length ? Math.floor(Math.log10(Math.min(...values))) : 0;
  const high = values.length ? Math.max(low + 1, Math.ceil(Math.log10(Math.max(...values)))) : 1;
  const ticks = Array.from({ length: high - low + 1 }, (_, i) => 10 ** (low + i));
  return { min: 10 ** low, max: 10 ** high, ticks, at: (v) => Math.log10(v) };
}

/** From 0 to a round maximum, in four or five steps of 1, 2 or 5 times a power of ten. */
function linearAxis(values: readonly number[]): Axis {
  const top = values.length ? Math.max(...values) : 1;
  const raw = top / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * power >= raw) as number) * power;
  const max = Math.ceil(top / step) * step;
  const ticks = Array.from({ length: Math.round(max / step) + 1 }, (_, i) => i * step);
  return { min: 0, max, ticks, at: (v) => v };
}

function tickLabel(value: number): string {
  return value >= 10 ? String(Math.round(value)) : value >= 1 ? value.toFixed(1).replace(/\.0$/, '') : String(Number(value.toPrecision(2)));
}

function fixed(n: number): string {
  return n.toFixed(1);
}
