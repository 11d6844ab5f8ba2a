import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A throwaway git repository in the system's temporary folder: write files, commit them (on a day of the test's, if given), tag. */
export function gitRepo(): { dir: string; write(files: Record<string, string>): void; commit(message: string, tag?: string, date?: string): string } {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'podcast-gen-git-')));
  const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', ...env },
    });
  const git = (...args: string[]) => run(args);
  git('init', '-q', '-b', 'main');
  return {
    dir,
    write(files) {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
    },
    commit(message, tag, date) {
      git('add', '-A');
      run(['commit', '-q', '-m', message], date ? { GIT_AUTHOR_DATE: `${date}T12:00:00Z`, GIT_COMMITTER_DATE: `${date}T12:00:00Z` } : {});
      if (tag) git('tag', tag);
      return git('rev-parse', 'HEAD').trim();
    },
  };
}
