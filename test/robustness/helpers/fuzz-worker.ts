/**
 * The document fuzzer's worker thread: runs one entry point on one document file per message and
 * answers with how it ended. An error that escapes is answered as thrown, never rethrown: only the
 * thread's own end (out of memory, a native abort) is left for the pool to see.
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { main } from '../../../generator/cli.js';
import { generateFiles, PodcastGenError, type Problem } from '../../../generator/index.js';
import type { FuzzJob, JobAnswer, RunEnding } from './fuzz-pool.js';

const port = parentPort;
if (!port) throw new Error('fuzz-worker.ts runs as a worker thread');

port.on('message', async (job: FuzzJob) => {
  const before = getHeapStatistics().used_heap_size;
  let peak = before;
  // The stages await between them: sampling then sees most of what a run holds at once.
  const sampler = setInterval(() => {
    peak = Math.max(peak, getHeapStatistics().used_heap_size);
  }, 5);
  const answer = await runJob(job);
  clearInterval(sampler);
  peak = Math.max(peak, getHeapStatistics().used_heap_size);
  port.postMessage({ ...answer, heapMb: (peak - before) / 2 ** 20 } satisfies JobAnswer);
});
port.postMessage('ready');

async function runJob(job: FuzzJob): Promise<RunEnding> {
  try {
    if (job.entry === 'generate') {
      try {
        const result = await generateFiles({ spec: job.file, cwd: job.dir });
        return { ending: 'generated', problems: result.problems.map(plain) };
      } catch (error) {
        if (error instanceof PodcastGenError) return { ending: 'refused', problems: error.problems.map(plain), exitCode: error.exitCode };
        throw error;
      }
    }
    const argv =
      job.entry === 'lint'
        ? ['lint', '--spec', job.file, '--json']
        : job.entry === 'diff'
          ? ['diff', job.original ?? job.file, job.file, '--format', 'json', ...(job.types ? [] : ['--no-types'])]
          : ['check', '--spec', job.file, '--out', job.out, '--json'];
    let stdout = '';
    let stderr = '';
    const code = await main(argv, {
      cwd: job.dir,
      isTTY: false,
      env: {},
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
    });
    return { ending: 'cli', code, stdout, stderr, ...(job.entry === 'diff' ? { command: 'diff' as const } : {}) };
  } catch (error) {
    const thrown = error as Error;
    return { ending: 'thrown', name: thrown?.name ?? typeof error, message: String(thrown?.message ?? error), stack: thrown?.stack ?? '' };
  }
}

/** A problem as plain data (its place may be a getter, found on first read). */
function plain(problem: Problem): Problem {
  return { ...problem };
}
