/** The file every build writes last into dist/: its time is the build's. */
export const BUILD_STAMP: string;
/** True when `root`'s dist/ is missing, or older than any of its sources. */
export function isStale(root: string): boolean;
/** True when `root` is a clone of the repository (it has the sources), not the installed package. */
export function isRepository(root: string): boolean;
