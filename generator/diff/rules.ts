/**
 * The catalogue of change rules: every code the comparison can report, with its default level, the
 * surfaces it can break (a change names only those it truly breaks, a subset) and a one-line
 * description. docs/diff-rules.md is checked against this list.
 */
import { type ChangeLevel, SURFACES, type Surface } from './change.js';
import { DEPRECATION_RULES, lifecycleRules } from './lifecycle-rules.js';
import { SCHEMA_KINDS } from './schema-rules.js';

/** One rule of the catalogue. */
export interface RuleDefinition {
  /** Stable, kebab-case: `operation-removed`. */
  code: string;
  level: ChangeLevel;
  /** Every surface a change of this rule can break; a change carries these or fewer. */
  surfaces: Surface[];
  /** True when the change lets callers or readers do something new (semver minor, where it breaks nothing). */
  adds: boolean;
  /**
   * A rule of the API's life whose level is its own whatever surfaces the change breaks: a removal
   * the API announced (deprecated, its sunset passed), a sunset moved earlier (a promise broken).
   */
  fixed: boolean;
  /** The rule a lifecycle rule refines (a removal, judged by deprecation and sunset): what it breaks is that rule's, and the proofs read it as that rule. */
  refines?: string;
  description: string;
}

/** Where a schema sits: in what callers send, or in what the API answers. */
export type Direction = 'request' | 'response';

type Entry = [code: string, level: ChangeLevel, surfaces: Surface[], description: string, adds?: boolean];

const ALL: Surface[] = [...SURFACES];

const OPERATION_RULES: Entry[] = [
  ['operation-removed', 'breaking', ['wire', 'types', 'mcp'], 'an operation is gone: its method, types and tool with it'],
  ['operation-added', 'info', [], 'a new operation (method, types and tool)', true],
  ['operation-path-changed', 'breaking', ['wire'], 'the same operationId now sits at another path'],
  ['operation-method-changed', 'breaking', ['wire'], 'the same operationId now uses another HTTP method'],
  [
    'operation-id-changed',
    'breaking',
    ['types', 'mcp'],
    'the operationId changed: the method and type names derived from it are gone (the tool too where its name derives from it)',
  ],
  ['method-name-changed', 'breaking', ['types'], 'the client method name changed (the operationId did not)'],
  ['operation-type-name-changed', 'breaking', ['types'], 'the base of the operation type names (Params, Data, Body, Errors) changed'],
  ['operation-deprecated', 'warning', [], 'the operation is now deprecated'],
  ['operation-undeprecated', 'info', [], 'the operation is no longer deprecated'],
  ['operation-summary-changed', 'info', [], 'the summary changed (JSDoc, tool title)'],
  ['operation-description-changed', 'info', [], 'the description changed (JSDoc, tool description)'],
  ['operation-tag-added', 'info', [], 'the operation gained a tag'],
  ['operation-tag-removed', 'info', [], 'the operation lost a tag'],
  ['operation-credits-added', 'warning', [], 'the operation now charges credits (x-credits)'],
  ['operation-credits-removed', 'info', [], 'the operation no longer charges credits (x-credits)'],
  ['operation-security-added', 'breaking', ['wire'], 'the operation now asks for credentials it did not ask for'],
  ['operation-security-removed', 'info', [], 'the operation no longer asks for credentials'],
  [
    'operation-security-unsatisfiable',
    'breaking',
    ['wire'],
    'the operation now needs what no client sends (mutual TLS, a scheme the document does not declare or the client does not send): the generated client refuses to call it',
  ],
  ['operation-security-satisfiable', 'info', [], 'the operation, which no client could call, now takes a credential a client sends, or none', true],
  ['operation-security-alternative-added', 'info', [], 'the operation accepts one credential more (an alternative of its security)', true],
  [
    'operation-security-alternative-removed',
    'breaking',
    ['wire'],
    'the operation no longer accepts a credential it accepted: callers that send only it are refused',
  ],
  [
    'operation-security-scheme-changed',
    'breaking',
    ['wire'],
    'an alternative of the operation takes another security scheme (an API key for a bearer token): old clients send the old credential, or fail with CredentialError',
  ],
  [
    'operation-security-scope-added',
    'breaking',
    ['wire'],
    "an alternative of the operation asks for a scope more (the tool's own scopes unchanged): callers whose token lacks it are refused",
  ],
  ['idempotency-key-added', 'info', [], 'the operation now takes an idempotency key (x-idempotency-key), so its retries are safe', true],
  ['idempotency-key-required-added', 'breaking', ['wire'], 'the operation now requires an idempotency key that old clients do not send'],
  ['idempotency-key-removed', 'warning', [], 'the operation no longer takes an idempotency key: its POST is no longer retried after a connection failure'],
  ['retry-statuses-changed', 'info', [], 'the statuses the client retries changed (503 declared or not)'],
];

