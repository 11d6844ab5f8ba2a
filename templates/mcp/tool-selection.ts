/**
 * Which tools a generated MCP server offers, chosen when it is created: by name, by tag (a
 * toolset), and only those that read. The caller's scopes narrow it further (tool-server.ts).
 */

/** Options of a server that choose its tools; absent ones choose nothing away. */
export interface ToolSelection {
  /** Only these tools, by name (added to those of `toolsets`). */
  tools?: readonly string[];
  /** Only the tools of these tags (the operations' tags, compared ignoring case; added to `tools`). */
  toolsets?: readonly string[];
  /** Only the tools whose annotations say they only read (`readOnlyHint`). */
  readOnly?: boolean;
}

/** What a tool is selected by. */
export interface SelectableTool {
  name: string;
  tags: readonly string[];
  readOnly: boolean;
}

/** A selection naming a tool or a tag the server does not have. */
export class ToolSelectionError extends Error {
  override name = 'ToolSelectionError';
}

/** Whether `selection` chooses anything away (else every tool is offered and nothing needs reading). */
export function selects(selection: ToolSelection): boolean {
  return selection.tools !== undefined || selection.toolsets !== undefined || selection.readOnly === true;
}

/**
 * The names of the tools `selection` keeps. Throws a {@link ToolSelectionError} naming every tool
 * or tag that is not there, or when it keeps none: a misspelt name would otherwise serve fewer
 * tools (or none) without a word.
 */
export function selectTools(tools: readonly SelectableTool[], selection: ToolSelection): Set<string> {
  const names = new Set(tools.map((tool) => tool.name));
  const tags = new Map(tools.flatMap((tool) => tool.tags.map((tag) => [tag.toLowerCase(), tag] as const)));
  const unknownTools = (selection.tools ?? []).filter((name) => !names.has(name));
  const unknownTags = (selection.toolsets ?? []).filter((tag) => !tags.has(tag.toLowerCase()));
  if (unknownTools.length > 0 || unknownTags.length > 0) {
    const parts = [
      unknownTools.length > 0 ? `no tool named ${unknownTools.join(', ')}` : '',
      unknownTags.length > 0 ? `no tool has the tag ${unknownTags.join(', ')} (tags: ${listed([...new Set(tags.values())].sort())})` : '',
    ];
    throw new ToolSelectionError(`The tool selection names what this server does not have: ${parts.filter(Boolean).join('; ')}.`);
  }
  const byName = selection.tools === undefined ? undefined : new Set(selection.tools);
  const byTag = selection.toolsets === undefined ? undefined : new Set(selection.toolsets.map((tag) => tag.toLowerCase()));
  const chosen = tools.filter((tool) => {
    if (selection.readOnly === true && !tool.readOnly) return false;
    if (byName === undefined && byTag === undefined) return true;
    return (byName?.has(tool.name) ?? false) || tool.tags.some((tag) => byTag?.has(tag.toLowerCase()) ?? false);
  });
  if (chosen.length === 0 && tools.length > 0) {
    const named = [
      selection.tools?.length ? `the tools ${selection.tools.join(', ')}` : '',
      selection.toolsets?.length ? `the toolsets ${selection.toolsets.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    const why = selection.readOnly === true ? `${named ? `of ${named}, ` : ''}none only reads (readOnly)` : 'it names no tool and no toolset';
    throw new ToolSelectionError(`The tool selection leaves no tool: ${why}.`);
  }
  return new Set(chosen.map((tool) => tool.name));
}

/** At most 40 names, then how many more. */
function listed(names: readonly string[]): string {
  return names.length <= 40 ? names.join(', ') : `${names.slice(0, 40).join(', ')} and ${names.length - 40} more`;
}
