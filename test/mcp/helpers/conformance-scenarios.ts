/**
 * The server scenarios of the MCP conformance suite, classified for `podcast-gen mcp --http` serving
 * a document's operations (tools only: no prompts, resources, logging or extensions), once for each
 * version the compatibility suite runs. docs/mcp.md's conformance section says the same in short.
 */

/** A scenario this server must pass, with the warnings it may give and why each is no fault of the server. */
export interface Applies {
  applies: true;
  warnings?: Record<string, string>;
  /** Checks of the scenario that cannot apply (by id): why, and the only failure each may end with. */
  checksNotApplicable?: Record<string, { why: string; failsWith: RegExp }>;
}

/**
 * A scenario that cannot apply to this server: why, and the reason each of its checks must end with
 * (in its message, or in the server's answer it records); `alsoPasses` names checks any server passes.
 */
export interface NotApplicable {
  applies: false;
  why: string;
  failsWith: RegExp;
  alsoPasses?: string[];
}

export type Scenarios = Record<string, Applies | NotApplicable>;

const UNKNOWN_TOOL = (name: string) => new RegExp(`Unknown tool: ${name}$`);
// 0.1.16 says "MCP error -32601: Method not found", the pre-release "Failed: Method not found".
const NO_METHOD = /(MCP error -32601: |Failed: )Method not found$/;

const NO_SESSION = 'the server is stateless and gives no session ID, which the protocol leaves to the server (MAY)';
const CLAIMS_2025_03_26 =
  "the scenario's own request claims protocol 2025-03-26, whose clients cannot read an event without data; the server primes 2025-11-25 clients (shown in the test, and passed in the pre-release, which sends 2025-11-25)";
const REFERENCE_TOOL = "calls a tool of the suite's reference server, which a server of the document's operations does not have";

/** What both versions list, alike but for the SSE polling scenario's warnings. */
function common(ssePollingWarnings: Record<string, string>): Scenarios {
  return {
    'server-initialize': { applies: true },
    ping: { applies: true },
    'tools-list': { applies: true },
    'dns-rebinding-protection': { applies: true },
    'server-sse-polling': { applies: true, warnings: { 'server-sse-polling-session': NO_SESSION, ...ssePollingWarnings } },
    'server-sse-multiple-streams': {
      applies: true,
      warnings: { 'server-sse-multiple-streams-session': `${NO_SESSION}; the scenario stops there, and the test opens the concurrent streams itself` },
    },
    'logging-set-level': { applies: false, why: 'the server declares no logging capability: it sends no log messages', failsWith: NO_METHOD },
    'completion-complete': { applies: false, why: 'completion is of prompt and resource-template arguments; the server has neither', failsWith: NO_METHOD },
    'tools-call-simple-text': { applies: false, why: REFERENCE_TOOL, failsWith: UNKNOWN_TOOL('test_simple_text') },
    'tools-call-image': { applies: false, why: REFERENCE_TOOL, failsWith: UNKNOWN_TOOL('test_image_content') },
    'tools-call-audio': { applies: false, why: REFERENCE_TOOL, failsWith: UNKNOWN_TOOL('test_audio_content') },
    'tools-call-embedded-resource': { applies: false, why: REFERENCE_TOOL, failsWith: UNKNOWN_TOOL('test_embedded_resource') },
    'tools-call-mixed-content': { applies: false, why: REFERENCE_TOOL, failsWith: UNKNOWN_TOOL('test_multiple_content_types') },
    'tools-call-with-logging': { applies: false, why: `${REFERENCE_TOOL}, after setting a log level (no logging)`, failsWith: NO_METHOD },
    'tools-call-error': { applies: false, why: REFERENCE_TOOL, failsWith: UNKNOWN_TOOL('test_error_handling') },
    'tools-call-with-progress': { applies: false, why: REFERENCE_TOOL, failsWith: UNKNOWN_TOOL('test_tool_with_progress') },
    'tools-call-sampling': { applies: false, why: REFERENCE_TOOL, failsWith: UNKNOWN_TOOL('test_sampling') },
    'tools-call-elicitation': { applies: false, why: REFERENCE_TOOL, failsWith: UNKNOWN_TOOL('test_elicitation') },
    'json-schema-2020-12': { applies: false, why: REFERENCE_TOOL, failsWith: /Tool 'json_schema_2020_12_tool' not found/ },
    'elicitation-sep1034-defaults': { applies: false, why: REFERENCE_TOOL, failsWith: UNKNOWN_TOOL('test_elicitation_sep1034_defaults') },
    'elicitation-sep1330-enums': { applies: false, why: REFERENCE_TOOL, failsWith: UNKNOWN_TOOL('test_elicitation_sep1330_enums') },
    ...Object.fromEntries(
      ['resources-list', 'resources-read-text', 'resources-read-binary', 'resources-templates-read', 'resources-subscribe', 'resources-unsubscribe'].map(
        (name) => [name, { applies: false, why: 'the server has no resources', failsWith: NO_METHOD }],
      ),
    ),
    ...Object.fromEntries(
      ['prompts-list', 'prompts-get-simple', 'prompts-get-with-args', 'prompts-get-embedded-resource', 'prompts-get-with-image'].map((name) => [
        name,
        { applies: false, why: 'the server has no prompts', failsWith: NO_METHOD },
      ]),
    ),
  };
}

