/**
 * Runs a command as a user runs it (a fresh process, cold) and measures its wall time and peak
 * memory: `/usr/bin/time -v` where present (peak RSS of the whole process tree's largest process),
 * else the time alone.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const TIME = '/usr/bin/time';
const hasTime = existsSync(TIME);
const TIMEOUT = '/usr/bin/timeout';
const hasTimeout = existsSync(TIMEOUT);

/** One run: seconds, peak memory (MB, when measurable) and whether it succeeded. */
export interface Sample {
  seconds: number;
  peakMb?: number;
  ok: boolean;
  error?: string;
}

/** Runs `command args` in `cwd` (each run is given an output folder of its own, see run.ts). */
export function runOnce(command: string, args: string[], options: { cwd: string; timeoutMs?: number; env?: NodeJS.ProcessEnv }): Sample {
  const limit = Math.round((options.timeoutMs ?? 600_000) / 1000);
  // `timeout` stops the generator itself (a timeout on /usr/bin/time would leave it running).
  const limited = hasTimeout ? [TIMEOUT, '-s', 'KILL', String(limit), command, ...args] : [command, ...args];
  const argv = hasTime ? ['-v', ...limited] : limited.slice(1);
  const started = performance.now();
  const result = spawnSync(hasTime ? TIME : (limited[0] as string), argv, {
    cwd: options.cwd,
    encoding: 'utf8',
    timeout: (limit + 30) * 1000,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...options.env },
    maxBuffer: 256 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000;
  const peak = /Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr ?? '');
  const sample: Sample = { seconds, ok: result.status === 0 };
  if (peak) sample.peakMb = Number(peak[1]) / 1024;
  if ((result.error && /ETIMEDOUT/.test(result.error.message)) || (hasTimeout && seconds >= limit)) sample.error = `timed out after ${limit} s`;
  else if (!sample.ok)
    sample.error = lastLines(`${result.stdout ?? ''}\n${result.stderr ?? ''}`.replace(/\tCommand being timed[\s\S]*$/, ''), result.error?.message);
  return sample;
}

/**
 * Each tool's median of `runs` runs, the runs interleaved (run 1 of every tool, then run 2, ...):
 * a machine whose speed drifts during the benchmark then slows every tool alike, and the ratios
 * between them hold. A tool that fails is not run again; a run over a minute is measured once
 * (its median of three would take the benchmark hours).
 */
export function measureSideBySide<T>(runs: number, tools: readonly T[], run: (tool: T, index: number) => Sample): Map<T, Sample> {
  const samples = new Map<T, Sample[]>(tools.map((tool) => [tool, []]));
  const done = new Map<T, Sample>();
  for (let i = 0; i < runs; i++) {
    for (const tool of tools) {
      if (done.has(tool)) continue;
      const sample = run(tool, i);
      if (!sample.ok) done.set(tool, sample);
      else (samples.get(tool) as Sample[]).push(sample);
      if (sample.ok && sample.seconds > 60) done.set(tool, medianOf(samples.get(tool) as Sample[]));
    }
  }
  return new Map(tools.map((tool) => [tool, done.get(tool) ?? medianOf(samples.get(tool) as Sample[])]));
}

function medianOf(samples: readonly Sample[]): Sample {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  };
  const peaks = samples.map((s) => s.peakMb).filter((p): p is number => p !== undefined);
  return { seconds: median(samples.map((s) => s.seconds)), ok: true, ...(peaks.length ? { peakMb: Math.max(...peaks) } : {}) };
}

function lastLines(text: string, fallback?: string): string {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^\s*at /.test(l));
  return (lines.slice(-3).join(' | ') || fallback || 'failed').slice(0, 300);
}
