/** oneOf, anyOf, allOf and the discriminator: which variants a value may match, and how they are told apart. */
import type { ChangeRecord } from '../compare/record.js';
import { at, code, type Judged, judged } from './judge.js';
import { schemaRule } from './value-checks.js';

const KIND: Record<string, string> = { oneOf: 'one-of', anyOf: 'any-of' };

export function checkComposition(record: ChangeRecord): Judged[] {
  const { keyword, old, new: next } = record;
  const added = next !== undefined && old === undefined;
  switch (keyword) {
    case 'oneOf-variant':
    case 'anyOf-variant': {
      const choice = keyword.slice(0, -'-variant'.length);
      const kind = `${KIND[choice]}-variant-${added ? 'added' : 'removed'}`;
      return [judged(schemaRule(record, kind), at(record, `${choice} variant ${added ? next : old} ${added ? 'added' : 'removed'}`))];
    }
    case 'oneOf':
    case 'anyOf': {
      const kind = `${KIND[keyword]}-${added ? 'added' : 'removed'}`;
      return [judged(schemaRule(record, kind), at(record, `${added ? 'now' : 'no longer'} one of ${added ? next : old} ${keyword} conditions`))];
    }
    case 'choice':
      return [judged(schemaRule(record, old === 'oneOf' ? 'one-of-became-any-of' : 'any-of-became-one-of'), at(record, `${old} -> ${next}`))];
    case 'allOf-member':
      return [
        judged(
          schemaRule(record, added ? 'all-of-member-added' : 'all-of-member-removed'),
          at(record, `allOf member ${added ? next : old} ${added ? 'added' : 'removed'}`),
        ),
      ];
    case 'discriminator':
      return [discriminator(record)];
    case 'discriminator-mapping':
      return [mapping(record)];
    default:
      // Every schema keyword the comparison records has a checker: one without is a bug of the comparison, never silence.
      throw new Error(`no checker for the schema keyword "${keyword}"`);
  }
}

function discriminator(record: ChangeRecord): Judged {
  const { old, new: next } = record;
  if (old !== undefined && next !== undefined)
    return judged(schemaRule(record, 'discriminator-property-changed'), at(record, `discriminator ${old} -> ${next}`));
  if (next !== undefined)
    return judged(schemaRule(record, 'discriminator-added'), at(record, `the variants are now told apart by ${code(next)} (discriminator)`));
  return judged(schemaRule(record, 'discriminator-removed'), at(record, `the variants are no longer told apart by ${code(old)} (discriminator)`));
}

type Mapped = { value: string; to: string };

function mapping(record: ChangeRecord): Judged {
  const old = record.old as Mapped | undefined;
  const next = record.new as Mapped | undefined;
  if (old && next)
    return judged(
      schemaRule(record, 'discriminator-mapping-changed'),
      at(record, `discriminator value ${JSON.stringify(next.value)} maps to ${code(next.to)}, was ${code(old.to)}`),
    );
  if (next) return judged(schemaRule(record, 'discriminator-mapping-added'), at(record, `discriminator value ${JSON.stringify(next.value)} added`));
  return judged(schemaRule(record, 'discriminator-mapping-removed'), at(record, `discriminator value ${JSON.stringify(old?.value)} removed`));
}
