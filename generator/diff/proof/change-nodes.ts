/**
 * The place of the old document a change is about, as the usage's reads name places: its old
 * pointer without the keyword that changed (`.../status/enum/3` is about `.../status`), and the
 * property names a compiler message about it would use.
 */
import { decodeToken } from '../../json-pointer.js';
import type { Change } from '../change.js';

/** Keywords a change's pointer may end with below the schema it is about. */
const KEYWORDS = new Set(['enum', 'type', 'nullable', 'oneOf', 'anyOf', 'allOf', 'discriminator', 'default', 'required', 'additionalProperties', 'deprecated']);

/** The schema (in the old document) a schema change is about; undefined for a change of no schema. */
export function changeNode(change: Change): string | undefined {
  const pointer = change.old?.pointer;
  if (pointer === undefined || !/^(request|response)-/.test(change.rule)) return undefined;
  const tokens = pointer.split('/');
  for (let i = tokens.length - 1; i > 0; i--) {
    if (KEYWORDS.has(tokens[i] as string) && tokens[i - 1] !== 'properties') return tokens.slice(0, i).join('/');
  }
  return pointer;
}

/** The property a place holds (`.../properties/name` -> `name`), through items and variants; undefined at a component's root. */
export function slotName(pointer: string): string | undefined {
  const tokens = pointer.split('/');
  for (let i = tokens.length - 1; i > 0; i--) {
    if (tokens[i - 1] === 'properties' && (i < 2 || tokens[i - 2] !== 'properties')) return decodeToken(tokens[i] as string);
    if (tokens[i - 1] === 'schemas' && tokens[i - 2] === 'components') return undefined;
  }
  return undefined;
}
