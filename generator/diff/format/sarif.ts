/**
 * The report as SARIF 2.1.0, for code scanning: one result per change at its place in the new
 * document (the old one's when the change removed something and it is a file), fingerprinted by its
 * stable id, the rules it used in the driver, the surfaces and operation as properties.
 */
import type { Change, ChangeLevel } from '../change.js';
import { levelCounts, operationLabel, type ReportView } from '../outcome.js';

export const SARIF_VERSION = '2.1.0';
export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

const LEVEL: Record<ChangeLevel, 'error' | 'warning' | 'note'> = { breaking: 'error', warning: 'warning', info: 'note' };

/** The fingerprint's key: a name and a version, as SARIF 2.1.0 asks (3.27.16, `partialFingerprints`). */
export const FINGERPRINT = 'podcastGenChangeId/v1';

/** Options of {@link formatSarif}: the tool's version, named in the driver. */
export interface SarifOptions {
  toolVersion: string;
}

export function formatSarif(view: ReportView, options: SarifOptions): string {
  const { report } = view;
  const rules = [...new Set(report.changes.map((change) => change.rule))].sort();
  const sarif = {
    $schema: SARIF_SCHEMA,
    version: SARIF_VERSION,
    runs: [
      {
        tool: {
          driver: {
            name: 'podcast-gen diff',
            version: options.toolVersion,
            informationUri: 'https://www.npmjs.com/package/podcast-gen',
            rules: rules.map((id) => ({ id, name: id, shortDescription: { text: `podcast-gen diff rule ${id}` } })),
          },
        },
        results: report.changes.map((change) => result(change, rules.indexOf(change.rule), report.new.file)),
        properties: {
          semver: report.semver,
          old: report.old,
          new: report.new,
          // Each level's changes, and the same counted once per operation they reach.
          counts: levelCounts(report.changes).map(({ level, changes, byOperation }) => ({ level, changes, byOperation })),
          unjudged: report.unjudged,
          notes: report.notes,
        },
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}

function result(change: Change, ruleIndex: number, newFile: string) {
  const place = [change.new, change.old].find((p) => p && !p.file.startsWith('git:') && !/^https?:/i.test(p.file));
  const file = place?.file ?? newFile;
  const region = place?.line !== undefined ? { region: { startLine: place.line, ...(place.col !== undefined ? { startColumn: place.col } : {}) } } : {};
  return {
    ruleId: change.rule,
    ruleIndex,
    level: LEVEL[change.level],
    message: { text: `${operationLabel(change)}: ${change.message}` },
    locations: [{ physicalLocation: { artifactLocation: { uri: uri(file) }, ...region } }],
    // The change's stable id: code scanning knows the result again by it, on every run and after edits elsewhere.
    fingerprints: { [FINGERPRINT]: change.id },
    partialFingerprints: { [FINGERPRINT]: change.id },
    properties: {
      id: change.id,
      level: change.level,
      surfaces: [...change.surfaces],
      ...(change.operations ? { operations: change.operations } : {}),
      ...(change.unproven?.length ? { unproven: change.unproven } : {}),
      ...(change.proof ? { proof: change.proof } : {}),
    },
  };
}

/** A relative path as a URI reference: forward slashes, each segment percent-encoded. */
function uri(file: string): string {
  return file.replace(/\\/g, '/').split('/').map(encodeURIComponent).join('/');
}
