import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A throwaway git repository in the system's temporary folder: write files, commit them, tag. */
export function gitRepo(): { dir: string; write(files: Record<string, string>): void; commit(message: string, tag?: string): string } {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'podcast-gen-git-')));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
    });
  git('init', '-q', '-b', 'main');
  return {
    dir,
    write(files) {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
    },
    commit(message, tag) {
      git('add', '-A');
      git('commit', '-q', '-m', message);
      if (tag) git('tag', tag);
      return git('rev-parse', 'HEAD').trim();
    },
  };
}
