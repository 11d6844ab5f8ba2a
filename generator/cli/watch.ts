import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import { DEFAULT_SPEC } from '../options.js';
import { EXIT_USAGE, fail } from '../problems.js';
import { clearFrameCache } from './codeframe.js';
import type { CommandContext } from './context.js';
import { signalOnInterrupt } from './io.js';

/** Quiet time after the last change before regenerating: editors save in several writes. */
export const DEBOUNCE_MS = 120;

/**
 * `--watch`: generates once, then again whenever the document (any YAML/JSON file in its folder,
 * so split documents count) or a template changes. A broken save prints its problems and the
 * watch waits for the next save. Stops on SIGINT/SIGTERM (or `io.stopSignal`) with exit 0.
 */
export async function watchAndGenerate(context: CommandContext, runOnce: () => Promise<number>): Promise<number> {
  const { io, reporter, options } = context;
  const spec = options.spec ?? DEFAULT_SPEC;
  if (/^https?:\/\//i.test(spec)) {
    fail({ code: 'cli/watch-url', file: spec, message: '--watch needs a local document, not a URL', hint: 'download it, or drop --watch' }, EXIT_USAGE);
  }
  const targets = [{ dir: dirname(resolve(io.cwd, spec)), accept: (name: string) => /\.(ya?ml|json)$/i.test(name) }];
  if (options.templates) targets.push({ dir: resolve(io.cwd, options.templates), accept: (name) => name.endsWith('.hbs') });
  const signal = io.stopSignal ?? signalOnInterrupt();

  let running: Promise<unknown> = runOnce();
  await running;
  let timer: NodeJS.Timeout | undefined;
  const changed = new Set<string>();
  const regenerate = () => {
    timer = undefined;
    const files = [...changed].map((file) => relative(io.cwd, file) || basename(file));
    changed.clear();
    running = running.then(async () => {
      reporter.info(`podcast-gen: ${files.join(', ')} changed; generating again`);
      clearFrameCache();
      try {
        await runOnce();
      } catch (error) {
        reporter.error(`podcast-gen: ${(error as Error).stack ?? String(error)}`);
      }
    });
  };
  const onChange = (file: string) => {
    changed.add(file);
    if (timer) clearTimeout(timer);
    timer = setTimeout(regenerate, DEBOUNCE_MS);
  };
  const watchers: FSWatcher[] = targets.map(({ dir, accept }) =>
    watch(dir, (_event, name) => {
      if (name && accept(String(name))) onChange(resolve(dir, String(name)));
    }),
  );
  const shown = targets.map((t) => `${relative(io.cwd, t.dir) || '.'}/`).join(' and ');
  reporter.info(`podcast-gen: watching ${shown} for changes (Ctrl-C to stop)`);
  await new Promise<void>((done) => (signal.aborted ? done() : signal.addEventListener('abort', () => done(), { once: true })));
  for (const watcher of watchers) watcher.close();
  if (timer) clearTimeout(timer);
  await running;
  return 0;
}