/** The root package's pinned release (0.1.16): its SSE polling request claims protocol 2025-03-26. */
export const PINNED_SCENARIOS: Scenarios = common({ 'server-sse-priming-event': CLAIMS_2025_03_26, 'server-sse-retry-field': CLAIMS_2025_03_26 });

const INPUT_REQUIRED =
  "asks the client for input mid-call (SEP-2322) through a tool or prompt of the suite's reference server; the server's tools ask for none";
// missing-input-response records no error text: its tool is basic-elicitation's, whose check shows it unknown.
const INPUT_REQUIRED_FAILS =
  /Unknown tool: test_input_required_result_\w+|JSON-RPC error: Method not found|Expected InputRequiredResult|Prerequisite failed|^Server returned JSON-RPC error instead of re-requesting/;
const TASKS =
  "the tasks extension (SEP-2663), which the server does not declare, on tools of the suite's reference server: its methods are not found (-32601) and its tools unknown";
const TASKS_FAILS =
  /Unknown tool: \w+|Not testable: no task was created|fixture from Check 2 unavailable|capabilities\.extensions MUST be advertised|got -32601|for failing_job returned error code -32602|SEP-2663 delivers notifications\/tasks via/;
const NO_RESOURCES_CHECK = { why: 'the server has no prompts and no resources', failsWith: /returned JSON-RPC error -32601: Method not found$/ };
const DIAGNOSTIC_TOOL = {
  why: "needs a diagnostic tool of the suite's reference server",
  failsWith: /^Not testable: server does not list the diagnostic tool '\w+'/,
};

/** The pre-release test/tools/node22 pins (0.2.0-alpha.12): it sends 2025-11-25, and adds the 2026-07-28 era's scenarios and extensions'. */
export const PRE_RELEASE_SCENARIOS: Scenarios = {
  ...common({}),
  'server-session-lifecycle': {
    applies: false,
    why: 'the lifecycle of a session, and the server is stateless: the suite skips it',
    failsWith: /did not return an MCP-Session-Id header; session lifecycle does not apply/,
  },
  'server-stateless': {
    applies: true,
    checksNotApplicable: {
      'sep-2575-server-rejects-undeclared-capability': DIAGNOSTIC_TOOL,
      'sep-2575-missing-capability-http-400': DIAGNOSTIC_TOOL,
      'sep-2575-http-server-no-independent-requests-on-stream': DIAGNOSTIC_TOOL,
      'sep-2575-server-no-log-without-loglevel': DIAGNOSTIC_TOOL,
    },
  },
  caching: {
    applies: true,
    checksNotApplicable: {
      'sep-2549-prompts-list-caching-hints': NO_RESOURCES_CHECK,
      'sep-2549-resources-list-caching-hints': NO_RESOURCES_CHECK,
      'sep-2549-resources-templates-list-caching-hints': NO_RESOURCES_CHECK,
    },
  },
  'http-header-validation': { applies: true },
  'http-custom-header-server-validation': {
    applies: false,
    why: 'validates parameters a tool mirrors into HTTP headers (x-mcp-header, SEP-2243); no tool of the server declares one',
    failsWith: /^Not testable: server exposes no tool with x-mcp-header annotations/,
  },
  'sep-2164-resource-not-found': {
    applies: false,
    why: 'reads a resource that does not exist, and the server has no resources: resources/read is not found (-32601), so the error carries no URI',
    failsWith: /got -32601|Error data\.uri is undefined/,
    alsoPasses: ['sep-2164-no-empty-contents'],
  },
  'input-required-result-unsupported-methods': { applies: true },
  ...Object.fromEntries(
    [
      'basic-elicitation',
      'basic-sampling',
      'basic-list-roots',
      'request-state',
      'multiple-input-requests',
      'multi-round',
      'missing-input-response',
      'non-tool-request',
      'result-type',
      'tampered-state',
      'capability-check',
      'ignore-extra-params',
      'validate-input',
    ].map((name) => [`input-required-result-${name}`, { applies: false, why: INPUT_REQUIRED, failsWith: INPUT_REQUIRED_FAILS }]),
  ),
  ...Object.fromEntries(
    ['directory', 'enumeration', 'manifest'].map((name) => [
      `sep-2640-skills-${name}`,
      {
        applies: false,
        why: 'the skills extension (SEP-2640), which the server does not declare: the suite skips every check',
        failsWith: /did not declare the io\.modelcontextprotocol\/skills extension/,
      },
    ]),
  ),
  ...Object.fromEntries(
    [
      'lifecycle',
      'capability-negotiation',
      'wire-fields',
      'request-state-removal',
      'mrtr-input',
      'request-headers',
      'dispatch-and-envelope',
      'status-notifications',
      'required-task-error',
      'mrtr-composition',
    ].map((name) => [
      `tasks-${name}`,
      {
        applies: false,
        why: TASKS,
        failsWith: TASKS_FAILS,
        alsoPasses: {
          'dispatch-and-envelope': ['sep-2663-tasks-result-removed-method-not-found', 'tasks-removed-tasks-list'],
          'request-headers': ['tasks-headers-reject-mismatched-method'],
        }[name],
      },
    ]),
  ),
};
