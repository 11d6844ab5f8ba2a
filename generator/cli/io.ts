/**
 * Where the CLI reads and writes: the process by default, a capture in tests. Every command
 * prints through this, so `main()` can be called in-process and its output asserted.
 */
export interface CliIo {
  /** Machine-readable and primary output (summaries, `--json`, help). */
  stdout(text: string): void;
  /** Progress, problems and errors. */
  stderr(text: string): void;
  /** True when stderr is a terminal: progress lines and code frames are for people. */
  isTTY: boolean;
  /** Folder that relative paths and config discovery start from. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Resolves when the user asks a long-running command (`--watch`) to stop. */
  stopSignal?: AbortSignal;
}

/** The real process: stdout, stderr, cwd, environment; stops on SIGINT/SIGTERM. */
export function processIo(): CliIo {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    isTTY: Boolean(process.stderr.isTTY),
    cwd: process.cwd(),
    env: process.env,
  };
}

/** An AbortSignal that fires on the first SIGINT or SIGTERM (and removes its listeners then). */
export function signalOnInterrupt(): AbortSignal {
  const controller = new AbortController();
  const stop = () => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    controller.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return controller.signal;
}