const TOOL_RULES: Entry[] = [
  ['tool-name-changed', 'breaking', ['mcp'], 'the MCP tool name changed (x-tool-name or the operationId it derives from)'],
  ['tool-title-changed', 'info', [], 'the MCP tool title changed'],
  ['tool-read-only-removed', 'breaking', ['mcp'], 'the tool was read-only and no longer is'],
  ['tool-read-only-added', 'info', [], 'the tool is now read-only'],
  ['tool-became-destructive', 'breaking', ['mcp'], 'the tool is now destructive'],
  ['tool-no-longer-destructive', 'info', [], 'the tool is no longer destructive'],
  ['tool-idempotent-removed', 'breaking', ['mcp'], 'the tool was idempotent and no longer is (agents may not retry it)'],
  ['tool-idempotent-added', 'info', [], 'the tool is now idempotent'],
  [
    'tool-scope-added',
    'breaking',
    ['wire', 'mcp'],
    'the operation asks for an OAuth scope more (x-oauth-scopes or security): old tokens and tool configurations lack it',
  ],
  ['tool-scope-removed', 'info', [], 'the operation asks for an OAuth scope less'],
];

const PARAMETER_RULES: Entry[] = [
  ['parameter-removed', 'breaking', ['types', 'mcp'], 'a parameter is gone: old calls still pass it'],
  ['parameter-added-required', 'breaking', ALL, 'a new required parameter that old calls do not pass'],
  ['parameter-added-optional', 'info', [], 'a new optional parameter', true],
  ['parameter-became-required', 'breaking', ALL, 'an optional parameter is now required'],
  ['parameter-became-optional', 'info', [], 'a required parameter is now optional', true],
  ['parameter-location-changed', 'breaking', ['wire'], 'a parameter moved (query, header, path, cookie) under the same name'],
  ['parameter-input-name-changed', 'breaking', ['types', 'mcp'], 'the name of a parameter in the input object changed (its wire name did not)'],
  ['path-parameter-renamed', 'breaking', ['types', 'mcp'], 'a path parameter has a new name; the URL on the wire is the same'],
  ['parameter-style-changed', 'breaking', ['wire'], 'a parameter is serialized otherwise (style, explode)'],
  ['parameter-content-type-changed', 'breaking', ['wire'], 'a parameter given by content has another media type'],
  ['parameter-deprecated', 'warning', [], 'a parameter is now deprecated'],
];

const BODY_RULES: Entry[] = [
  ['request-body-added-required', 'breaking', ALL, 'a required request body that old calls do not send'],
  ['request-body-added-optional', 'info', [], 'an optional request body', true],
  ['request-body-removed', 'breaking', ['types', 'mcp'], 'the request body is gone: old calls still pass its fields'],
  ['request-body-became-required', 'breaking', ALL, 'the request body is now required'],
  ['request-body-became-optional', 'info', [], 'the request body is now optional', true],
  ['request-media-type-changed', 'breaking', ['wire'], 'the request body is sent as another media type'],
  ['request-body-flattening-changed', 'breaking', ['types', 'mcp'], 'the body fields moved between the input object and its `body` property'],
];

const RESPONSE_RULES: Entry[] = [
  ['response-success-status-changed', 'warning', [], 'the success response has another status'],
  ['response-media-type-changed', 'breaking', ['wire'], 'the success response comes as another media type'],
  ['response-data-kind-changed', 'breaking', ['wire', 'types', 'validators'], 'the client resolves to another kind of data (JSON, text, binary, stream, none)'],
  ['response-envelope-changed', 'breaking', ['wire', 'types', 'validators'], 'the success body is wrapped in the envelope, or no longer'],
  ['response-stream-format-changed', 'breaking', ['wire'], 'the streamed response frames its items otherwise'],
  ['response-error-status-added', 'info', [], 'a new error response status'],
  ['response-error-status-removed', 'info', [], 'an error response status is no longer declared'],
  ['response-header-removed', 'breaking', ['wire'], 'a required response header is gone'],
  ['response-optional-header-removed', 'info', [], 'an optional response header is gone'],
  ['response-header-added', 'info', [], 'a new response header', true],
  ['response-header-became-optional', 'breaking', ['wire'], 'a required response header is now optional'],
];

const COMPONENT_RULES: Entry[] = [
  ['schema-removed', 'breaking', ['types'], 'a component schema is gone: its exported type and validator names with it'],
  ['schema-added', 'info', [], 'a new component schema (type and validator)', true],
  ['schema-type-name-changed', 'breaking', ['types'], 'the exported name of a component schema changed (its document name did not)'],
];

/** Found by the proof, not by comparing the documents. */
const PROOF_RULES: Entry[] = [
  [
    'types-compile-error',
    'breaking',
    ['types'],
    'code written against the old output no longer compiles against the new one, and no other change explains it (the types proof)',
  ],
];

