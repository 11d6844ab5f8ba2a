import { watch } from 'node:fs';
import { join } from 'node:path';

/**
 * Watches folders for files created or removed (a temporary file made and deleted during an import
 * leaves no trace in a listing afterwards). `stop()` resolves to what was seen, as `folder/name`.
 */
export function watchFolders(folders: readonly string[]): { stop(): Promise<string[]> } {
  const seen: string[] = [];
  const watchers = folders.map((folder) =>
    watch(folder, (event, name) => {
      // 'change' is also a read's access time; a file made or removed is a 'rename'.
      if (event === 'rename') seen.push(join(folder, String(name)));
    }),
  );
  return {
    async stop() {
      // The kernel's events arrive on a later turn.
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (const watcher of watchers) watcher.close();
      return seen;
    },
  };
}
