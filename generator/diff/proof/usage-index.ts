/**
 * What a usage file looked at: the calls that compiled, the names it imports, the places its reads
 * and switches read, and the places its assignments compare exactly (precise-reach.ts). A change
 * counts as looked at only where one of these reaches its place (change-looks.ts).
 */
import type { ApiModel, OperationModel } from '../../model/types.js';
import { PreciseReach } from './precise-reach.js';
import type { SchemaPlaces } from './schema-places.js';
import type { UsageFile, UsageKind } from './usage-subject.js';

export class UsageIndex {
  readonly exports = new Set<string>();
  /** Security schemes whose credential a line that compiled writes by name in the `auth` option. */
  readonly schemes = new Set<string>();
  /** Places read by lines that compiled, by how: `read` (a field read) or `switch` (an exhaustive switch). */
  readonly reads = new Map<string, Set<UsageKind>>();
  /** Property names a place is read under (a component reached through `status` is read as `status`). */
  readonly readNames = new Map<string, Set<string>>();
  private readonly reach: PreciseReach;
  private payloadPlaces?: Set<string>;
  private requestPlaces?: Set<string>;
  private writtenPlaces?: Set<string>;

  /** Operations whose payload line compiled, and whose calls did: a line with an error may hide another (the compiler names one). */
  private readonly payloadClean = new Set<string>();
  private readonly callsClean = new Set<string>();

  constructor(
    usage: UsageFile,
    private readonly model: ApiModel,
    private readonly places: SchemaPlaces,
    failed: ReadonlySet<number>,
  ) {
    this.reach = new PreciseReach(places);
    const callsFailed = new Set<string>();
    for (const [line, subject] of usage.subjects) {
      const clean = !failed.has(line);
      if (subject.operationId !== undefined && subject.kind === 'payload' && clean) this.payloadClean.add(subject.operationId);
      if (subject.operationId !== undefined && (subject.kind === 'call-all' || subject.kind === 'call-required')) {
        if (clean && !callsFailed.has(subject.operationId)) this.callsClean.add(subject.operationId);
        else {
          callsFailed.add(subject.operationId);
          this.callsClean.delete(subject.operationId);
        }
      }
      if (clean && subject.kind === 'import' && subject.exportName !== undefined) this.exports.add(subject.exportName);
      if (clean && subject.kind === 'client' && subject.scheme !== undefined) this.schemes.add(subject.scheme);
      if ((subject.kind === 'read' || subject.kind === 'switch') && subject.places) {
        const name = [...(subject.path ?? [])].reverse().find((step) => !step.startsWith('<') && step !== '[]');
        for (const place of subject.places) {
          if (clean) this.reads.set(place, (this.reads.get(place) ?? new Set()).add(subject.kind));
          if (name !== undefined) this.readNames.set(place, (this.readNames.get(place) ?? new Set()).add(name));
        }
      }
    }
  }

  /** True when the operation's calls compiled: what they depend on was looked at without an error. */
  callsCompiled(operationId: string): boolean {
    return this.callsClean.has(operationId);
  }

  private clean(among: ReadonlySet<string>): OperationModel[] {
    return this.model.operations.filter((op) => among.has(op.operationId));
  }

  /** Places the payload assignments that compiled compare exactly. */
  payload(): Set<string> {
    this.payloadPlaces ??= this.union(
      this.clean(this.payloadClean).flatMap((op) => (op.data.kind === 'json' && op.data.pointer ? [{ schema: op.data.schema, pointer: op.data.pointer }] : [])),
    );
    return this.payloadPlaces;
  }

  /** Places the calls that compiled compare exactly (old parameter values passed to the new method). */
  request(): Set<string> {
    this.requestPlaces ??= this.union(this.clean(this.callsClean).flatMap((op) => op.input.map((field) => ({ schema: field.schema, pointer: field.pointer }))));
    return this.requestPlaces;
  }

  /** Places the calls that compiled write by name (each input field): a field the new method lacks is an excess property there. */
  written(): Set<string> {
    this.writtenPlaces ??= new Set(
      this.clean(this.callsClean).flatMap((op) => op.input.flatMap((field) => this.places.resolve({ schema: field.schema, pointer: field.pointer }).places)),
    );
    return this.writtenPlaces;
  }

  private union(roots: { schema: import('../../model/types.js').SchemaObject; pointer: string }[]): Set<string> {
    const all = new Set<string>();
    for (const root of roots) for (const place of this.reach.from(root)) all.add(place);
    return all;
  }
}
