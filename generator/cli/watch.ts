import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import { isTemplateFile } from '../emit/templates.js';
import { DEFAULT_SPEC, type GenerateOptions } from '../options.js';
import { EXIT_USAGE, fail } from '../problems.js';
import { clearFrameCache } from './codeframe.js';
import type { CommandContext } from './context.js';
import { signalOnInterrupt } from './io.js';

/** Quiet time after the last change before regenerating: editors save in several writes. */
export const DEBOUNCE_MS = 120;

/** A folder to watch, which of its files count, and the entries a change there regenerates. */
interface WatchTarget {
  dir: string;
  accept(name: string): boolean;
  /** A templates folder is watched with its subfolders: a copied file may sit in one (`mcp/tool-server.ts`). */
  recursive: boolean;
  entries: GenerateOptions[];
}

/**
 * `--watch`: generates every entry once, then an entry again whenever its document (any YAML/JSON
 * file in its folder, so split documents count) or one of its templates changes; a change that
 * several entries share regenerates each of them. A broken save prints its problems and the watch
 * waits for the next save. Stops on SIGINT/SIGTERM (or `io.stopSignal`) with exit 0.
 */
export async function watchAndGenerate(context: CommandContext, runEntries: (entries: GenerateOptions[]) => Promise<number>): Promise<number> {
  const { io, reporter } = context;
  const targets = watchTargets(context.entries, io.cwd);
  const signal = io.stopSignal ?? signalOnInterrupt();

  let running: Promise<unknown> = runEntries(context.entries);
  await running;
  let timer: NodeJS.Timeout | undefined;
  const changed = new Map<string, WatchTarget>();
  const regenerate = () => {
    timer = undefined;
    const files = [...changed.keys()].map((file) => relative(io.cwd, file) || basename(file));
    const entries = context.entries.filter((entry) => [...changed.values()].some((target) => target.entries.includes(entry)));
    changed.clear();
    running = running.then(async () => {
      reporter.info(`podcast-gen: ${files.join(', ')} changed; generating again`);
      clearFrameCache();
      try {
        await runEntries(entries);
      } catch (error) {
        reporter.error(`podcast-gen: ${(error as Error).stack ?? String(error)}`);
      }
    });
  };
  const onChange = (file: string, target: WatchTarget) => {
    changed.set(file, target);
    if (timer) clearTimeout(timer);
    timer = setTimeout(regenerate, DEBOUNCE_MS);
  };
  const watchers: FSWatcher[] = targets.map((target) =>
    watch(target.dir, { recursive: target.recursive }, (_event, name) => {
      if (name && target.accept(String(name).replaceAll('\\', '/'))) onChange(resolve(target.dir, String(name)), target);
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

/** The folders the entries' documents and templates are in, each once, with the entries it serves. */
function watchTargets(entries: readonly GenerateOptions[], cwd: string): WatchTarget[] {
  const targets = new Map<string, WatchTarget>();
  const add = (dir: string, kind: 'document' | 'templates', entry: GenerateOptions) => {
    const key = `${kind}:${dir}`;
    const target = targets.get(key) ?? {
      dir,
      accept: kind === 'document' ? (name: string) => /\.(ya?ml|json)$/i.test(name) : isTemplateFile,
      recursive: kind === 'templates',
      entries: [],
    };
    target.entries.push(entry);
    targets.set(key, target);
  };
  for (const entry of entries) {
    const spec = entry.spec ?? DEFAULT_SPEC;
    if (/^https?:\/\//i.test(spec)) {
      fail({ code: 'cli/watch-url', file: spec, message: '--watch needs a local document, not a URL', hint: 'download it, or drop --watch' }, EXIT_USAGE);
    }
    add(dirname(resolve(cwd, spec)), 'document', entry);
    if (entry.templates) add(resolve(cwd, entry.templates), 'templates', entry);
  }
  return [...targets.values()];
}
