import { escapeToken, getByPointer, pointerJoin } from '../json-pointer.js';
import { OPERATION_METHODS } from '../load/operation-methods.js';
import { MAX_NAME_LENGTH, operationIdFrom } from './naming.js';
import { fail } from '../problems.js';

type Locate = (pointer: string) => { line: number; col: number } | undefined;

/**
 * Refuses, before anything is made of it, an operationId or a component schema name longer than
 * {@link MAX_NAME_LENGTH}: a name that runs away, repeated in every identifier and file made from it
 * (file names are shortened to fit: `fileNameFrom`). An operation without an operationId is named
 * from its method and path, so its path is held to the same limit.
 */
export function checkNameLengths(document: unknown, shown: string, locate: Locate): void {
  const tooLong = (pointer: string, what: string, length: number, hint: string): never =>
    fail({
      code: 'model/name-too-long',
      file: shown,
      ...locate(pointer),
      pointer,
      message: `${what} is ${length.toLocaleString('en-US')} characters long, over podcast-gen's limit of ${MAX_NAME_LENGTH.toLocaleString('en-US')} (it names files and identifiers)`,
      hint,
    });
  const paths = (document as { paths?: unknown } | undefined)?.paths;
  for (const [path, written] of paths && typeof paths === 'object' ? Object.entries(paths) : []) {
    const ref = (written as { $ref?: unknown } | undefined)?.$ref;
    const item = typeof ref === 'string' ? getByPointer(document, ref) : written;
    if (!item || typeof item !== 'object') continue;
    for (const method of OPERATION_METHODS) {
      const operation = (item as Record<string, unknown>)[method];
      if (!operation || typeof operation !== 'object') continue;
      const place = pointerJoin('#/paths', path, method);
      const operationId = (operation as { operationId?: unknown }).operationId;
      const name = `${method.toUpperCase()} ${short(path)}`;
      if (typeof operationId === 'string') {
        if (operationId.length > MAX_NAME_LENGTH)
          tooLong(`${place}/operationId`, `the operationId of ${name}`, operationId.length, 'give the operation a shorter operationId');
      } else {
        const made = operationIdFrom(method, path);
        if (made.length > MAX_NAME_LENGTH) tooLong(place, `the name made for ${name} from its path`, made.length, 'give the operation an operationId');
      }
    }
  }
  const schemas = (document as { components?: { schemas?: unknown } } | undefined)?.components?.schemas;
  for (const name of schemas && typeof schemas === 'object' ? Object.keys(schemas) : []) {
    if (name.length > MAX_NAME_LENGTH)
      tooLong(
        `#/components/schemas/${escapeToken(name)}`,
        `the schema name ${short(name)}`,
        name.length,
        'give the schema a shorter name (and change the $refs to it)',
      );
  }
}

/**
 * Refuses two operations whose operationIds are the same as podcast-gen keeps them (trimmed), naming
 * both: the id keys the types' `operations`, the client's operation types and the fixtures, so the
 * output would not compile. Lint reports it too (`podcast-gen/operation-id-unique`); this check holds
 * whatever lint config a run uses.
 */
export function checkOperationIds(document: unknown, shown: string, locate: Locate): void {
  const first = new Map<string, string>();
  const paths = (document as { paths?: unknown } | undefined)?.paths;
  for (const [path, written] of paths && typeof paths === 'object' ? Object.entries(paths) : []) {
    const ref = (written as { $ref?: unknown } | undefined)?.$ref;
    const item = typeof ref === 'string' ? getByPointer(document, ref) : written;
    if (!item || typeof item !== 'object') continue;
    for (const method of OPERATION_METHODS) {
      const operationId = ((item as Record<string, unknown>)[method] as { operationId?: unknown } | undefined)?.operationId;
      const id = typeof operationId === 'string' ? operationId.trim() : '';
      if (!id) continue;
      const name = `${method.toUpperCase()} ${short(path)}`;
      const other = first.get(id);
      if (other === undefined) {
        first.set(id, name);
        continue;
      }
      const pointer = `${pointerJoin('#/paths', path, method)}/operationId`;
      fail({
        code: 'model/duplicate-operation-id',
        file: shown,
        ...locate(pointer),
        pointer,
        message: `${other} and ${name} have the same operationId \`${id}\``,
        hint: "give each operation its own operationId (it names the operation's method, types and files)",
      });
    }
  }
}

function short(text: string): string {
  return text.length <= 60 ? text : `${text.slice(0, 40)}…`;
}
