import type { DiffCase, Verdict } from '../helpers.js';
import { input, schemas, thing } from '../helpers.js';
import { reaching } from './paths-operations.js';

/** A request-body constraint moved: tightening breaks old callers, loosening nothing. */
function requestCase(name: string, set: (p: Record<string, Record<string, unknown>>) => void, want: Verdict): DiffCase {
  return { name: `request: ${name}`, change: (d) => set(input(d) as never), want: [want] };
}

/** A response constraint moved (Thing, reached by three operations): loosening breaks old validators. */
function responseCase(name: string, set: (p: Record<string, Record<string, unknown>>) => void, want: Verdict): DiffCase {
  return { name: `response: ${name}`, change: (d) => set(thing(d) as never), want: reaching(3, want) };
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
  {
    name: 'response: enum added',
    change: (d) => {
      thing(d).name.enum = ['a', 'b'];
    },
    want: [['response-enum-added', 'info', '', 3]],
  },
  {
    name: 'response: minLength added',
    change: (d) => {
      thing(d).name.minLength = 2;
    },
    want: [['response-min-length-tightened', 'info', '', 3]],
  },
  {
    name: 'response: minLength lowered',
    before: (d) => {
      thing(d).name.minLength = 2;
    },
    change: (d) => {
      thing(d).name.minLength = 1;
    },
    want: [['response-min-length-loosened', 'breaking', 'validators', 3]],
  },
  {
    name: 'response: maximum lowered',
    change: (d) => {
      thing(d).size.maximum = 10;
    },
    want: [['response-maximum-tightened', 'info', '', 3]],
  },
  {
    name: 'response: minimum raised',
    change: (d) => {
      thing(d).size.minimum = 1;
    },
    want: [['response-minimum-tightened', 'info', '', 3]],
  },
  {
    name: 'response: exclusiveMaximum set',
    change: (d) => {
      thing(d).size.exclusiveMaximum = true;
    },
    want: [['response-exclusive-maximum-tightened', 'info', '', 3]],
  },
  {
    name: 'response: exclusiveMaximum unset',
    before: (d) => {
      thing(d).size.exclusiveMaximum = true;
    },
    change: (d) => {
      delete thing(d).size.exclusiveMaximum;
    },
    want: [['response-exclusive-maximum-loosened', 'breaking', 'validators', 3]],
  },
  {
    name: 'response: exclusiveMinimum set',
    change: (d) => {
      thing(d).size.exclusiveMinimum = true;
    },
    want: [['response-exclusive-minimum-tightened', 'info', '', 3]],
  },
  {
    name: 'response: exclusiveMinimum unset',
    before: (d) => {
      thing(d).size.exclusiveMinimum = true;
    },
    change: (d) => {
      delete thing(d).size.exclusiveMinimum;
    },
    want: [['response-exclusive-minimum-loosened', 'breaking', 'validators', 3]],
  },
  {
    name: 'response: multipleOf 2 becomes 4',
    before: (d) => {
      thing(d).size.multipleOf = 2;
    },
    change: (d) => {
      thing(d).size.multipleOf = 4;
    },
    want: [['response-multiple-of-tightened', 'info', '', 3]],
  },
  {
    name: 'response: multipleOf 4 becomes 2',
    before: (d) => {
      thing(d).size.multipleOf = 4;
    },
    change: (d) => {
      thing(d).size.multipleOf = 2;
    },
    want: [['response-multiple-of-loosened', 'breaking', 'validators', 3]],
  },
  {
    name: 'response: multipleOf 2 becomes 3 (the old validator refuses 3)',
    before: (d) => {
      thing(d).size.multipleOf = 2;
    },
    change: (d) => {
      thing(d).size.multipleOf = 3;
    },
    want: [['response-multiple-of-loosened', 'breaking', 'validators', 3]],
  },
  {
    name: 'request: multipleOf 2 becomes 3 (the new validator refuses 2)',
    before: (d) => {
      input(d).count.multipleOf = 2;
    },
    change: (d) => {
      input(d).count.multipleOf = 3;
    },
    want: [['request-multiple-of-tightened', 'breaking', 'wire validators mcp']],
  },
  {
    name: 'request: multipleOf dropped',
    before: (d) => {
      input(d).count.multipleOf = 2;
    },
    change: (d) => {
      delete input(d).count.multipleOf;
    },
    want: [['request-multiple-of-loosened', 'info', '']],
  },
  {
    name: 'request: exclusiveMaximum unset',
    before: (d) => {
      input(d).count.exclusiveMaximum = true;
    },
    change: (d) => {
      delete input(d).count.exclusiveMaximum;
    },
    want: [['request-exclusive-maximum-loosened', 'info', '']],
  },
  {
    name: 'request: exclusiveMinimum unset',
    before: (d) => {
      input(d).count.exclusiveMinimum = true;
    },
    change: (d) => {
      delete input(d).count.exclusiveMinimum;
    },
    want: [['request-exclusive-minimum-loosened', 'info', '']],
  },
  {
    name: 'response: maxItems lowered',
    change: (d) => {
      thing(d).tags.maxItems = 5;
    },
    want: [['response-max-items-tightened', 'info', '', 3]],
  },
  {
    name: 'response: minItems added',
    change: (d) => {
      thing(d).tags.minItems = 1;
    },
    want: [['response-min-items-tightened', 'info', '', 3]],
  },
  {
    name: 'response: minItems lowered',
    before: (d) => {
      thing(d).tags.minItems = 2;
    },
    change: (d) => {
      thing(d).tags.minItems = 1;
    },
    want: [['response-min-items-loosened', 'breaking', 'validators', 3]],
  },
  {
    name: 'request: minItems lowered',
    before: (d) => {
      input(d).labels.minItems = 2;
    },
    change: (d) => {
      input(d).labels.minItems = 1;
    },
    want: [['request-min-items-loosened', 'info', '']],
  },
  {
    name: 'response: uniqueItems set',
    change: (d) => {
      thing(d).tags.uniqueItems = true;
    },
    want: [['response-unique-items-tightened', 'info', '', 3]],
  },
  {
    name: 'response: uniqueItems unset',
    before: (d) => {
      thing(d).tags.uniqueItems = true;
    },
    change: (d) => {
      delete thing(d).tags.uniqueItems;
    },
    want: [['response-unique-items-loosened', 'breaking', 'validators', 3]],
  },
  {
    name: 'request: uniqueItems unset',
    before: (d) => {
      input(d).labels.uniqueItems = true;
    },
    change: (d) => {
      delete input(d).labels.uniqueItems;
    },
    want: [['request-unique-items-loosened', 'info', '']],
  },
  {
    name: 'response: maxProperties added',
    change: (d) => {
      schemas(d).Owner.maxProperties = 3;
    },
    want: [['response-max-properties-tightened', 'info', '', 3]],
  },
  {
    name: 'response: maxProperties dropped',
    before: (d) => {
      schemas(d).Owner.maxProperties = 3;
    },
    change: (d) => {
      delete schemas(d).Owner.maxProperties;
    },
    want: [['response-max-properties-loosened', 'breaking', 'validators', 3]],
  },
  {
    name: 'request: maxProperties dropped',
    before: (d) => {
      input(d).meta.maxProperties = 3;
    },
    change: (d) => {
      delete input(d).meta.maxProperties;
    },
    want: [['request-max-properties-loosened', 'info', '']],
  },
  {
    name: 'response: minProperties added',
    change: (d) => {
      schemas(d).Owner.minProperties = 1;
    },
    want: [['response-min-properties-tightened', 'info', '', 3]],
  },
  {
    name: 'response: minProperties dropped',
    before: (d) => {
      schemas(d).Owner.minProperties = 1;
    },
    change: (d) => {
      delete schemas(d).Owner.minProperties;
    },
    want: [['response-min-properties-loosened', 'breaking', 'validators', 3]],
  },
  {
    name: 'request: minProperties dropped',
    before: (d) => {
      input(d).meta.minProperties = 1;
    },
    change: (d) => {
      delete input(d).meta.minProperties;
    },
    want: [['request-min-properties-loosened', 'info', '']],
  },
  {
    name: 'response: pattern dropped',
    before: (d) => {
      thing(d).name.pattern = '^x';
    },
    change: (d) => {
      delete thing(d).name.pattern;
    },
    want: [['response-pattern-loosened', 'breaking', 'validators', 3]],
  },
  {
    name: 'response: the default changes',
    before: (d) => {
      thing(d).status.default = 'active';
    },
    change: (d) => {
      thing(d).status.default = 'archived';
    },
    want: [['response-default-changed', 'info', '', 3]],
  },
];