const DOCUMENT_RULES: Entry[] = [
  ['auth-added', 'breaking', ['wire'], 'the API now asks for credentials'],
  ['auth-removed', 'info', [], 'the API no longer asks for credentials'],
  ['auth-changed', 'breaking', ['wire'], 'the credential travels otherwise (scheme, header or parameter name)'],
  [
    'security-scheme-removed',
    'breaking',
    ['types', 'mcp'],
    "a security scheme is gone: the client's `auth` field for it and the MCP server's variable with it",
  ],
  ['security-scheme-added', 'info', [], "a new security scheme (a field of the client's `auth` option)", true],
  ['security-scheme-changed', 'breaking', ['wire'], 'a security scheme sends its credential otherwise (kind, place, name, token URL, scopes)'],
  [
    'mcp-credential-variables-renamed',
    'breaking',
    ['mcp'],
    "the MCP server's credential variables change name: one scheme's is `<API>_API_KEY`, several schemes' carry their names",
  ],
  ['envelope-added', 'breaking', ['wire', 'types', 'validators'], 'responses are now wrapped in an envelope (x-envelope)'],
  ['envelope-removed', 'breaking', ['wire', 'types', 'validators'], 'responses are no longer wrapped in an envelope (x-envelope)'],
  ['envelope-data-property-changed', 'breaking', ['wire', 'types', 'validators'], "the envelope's data property changed (x-envelope)"],
  ['server-removed', 'breaking', ['wire'], 'a server URL is gone (the first is the client default)'],
  ['server-added', 'info', [], 'a new server URL', true],
  ['server-default-changed', 'warning', [], "the first server (the client's default base URL) changed"],
  ['server-variable-enum-value-removed', 'breaking', ['wire'], 'a server variable allows a value less'],
  ['server-variable-default-changed', 'warning', [], 'a server variable has another default'],
  ['tag-added', 'info', [], 'a new tag'],
  ['tag-removed', 'info', [], 'a tag is gone'],
  ['tag-changed', 'info', [], "a tag's description, summary, parent or kind changed"],
  ['api-title-changed', 'info', [], "the document's title changed"],
  ['api-description-changed', 'info', [], "the document's description changed"],
];

function definitions(): RuleDefinition[] {
  const plain = [
    ...OPERATION_RULES,
    ...TOOL_RULES,
    ...PARAMETER_RULES,
    ...BODY_RULES,
    ...RESPONSE_RULES,
    ...COMPONENT_RULES,
    ...DOCUMENT_RULES,
    ...PROOF_RULES,
  ].map(([code, level, surfaces, description, adds]): RuleDefinition => ({ code, level, surfaces, description, adds: adds === true, fixed: false }));
  const schema = SCHEMA_KINDS.flatMap(({ kind, request, response, description }) =>
    (['request', 'response'] as const).map((direction): RuleDefinition => {
      const [level, surfaces, adds] = direction === 'request' ? request : response;
      return { code: `${direction}-${kind}`, level, surfaces, description: `${direction}: ${description}`, adds: adds === 'adds', fixed: false };
    }),
  );
  const surfacesOf = (code: string) => [...plain, ...schema].find((rule) => rule.code === code)?.surfaces ?? [];
  const life = lifecycleRules(surfacesOf).map((rule): RuleDefinition => ({ ...rule, adds: false }));
  return [...plain, ...schema, ...life];
}

/** Every rule, in catalogue order. */
export const RULES: readonly RuleDefinition[] = definitions();

const BY_CODE = new Map(RULES.map((rule) => [rule.code, rule]));

/** The rule of a code; throws on a code the catalogue lacks (a bug of the comparison). */
export function ruleOf(code: string): RuleDefinition {
  const rule = BY_CODE.get(code);
  if (!rule) throw new Error(`no rule "${code}" in the catalogue`);
  return rule;
}

/** True when the catalogue has the code (level overrides name only known rules). */
export function isRule(code: string): boolean {
  return BY_CODE.has(code);
}

/**
 * The semver step of a change of `rule` that breaks no surface: minor where it lets callers or
 * readers do something new or deprecates something (SemVer 2.0.0 §7), patch otherwise.
 */
export function quietStep(rule: RuleDefinition): 'minor' | 'patch' {
  return rule.adds || DEPRECATION_RULES.has(rule.code) ? 'minor' : 'patch';
}

/** True for a removal the API announced (deprecated, its sunset passed): info whatever it breaks. */
export function isAnnouncedRemoval(code: string): boolean {
  const rule = ruleOf(code);
  return rule.fixed && rule.refines !== undefined;
}

/** The rule a lifecycle rule refines (a removal), or undefined for any other code. */
export function refinedRule(code: string): string | undefined {
  return BY_CODE.get(code)?.refines;
}
