import type { DiffCase, Verdict } from '../helpers.js';
import { input, thing } from '../helpers.js';
import { times } from './paths-operations.js';

/** A request-body constraint moved: tightening breaks old callers, loosening nothing. */
function requestCase(name: string, set: (p: Record<string, Record<string, unknown>>) => void, want: Verdict): DiffCase {
  return { name: `request: ${name}`, change: (d) => set(input(d) as never), want: [want] };
}

/** A response constraint moved (Thing, reached by three operations): loosening breaks old validators. */
function responseCase(name: string, set: (p: Record<string, Record<string, unknown>>) => void, want: Verdict): DiffCase {
  return { name: `response: ${name}`, change: (d) => set(thing(d) as never), want: times(3, want) };
}

const TIGHT_REQUEST: Verdict = ['', 'breaking', 'wire validators mcp'];
const tight = (rule: string): Verdict => [rule, TIGHT_REQUEST[1], TIGHT_REQUEST[2]];
const info = (rule: string): Verdict => [rule, 'info', ''];
const loose = (rule: string): Verdict => [rule, 'breaking', 'validators'];

export const enumsAndConstraints: DiffCase[] = [
  requestCase('enum value removed', (p) => void (p.kind as { enum: string[] }).enum.pop(), [
    'request-enum-value-removed',
    'breaking',
    'wire types validators mcp',
  ]),
  requestCase('enum value added', (p) => void (p.kind as { enum: string[] }).enum.push('huge'), info('request-enum-value-added')),
  requestCase('enum dropped', (p) => void delete p.kind?.enum, info('request-enum-removed')),
  requestCase('enum added', (p) => void Object.assign(p.email as object, { enum: ['a@b.c'] }), ['request-enum-added', 'breaking', 'wire types validators mcp']),
  requestCase('maxLength lowered', (p) => void Object.assign(p.name as object, { maxLength: 50 }), tight('request-max-length-tightened')),
  requestCase('maxLength raised', (p) => void Object.assign(p.name as object, { maxLength: 200 }), info('request-max-length-loosened')),
  requestCase('maxLength dropped', (p) => void delete p.name?.maxLength, info('request-max-length-loosened')),
  requestCase('maxLength added', (p) => void Object.assign(p.email as object, { maxLength: 80 }), tight('request-max-length-tightened')),
  requestCase('minLength raised', (p) => void Object.assign(p.name as object, { minLength: 3 }), tight('request-min-length-tightened')),
  requestCase('minLength lowered', (p) => void Object.assign(p.name as object, { minLength: 0 }), info('request-min-length-loosened')),
  requestCase('minimum raised', (p) => void Object.assign(p.count as object, { minimum: 2 }), tight('request-minimum-tightened')),
  requestCase('minimum lowered', (p) => void Object.assign(p.count as object, { minimum: 0 }), info('request-minimum-loosened')),
  requestCase('maximum lowered', (p) => void Object.assign(p.count as object, { maximum: 5 }), tight('request-maximum-tightened')),
  requestCase('maximum dropped', (p) => void delete p.count?.maximum, info('request-maximum-loosened')),
  requestCase('exclusiveMaximum set', (p) => void Object.assign(p.count as object, { exclusiveMaximum: true }), tight('request-exclusive-maximum-tightened')),
  requestCase('exclusiveMinimum set', (p) => void Object.assign(p.count as object, { exclusiveMinimum: true }), tight('request-exclusive-minimum-tightened')),
  requestCase('multipleOf added', (p) => void Object.assign(p.count as object, { multipleOf: 2 }), tight('request-multiple-of-tightened')),
  requestCase('maxItems lowered', (p) => void Object.assign(p.labels as object, { maxItems: 3 }), tight('request-max-items-tightened')),
  requestCase('maxItems raised', (p) => void Object.assign(p.labels as object, { maxItems: 9 }), info('request-max-items-loosened')),
  requestCase('minItems added', (p) => void Object.assign(p.labels as object, { minItems: 1 }), tight('request-min-items-tightened')),
  requestCase('uniqueItems set', (p) => void Object.assign(p.labels as object, { uniqueItems: true }), tight('request-unique-items-tightened')),
  requestCase('maxProperties added', (p) => void Object.assign(p.meta as object, { maxProperties: 4 }), tight('request-max-properties-tightened')),
  requestCase('minProperties added', (p) => void Object.assign(p.meta as object, { minProperties: 1 }), tight('request-min-properties-tightened')),
  requestCase('pattern changed', (p) => void Object.assign(p.name as object, { pattern: '^[a-z]+$' }), tight('request-pattern-tightened')),
  requestCase('pattern dropped', (p) => void delete p.name?.pattern, info('request-pattern-loosened')),
  requestCase('format changed', (p) => void Object.assign(p.email as object, { format: 'uri' }), tight('request-format-tightened')),
  requestCase('format dropped', (p) => void delete p.email?.format, info('request-format-loosened')),
  // Formats the generated validators do not check: a server may, the old validators cannot tell.
  requestCase('format int64 added to an integer', (p) => void Object.assign(p.count as object, { format: 'int64' }), [
    'request-format-tightened',
    'breaking',
    'wire mcp',
  ]),
  requestCase('format int32 added to an integer', (p) => void Object.assign(p.count as object, { format: 'int32' }), tight('request-format-tightened')),
  requestCase('a checked format replaced by one no validator checks', (p) => void Object.assign(p.email as object, { format: 'idn-email' }), [
    'request-format-tightened',
    'breaking',
    'wire mcp',
  ]),
  requestCase('a format no validator checks, added', (p) => void Object.assign(p.name as object, { format: 'hostname' }), [
    'request-format-tightened',
    'breaking',
    'wire mcp',
  ]),
  responseCase('enum value added', (p) => void (p.status as { enum: string[] }).enum.push('lost'), [
    'response-enum-value-added',
    'breaking',
    'types validators',
  ]),
  responseCase('enum value removed', (p) => void (p.status as { enum: string[] }).enum.pop(), info('response-enum-value-removed')),
  responseCase('enum dropped', (p) => void delete p.status?.enum, ['response-enum-removed', 'breaking', 'types validators']),
  responseCase('maxLength raised', (p) => void Object.assign(p.name as object, { maxLength: 200 }), loose('response-max-length-loosened')),
  responseCase('maxLength lowered', (p) => void Object.assign(p.name as object, { maxLength: 10 }), info('response-max-length-tightened')),
  responseCase('maximum raised', (p) => void Object.assign(p.size as object, { maximum: 5000 }), loose('response-maximum-loosened')),
  responseCase('minimum dropped', (p) => void delete p.size?.minimum, loose('response-minimum-loosened')),
  responseCase('maxItems dropped', (p) => void delete p.tags?.maxItems, loose('response-max-items-loosened')),
  responseCase('format changed', (p) => void Object.assign(p.created as object, { format: 'date' }), loose('response-format-loosened')),
  responseCase('pattern added', (p) => void Object.assign(p.name as object, { pattern: '^x' }), info('response-pattern-tightened')),
];
