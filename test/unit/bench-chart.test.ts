import { describe, expect, it } from 'vitest';
import { chartSvg, CHART_TOOLS, escapeXml } from '../../bench/chart.js';
import type { Row } from '../../bench/report.js';

const run = (seconds: number, peakMb: number) => ({ seconds, peakMb, ok: true });
const rows: Row[] = [
  {
    document: 'synthetic-1000',
    operations: 1000,
    results: { 'podcast-gen': run(1.9, 289), 'hey-api': run(22.1, 392), orval: run(2.9, 192), 'openapi-typescript': run(1.9, 201) },
  },
  {
    document: 'podcast',
    operations: 12,
    results: { 'podcast-gen': run(0.44, 142), 'hey-api': run(1.12, 167), orval: run(1.08, 127), 'openapi-typescript': run(0.99, 145) },
  },
  {
    document: 'big <&> "one"',
    operations: 5000,
    results: {
      'podcast-gen': run(4.5, 480),
      'hey-api': { seconds: 120, ok: false, error: 'timed out' },
      orval: run(16.6, 452),
      'openapi-typescript': run(4.7, 458),
    },
  },
];

/** Well-formed XML, checked by hand: every tag closed in order, attributes quoted, `&` only in entities, no stray `<`. */
function assertWellFormed(svg: string): void {
  const open: string[] = [];
  const token = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let at = 0;
  for (let m = token.exec(svg); m; m = token.exec(svg)) {
    at = token.lastIndex;
    const [, closing, name, , selfClosing, text] = m;
    if (text !== undefined) {
      expect(text.replace(/&(amp|lt|gt|quot|#39);/g, ''), 'text with a raw & or >').not.toMatch(/[&>]/);
    } else if (closing) expect(open.pop(), `</${name}>`).toBe(name);
    else if (!selfClosing) open.push(name as string);
  }
  expect(at, `not well-formed near: ${svg.slice(at, at + 60)}`).toBe(svg.length);
  expect(open).toStrictEqual([]);
  for (const [, value] of svg.matchAll(/="([^"]*)"/g)) expect(value?.replace(/&(amp|lt|gt|quot|#39);/g, '')).not.toMatch(/[&<>]/);
}

describe('bench/chart.svg', () => {
  it('is a well-formed SVG document with three panels', () => {
    const svg = chartSvg(rows);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    assertWellFormed(svg);
    expect(svg.match(/<g class="panel">/g)).toHaveLength(3);
  });

  it('draws one series per tool in each panel, and a failed run is no point', () => {
    const svg = chartSvg(rows);
    for (const tool of CHART_TOOLS) expect(svg.match(new RegExp(`<g class="series" data-tool="${tool.name}"`, 'g')), tool.name).toHaveLength(3);
    const heyApi = svg
      .split('data-tool="hey-api"')
      .slice(1)
      .map((s) => s.slice(0, s.indexOf('</g>')));
    for (const series of heyApi) expect(series.match(/<circle/g)).toHaveLength(2);
    const podcastGen = svg.split('data-tool="podcast-gen"')[1] ?? '';
    expect(podcastGen.slice(0, podcastGen.indexOf('</g>')).match(/<circle/g)).toHaveLength(3);
  });

  it('orders documents by operations and escapes their names', () => {
    const svg = chartSvg(rows);
    const labels = [...svg.matchAll(/>([^<>]*)<\/text><text[^>]*>(\d+) ops/g)].slice(0, 3).map((m) => `${m[1]} ${m[2]}`);
    expect(labels).toStrictEqual(['podcast 12', 'synthetic-1000 1000', 'big &lt;&amp;&gt; &quot;one&quot; 5000']);
    expect(svg).not.toContain('big <&>');
    expect(escapeXml(`a<b>&"c'`)).toBe('a&lt;b&gt;&amp;&quot;c&#39;');
  });

  it('is deterministic: the same rows give the same bytes, whatever their order', () => {
    expect(chartSvg([...rows].reverse())).toBe(chartSvg(rows));
    expect(chartSvg(rows)).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
