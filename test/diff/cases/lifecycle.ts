/**
 * The API's life: removals judged by deprecation and sunset (x-sunset, the Sunset header), the
 * deprecation period (--deprecation-days, the day from x-deprecation-date or the Deprecation
 * header), sunsets moved, stability levels moved. Every case is judged on CASE_POLICY's day
 * (2026-06-15) unless it names another: the level before and after a sunset date, never today's.
 */
import type { DiffCase, Doc } from '../helpers.js';
import { input, op, thing } from '../helpers.js';

/** After the sunset dates of these cases (2026-06-30). */
const AFTER = { today: '2026-07-01' };

const deprecate = (node: Record<string, unknown>, more: Record<string, unknown> = {}) => Object.assign(node, { deprecated: true, ...more });
const deleteThing = (d: Doc) => op(d, '/things/{id}', 'delete');
const cursor = (d: Doc) => op(d, '/things', 'get').parameters[1];

export const lifecycle: DiffCase[] = [
  {
    name: 'an operation removed, deprecated, before its x-sunset',
    before: (d) => void deprecate(deleteThing(d), { 'x-sunset': '2026-06-30' }),
    change: (d) => void delete d.paths['/things/{id}'].delete,
    want: [['operation-removed-before-sunset', 'breaking', 'wire types mcp']],
  },
  {
    name: 'an operation removed, deprecated, on the day after its x-sunset',
    before: (d) => void deprecate(deleteThing(d), { 'x-sunset': '2026-06-30' }),
    change: (d) => void delete d.paths['/things/{id}'].delete,
    policy: AFTER,
    want: [['operation-removed-after-deprecation', 'info', 'wire types mcp']],
  },
  {
    name: 'an operation removed, deprecated, on its sunset day (an RFC 3339 date-time)',
    before: (d) => void deprecate(deleteThing(d), { 'x-sunset': '2026-06-15T00:00:00Z' }),
    change: (d) => void delete d.paths['/things/{id}'].delete,
    want: [['operation-removed-after-deprecation', 'info', 'wire types mcp']],
  },
  {
    name: 'an operation removed, deprecated, before the date its responses declare in the Sunset header (RFC 8594)',
    before: (d) => {
      deprecate(deleteThing(d));
      deleteThing(d).responses['204'].headers = { Sunset: { schema: { type: 'string', enum: ['Tue, 30 Jun 2026 23:59:59 GMT'] } } };
    },
    change: (d) => void delete d.paths['/things/{id}'].delete,
    want: [['operation-removed-before-sunset', 'breaking', 'wire types mcp']],
  },
  {
    name: 'an operation removed, deprecated, after the date its Sunset header declares',
    before: (d) => {
      deprecate(deleteThing(d));
      deleteThing(d).responses['204'].headers = { Sunset: { schema: { type: 'string', default: 'Tue, 30 Jun 2026 23:59:59 GMT' } } };
    },
    change: (d) => void delete d.paths['/things/{id}'].delete,
    policy: AFTER,
    want: [['operation-removed-after-deprecation', 'info', 'wire types mcp']],
  },
  {
    name: "a Sunset header's example is no declared date: the removal is judged as without a sunset",
    before: (d) => {
      deprecate(deleteThing(d));
      deleteThing(d).responses['204'].headers = { Sunset: { schema: { type: 'string' }, example: 'Tue, 30 Jun 2099 23:59:59 GMT' } };
    },
    change: (d) => void delete d.paths['/things/{id}'].delete,
    want: [['operation-removed-after-deprecation', 'info', 'wire types mcp']],
  },
  {
    name: 'an operation removed, deprecated, whose x-sunset is no date: not shown passed',
    before: (d) => void deprecate(deleteThing(d), { 'x-sunset': 'next spring' }),
    change: (d) => void delete d.paths['/things/{id}'].delete,
    policy: AFTER,
    want: [['operation-removed-before-sunset', 'breaking', 'wire types mcp']],
  },
  {
    name: 'an operation removed, deprecated without a sunset',
    before: (d) => void deprecate(deleteThing(d)),
    change: (d) => void delete d.paths['/things/{id}'].delete,
    want: [['operation-removed-after-deprecation', 'info', 'wire types mcp']],
  },
  {
    name: 'an operation removed with x-sunset but never deprecated: a removal without a deprecation',
    before: (d) => void Object.assign(deleteThing(d), { 'x-sunset': '2026-01-31' }),
    change: (d) => void delete d.paths['/things/{id}'].delete,
    want: [['operation-removed', 'breaking', 'wire types mcp']],
  },
  {
    name: '--deprecation-days 90: an operation deprecated 45 days before (x-deprecation-date)',
    before: (d) => void deprecate(deleteThing(d), { 'x-deprecation-date': '2026-05-01' }),
    change: (d) => void delete d.paths['/things/{id}'].delete,
    policy: { deprecationDays: 90 },
    want: [['operation-removed-before-deprecation-days', 'breaking', 'wire types mcp']],
  },
  {
    name: '--deprecation-days 90: the same, 91 days after its deprecation',
    before: (d) => void deprecate(deleteThing(d), { 'x-deprecation-date': '2026-05-01' }),
    change: (d) => void delete d.paths['/things/{id}'].delete,
    policy: { deprecationDays: 90, today: '2026-07-31' },
    want: [['operation-removed-after-deprecation', 'info', 'wire types mcp']],
  },
  {
    name: '--deprecation-days 90: the day of deprecation from the Deprecation header (RFC 9745), 90 days before',
    before: (d) => {
      deprecate(deleteThing(d));
      // @1773532800 is 2026-03-15, 92 days before 2026-06-15.
      deleteThing(d).responses['204'].headers = { Deprecation: { schema: { type: 'string', const: '@1773532800' } } };
    },
    change: (d) => void delete d.paths['/things/{id}'].delete,
    policy: { deprecationDays: 90 },
    want: [['operation-removed-after-deprecation', 'info', 'wire types mcp']],
  },
  {
    name: '--deprecation-days 90: deprecated on a day not known (a file, no x-deprecation-date)',
    before: (d) => void deprecate(deleteThing(d)),
    change: (d) => void delete d.paths['/things/{id}'].delete,
    policy: { deprecationDays: 90 },
    want: [['operation-removed-before-deprecation-days', 'breaking', 'wire types mcp']],
  },
  {
    name: '--deprecation-days 0: deprecated on a day not known is enough',
    before: (d) => void deprecate(deleteThing(d)),
    change: (d) => void delete d.paths['/things/{id}'].delete,
    policy: { deprecationDays: 0 },
    want: [['operation-removed-after-deprecation', 'info', 'wire types mcp']],
  },
  {
    name: 'a parameter removed, deprecated, before its x-sunset',
    before: (d) => void deprecate(cursor(d), { 'x-sunset': '2026-06-30' }),
    change: (d) => void op(d, '/things', 'get').parameters.splice(1, 1),
    want: [['parameter-removed-before-sunset', 'breaking', 'types mcp']],
  },
  {
    name: 'a parameter removed, deprecated, after its x-sunset',
    before: (d) => void deprecate(cursor(d), { 'x-sunset': '2026-06-30' }),
    change: (d) => void op(d, '/things', 'get').parameters.splice(1, 1),
    policy: AFTER,
    want: [['parameter-removed-after-deprecation', 'info', 'types mcp']],
  },
  {
    name: '--deprecation-days 30: a parameter deprecated 14 days before',
    before: (d) => void deprecate(cursor(d), { 'x-deprecation-date': '2026-06-01' }),
    change: (d) => void op(d, '/things', 'get').parameters.splice(1, 1),
    policy: { deprecationDays: 30 },
    want: [['parameter-removed-before-deprecation-days', 'breaking', 'types mcp']],
  },
  {
    name: 'a response property removed, deprecated, before its x-sunset (one change, three operations)',
    before: (d) => void deprecate(thing(d).note, { 'x-sunset': '2026-06-30' }),
    change: (d) => void delete thing(d).note,
    want: [['response-property-removed-before-sunset', 'breaking', 'types', 3]],
  },
  {
    name: 'a response property removed, deprecated, after its x-sunset',
    before: (d) => void deprecate(thing(d).note, { 'x-sunset': '2026-06-30' }),
    change: (d) => void delete thing(d).note,
    policy: AFTER,
    want: [['response-property-removed-after-deprecation', 'info', 'types', 3]],
  },
  {
    name: '--deprecation-days 30: a response property deprecated 14 days before',
    before: (d) => void deprecate(thing(d).note, { 'x-deprecation-date': '2026-06-01' }),
    change: (d) => void delete thing(d).note,
    policy: { deprecationDays: 30 },
    want: [['response-property-removed-before-deprecation-days', 'breaking', 'types', 3]],
  },
  {
    name: 'a request property removed, deprecated, before its x-sunset',
    before: (d) => void deprecate(input(d).email, { 'x-sunset': '2026-06-30' }),
    change: (d) => void delete input(d).email,
    want: [['request-property-removed-before-sunset', 'breaking', 'types mcp']],
  },
  {
    name: 'a request property removed, deprecated, after its x-sunset',
    before: (d) => void deprecate(input(d).email, { 'x-sunset': '2026-06-30' }),
    change: (d) => void delete input(d).email,
    policy: AFTER,
    want: [['request-property-removed-after-deprecation', 'info', 'types mcp']],
  },
  {
    name: '--deprecation-days 30: a request property deprecated 14 days before',
    before: (d) => void deprecate(input(d).email, { 'x-deprecation-date': '2026-06-01' }),
    change: (d) => void delete input(d).email,
    policy: { deprecationDays: 30 },
    want: [['request-property-removed-before-deprecation-days', 'breaking', 'types mcp']],
  },
  {
    name: "an operation's sunset moved earlier, before the old date",
    before: (d) => void deprecate(deleteThing(d), { 'x-sunset': '2026-12-31' }),
    change: (d) => void Object.assign(deleteThing(d), { 'x-sunset': '2026-07-31' }),
    want: [['operation-sunset-earlier', 'breaking', '']],
  },
  {
    name: "an operation's sunset moved earlier once the old date has come: the thing may be gone already",
    before: (d) => void deprecate(deleteThing(d), { 'x-sunset': '2026-06-01' }),
    change: (d) => void Object.assign(deleteThing(d), { 'x-sunset': '2026-05-01' }),
    want: [['operation-sunset-changed', 'info', '']],
  },
  {
    name: "an operation's sunset removed while it stays deprecated: it may go any day",
    before: (d) => void deprecate(deleteThing(d), { 'x-sunset': '2026-12-31' }),
    change: (d) => void delete deleteThing(d)['x-sunset'],
    want: [['operation-sunset-earlier', 'breaking', '']],
  },
  {
    name: 'an operation deprecated with a sunset: both said',
    change: (d) => void deprecate(deleteThing(d), { 'x-sunset': '2026-12-31' }),
    want: [
      ['operation-deprecated', 'warning', ''],
      ['operation-sunset-changed', 'info', ''],
    ],
  },
  {
    name: "an operation's sunset moved later",
    before: (d) => void deprecate(deleteThing(d), { 'x-sunset': '2026-12-31' }),
    change: (d) => void Object.assign(deleteThing(d), { 'x-sunset': '2027-06-30' }),
    want: [['operation-sunset-changed', 'info', '']],
  },
  {
    name: "a parameter's sunset moved earlier",
    before: (d) => void deprecate(cursor(d), { 'x-sunset': '2026-12-31' }),
    change: (d) => void Object.assign(cursor(d), { 'x-sunset': '2026-07-31' }),
    want: [['parameter-sunset-earlier', 'breaking', '']],
  },
  {
    name: "a parameter's sunset set",
    before: (d) => void deprecate(cursor(d)),
    change: (d) => void Object.assign(cursor(d), { 'x-sunset': '2026-12-31' }),
    want: [['parameter-sunset-changed', 'info', '']],
  },
  {
    name: "a response property's sunset moved earlier",
    before: (d) => void deprecate(thing(d).note, { 'x-sunset': '2026-12-31' }),
    change: (d) => void Object.assign(thing(d).note, { 'x-sunset': '2026-07-31' }),
    want: [['response-property-sunset-earlier', 'breaking', '', 3]],
  },
  {
    name: "a response property's sunset moved later",
    before: (d) => void deprecate(thing(d).note, { 'x-sunset': '2026-12-31' }),
    change: (d) => void Object.assign(thing(d).note, { 'x-sunset': '2027-12-31' }),
    want: [['response-property-sunset-changed', 'info', '', 3]],
  },
  {
    name: "a request property's sunset moved earlier",
    before: (d) => void deprecate(input(d).email, { 'x-sunset': '2026-12-31' }),
    change: (d) => void Object.assign(input(d).email, { 'x-sunset': '2026-07-31' }),
    want: [['request-property-sunset-earlier', 'breaking', '']],
  },
  {
    name: "a request property's sunset removed with its deprecation",
    before: (d) => void deprecate(input(d).email, { 'x-sunset': '2026-12-31' }),
    change: (d) => {
      delete input(d).email.deprecated;
      delete input(d).email['x-sunset'];
    },
    want: [['request-property-sunset-changed', 'info', '']],
  },
  {
    name: 'an operation goes from stable (none written) to beta',
    change: (d) => void Object.assign(deleteThing(d), { 'x-stability-level': 'beta' }),
    want: [['operation-stability-decreased', 'warning', '']],
  },
  {
    name: 'an operation goes from alpha to stable',
    before: (d) => void Object.assign(deleteThing(d), { 'x-stability-level': 'alpha' }),
    change: (d) => void Object.assign(deleteThing(d), { 'x-stability-level': 'stable' }),
    want: [['operation-stability-increased', 'info', '']],
  },
];
