import { describe, expect, it } from 'vitest';
import type { Change } from '../../generator/diff/change.js';
import { formatReport } from '../../generator/diff/format/index.js';
import { withoutProofRemarks, withTypesVerdict, withValidatorsVerdict } from '../../generator/diff/proof/verdicts.js';
import { ENUM_ADDED, view } from './report-fixture.js';

// The proofs add remarks for reviewers to a change's message; a changelog line is the rule's own
// words. The remarks are written in one place, and taken out by the same.

const marked = (surfaces: Change['surfaces']): Change => ({ ...ENUM_ADDED, surfaces });
const proof = [{ code: 'TS2339', line: 1, text: 'x', message: 'm' }];

describe("the proofs' remarks", () => {
  it.each([
    ['types proven where the rules did not mark it', withTypesVerdict(marked([]), proof, true)],
    ['types looked at, no error', withTypesVerdict(marked(['types']), undefined, true)],
    ['types not looked at', withTypesVerdict(marked(['types']), undefined, false)],
    ['validators: no value found', withValidatorsVerdict(marked(['validators']), undefined)],
    ['both unproven', withValidatorsVerdict(withTypesVerdict(marked(['types', 'validators']), undefined, false), undefined)],
  ])("%s: the message says more, and without the remarks it is the rule's own", (_name, judged) => {
    expect(judged.message).not.toBe(ENUM_ADDED.message);
    expect(withoutProofRemarks(judged.message)).toBe(ENUM_ADDED.message);
  });

  it('are left out of a changelog line', () => {
    const judged = withValidatorsVerdict(withTypesVerdict(marked(['types', 'validators']), undefined, false), undefined);
    const line = formatReport('changelog', view([judged]), { toolVersion: '9.9.9' })
      .split('\n')
      .find((text) => text.startsWith('- '));
    expect(line).toBeDefined();
    expect(line).not.toMatch(/unproven|The compiler (shows it breaks|accepts)/);
  });
});
