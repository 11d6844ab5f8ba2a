/**
 * The gate room of a generated MCP server: who may call what. A tool is offered when the server's
 * selection keeps it and the caller's scopes grant all it needs; a call of another is refused as a
 * tool result saying why; and the server's credentials never leave in a result (redaction).
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ToolCatalog } from './tool-catalog.js';
import { toolError, type ToolBinding } from './tool-call.js';
import { selects, selectTools, type ToolSelection } from './tool-selection.js';

/** What a server's gate is set by: its selection, and the scopes granted to the caller (absent: every scope). */
export interface GateOptions extends ToolSelection {
  scopes?: readonly string[];
}

/** Which tools a caller is offered, and the refusal of a call of any other. */
export interface ToolGate {
  /** The names offered, in the bindings' order. */
  offered: readonly string[];
  /** The result refusing a call of `name` (left out by the selection, or beyond the scopes), or undefined when it may be called. */
  refuse(name: string): CallToolResult | undefined;
}

/** The gate of a server over `catalog` and `bindings`; throws a ToolSelectionError for a selection naming what is not there. */
export function toolGate(spec: { catalog: ToolCatalog; bindings: Readonly<Record<string, ToolBinding>> }, options: GateOptions): ToolGate {
  const granted = options.scopes === undefined ? undefined : new Set(options.scopes);
  const selected = selectedTools(spec, options);
  const isSelected = (name: string): boolean => selected === undefined || selected.has(name);
  return {
    offered: Object.keys(spec.bindings).filter((name) => isSelected(name) && refusal(spec.bindings, name, granted) === undefined),
    refuse(name) {
      const binding = bindingOf(spec.bindings, name);
      if (!binding) return undefined;
      if (!isSelected(name))
        return toolError(`${name} is not offered: this server was started with a tool selection (tools, toolsets or read-only) that leaves it out.`, {
          kind: 'not_selected',
          tool: name,
        });
      const refused = refusal(spec.bindings, name, granted);
      return refused === undefined ? undefined : toolError(refused, { kind: 'scope', tool: name, missingScopes: missingScopes(binding, granted) });
    },
  };
}

/** The names `options` select (undefined: every tool); throws a ToolSelectionError naming a tool or tag that is not there. */
function selectedTools(spec: { catalog: ToolCatalog; bindings: Readonly<Record<string, ToolBinding>> }, options: ToolSelection): Set<string> | undefined {
  if (!selects(options)) return undefined;
  const tools = spec.catalog.summaries().map((summary) => ({
    name: summary.name,
    readOnly: summary.readOnly,
    tags: bindingOf(spec.bindings, summary.name)?.tags ?? [],
  }));
  return selectTools(tools, options);
}

/** The binding of a tool name a caller sent (an own key only: `toString` is no tool). */
export function bindingOf(bindings: Readonly<Record<string, ToolBinding>>, name: string): ToolBinding | undefined {
  return Object.hasOwn(bindings, name) ? bindings[name] : undefined;
}

/**
 * Why a tool is not offered to a caller with the `granted` scopes, or undefined when it is: every
 * scope it needs must be granted, so a tool that needs none is offered to every caller.
 */
export function refusal(bindings: Readonly<Record<string, ToolBinding>>, name: string, granted: ReadonlySet<string> | undefined): string | undefined {
  const binding = bindingOf(bindings, name);
  if (granted === undefined || !binding) return undefined;
  const missing = missingScopes(binding, granted);
  if (missing.length === 0) return undefined;
  return `${name} is refused: it needs the OAuth scope ${missing.join(', ')}, which this server was not granted (granted: ${[...granted].join(', ') || 'none'}).`;
}

/** The scopes `binding` needs beyond `granted` (none when nothing restricts the scopes). */
export function missingScopes(binding: ToolBinding, granted: ReadonlySet<string> | undefined): string[] {
  return granted === undefined ? [] : binding.scopes.filter((scope) => !granted.has(scope));
}

/**
 * Replaces every secret in a result's strings (and keys) by `[redacted]`. Defence in depth: the client
 * never puts its key in an error. Secrets under 4 characters are left alone (they would mangle text), as in the client.
 */
export function redactor(secrets: readonly string[]): (result: CallToolResult) => CallToolResult {
  const needles = secrets.filter((s) => s.length >= 4);
  if (needles.length === 0) return (result) => result;
  const text = (value: string): string => needles.reduce((t, needle) => t.split(needle).join('[redacted]'), value);
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [text(k), walk(v)]));
    return value;
  };
  return (result) => walk(result) as CallToolResult;
}
