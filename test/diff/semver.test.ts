import { describe, expect, it } from 'vitest';
import type { Change } from '../../generator/diff/change.js';
import { checkVersion, semverAdvice } from '../../generator/diff/semver.js';

const change = (rule: string, level: Change['level'], surfaces: Change['surfaces'] = []): Change => ({ id: rule, rule, level, surfaces, message: '' });

describe('semver advice', () => {
  it.each([
    { given: [], want: 'none' },
    { given: [change('operation-description-changed', 'info')], want: 'patch' },
    { given: [change('operation-added', 'info'), change('tag-added', 'info')], want: 'minor' },
    { given: [change('operation-added', 'info'), change('operation-removed', 'breaking', ['wire', 'types', 'mcp'])], want: 'major' },
    // Announced, so info; the generated client still loses the method.
    { given: [change('operation-removed-after-deprecation', 'info', ['wire', 'types', 'mcp'])], want: 'major' },
    { given: [change('operation-sunset-changed', 'info')], want: 'patch' },
    // The advice follows what a change does to the generated code, not its level: an override to
    // warning, an alpha operation (info below --stability-level) still lose the method.
    { given: [change('operation-removed', 'warning', ['wire', 'types', 'mcp'])], want: 'major' },
    { given: [change('operation-removed', 'info', ['wire', 'types', 'mcp'])], want: 'major' },
    // A level raised by the config breaks no code.
    { given: [change('operation-description-changed', 'breaking')], want: 'patch' },
    // A promise broken, whatever it breaks.
    { given: [change('operation-sunset-earlier', 'breaking')], want: 'major' },
    // SemVer 2.0.0 §7: a deprecation asks for a minor step.
    { given: [change('operation-deprecated', 'warning')], want: 'minor' },
    { given: [change('parameter-deprecated', 'warning')], want: 'minor' },
    { given: [change('response-property-deprecated', 'warning')], want: 'minor' },
    // What lets callers do something new is minor (semver: functionality added in a backward compatible manner).
    { given: [change('request-enum-value-added', 'info')], want: 'minor' },
    { given: [change('request-type-widened', 'info')], want: 'minor' },
    { given: [change('request-max-length-loosened', 'info')], want: 'minor' },
    { given: [change('parameter-added-optional', 'info')], want: 'minor' },
    { given: [change('parameter-became-optional', 'info')], want: 'minor' },
    { given: [change('response-enum-value-removed', 'info')], want: 'patch' },
  ])('$want', ({ given, want }) => {
    expect(semverAdvice(given)).toBe(want);
  });
});

describe('checkVersion', () => {
  it.each([
    { given: ['1.0.0', '2.0.0', 'major'], want: { ok: true, rose: 'major' } },
    { given: ['1.0.0', '1.1.0', 'major'], want: { ok: false, rose: 'minor' } },
    { given: ['1.0.0', '1.1.0', 'minor'], want: { ok: true, rose: 'minor' } },
    { given: ['1.2.3', '1.2.4', 'minor'], want: { ok: false, rose: 'patch' } },
    { given: ['1.2.3', '1.2.3', 'patch'], want: { ok: false, rose: 'none' } },
    { given: ['1.2.3', '1.2.3', 'none'], want: { ok: true, rose: 'none' } },
    { given: ['2.0.0', '1.9.0', 'none'], want: { ok: false, rose: 'lower' } },
    { given: ['v1.2', 'v1.3', 'minor'], want: { ok: true, rose: 'minor' } },
    // Below 1.0.0 a minor step may break.
    { given: ['0.3.0', '0.4.0', 'major'], want: { ok: true, rose: 'minor' } },
    { given: ['0.3.0', '0.3.1', 'minor'], want: { ok: true, rose: 'patch' } },
    { given: ['0.3.0', '0.3.1', 'major'], want: { ok: false, rose: 'patch' } },
  ] as const)('$given', ({ given, want }) => {
    const [a, b, advice] = given;
    const { ok, rose } = checkVersion(a, b, advice);
    expect({ ok, rose }).toStrictEqual(want);
  });

  it('a version that is not semver passes only when nothing is advised', () => {
    expect(checkVersion('2024-01-01', '2024-02-01', 'patch')).toStrictEqual({
      ok: false,
      message: 'info.version "2024-01-01" is not a semantic version; the advice is patch',
    });
    expect(checkVersion('2024-01-01', '2024-02-01', 'none').ok).toBe(true);
  });
});
