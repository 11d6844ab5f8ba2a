import { posix } from 'node:path';
import ts from 'typescript';

/**
 * One relative import of a module: where it points and where it is written. Type-only imports are
 * edges like any other: a cycle through types still ties the modules' meanings together.
 */
export interface ImportEdge {
  specifier: string;
  /** The imported module, relative to the checked root (`emit/print.ts`); undefined when no file of the root matches. */
  target: string | undefined;
  line: number;
  /** True when the import loads no code (`import type`, only type names, a type position). */
  typeOnly: boolean;
}

/** An import of a package (`@redocly/openapi-core`, `node:fs`). */
export interface PackageImport {
  specifier: string;
  line: number;
  typeOnly: boolean;
}

/** A node:fs function a module can write with, as it reaches the module. */
export interface FsWrite {
  name: string;
  line: number;
}

/** What the rules need of one module. */
export interface ModuleInfo {
  path: string;
  imports: ImportEdge[];
  packages: PackageImport[];
  fsWrites: FsWrite[];
}

const FS_MODULES = new Set(['fs', 'node:fs']);
const FS_PROMISE_MODULES = new Set(['fs/promises', 'node:fs/promises']);

/** The names under which node:fs (sync, callback and `fs/promises` forms) creates, changes or removes files. */
export const FS_WRITE_FUNCTIONS = new Set(
  ['writeFile', 'appendFile', 'mkdir', 'mkdtemp', 'rename', 'rm', 'rmdir', 'unlink', 'link', 'symlink', 'copyFile', 'cp', 'truncate', 'chmod', 'utimes']
    .flatMap((name) => [name, `${name}Sync`])
    .concat(['createWriteStream']),
);

/**
 * Parses one module's relative imports (static, `export ... from`, `import type`, dynamic `import('./x.js')`
 * and `import('./x.js')` types) and the node:fs write functions it can reach. `exists` says whether a
 * root-relative path is a module of the root, to resolve `./x.js` to `x.ts` and `./dir` to `dir/index.ts`.
 */
export function parseModule(path: string, text: string, exists: (path: string) => boolean): ModuleInfo {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const imports: ImportEdge[] = [];
  const packages: PackageImport[] = [];
  const fsWrites: FsWrite[] = [];
  const fsNamespaces = new Map<string, 'fs' | 'promises'>();
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const fsKind = (specifier: string) => (FS_MODULES.has(specifier) ? 'fs' : FS_PROMISE_MODULES.has(specifier) ? 'promises' : undefined);

  const addImport = (specifier: string, node: ts.Node, typeOnly = false) => {
    if (specifier.startsWith('.')) imports.push({ specifier, target: resolveSpecifier(path, specifier, exists), line: lineOf(node), typeOnly });
    else packages.push({ specifier, line: lineOf(node), typeOnly });
  };
  const noteFsName = (name: string, node: ts.Node) => {
    if (FS_WRITE_FUNCTIONS.has(name)) fsWrites.push({ name, line: lineOf(node) });
  };

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const specifier = node.moduleSpecifier.text;
      const clause = node.importClause;
      const bound = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        (clause.isTypeOnly || (!clause.name && bound !== undefined && ts.isNamedImports(bound) && bound.elements.every((element) => element.isTypeOnly)));
      addImport(specifier, node, onlyTypes);
      const kind = fsKind(specifier);
      if (kind && clause && !clause.isTypeOnly) {
        if (clause.name) fsNamespaces.set(clause.name.text, kind);
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) fsNamespaces.set(bindings.name.text, kind);
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            if (element.isTypeOnly) continue;
            const imported = (element.propertyName ?? element.name).text;
            if (kind === 'fs' && imported === 'promises') fsNamespaces.set(element.name.text, 'promises');
            else noteFsName(imported, element);
          }
        }
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      addImport(node.moduleSpecifier.text, node, node.isTypeOnly);
      if (fsKind(node.moduleSpecifier.text)) fsWrites.push({ name: 'a re-export of node:fs', line: lineOf(node) });
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      addImport(node.moduleReference.expression.text, node);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) {
        addImport(argument.text, node);
        // What a dynamic import of node:fs is used for is not visible here; a static import is.
        if (fsKind(argument.text)) fsWrites.push({ name: `import('${argument.text}')`, line: lineOf(node) });
      }
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      addImport(node.argument.literal.text, node, true);
    } else if (ts.isPropertyAccessExpression(node)) {
      const kind = namespaceKind(node.expression, fsNamespaces);
      if (kind) noteFsName(node.name.text, node.name);
      // `fs.promises.writeFile`
      if (kind === 'fs' && node.name.text === 'promises' && ts.isPropertyAccessExpression(node.parent) && node.parent.expression === node)
        noteFsName(node.parent.name.text, node.parent.name);
    } else if (ts.isVariableDeclaration(node) && ts.isObjectBindingPattern(node.name) && node.initializer && namespaceKind(node.initializer, fsNamespaces)) {
      for (const element of node.name.elements) {
        const key = element.propertyName ?? element.name;
        if (ts.isIdentifier(key)) noteFsName(key.text, element);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { path, imports, packages, fsWrites };
}

function namespaceKind(expression: ts.Expression, namespaces: ReadonlyMap<string, 'fs' | 'promises'>): 'fs' | 'promises' | undefined {
  return ts.isIdentifier(expression) ? namespaces.get(expression.text) : undefined;
}

/** `./x.js` from `emit/a.ts` -> `emit/x.ts`, as NodeNext resolution maps it; undefined if no module matches. */
function resolveSpecifier(from: string, specifier: string, exists: (path: string) => boolean): string | undefined {
  const joined = posix.normalize(posix.join(posix.dirname(from), specifier));
  const candidates = /\.[mc]?js$/.test(joined)
    ? [
        joined
          .replace(/\.js$/, '.ts')
          .replace(/\.mjs$/, '.mts')
          .replace(/\.cjs$/, '.cts'),
      ]
    : [joined, `${joined}.ts`, `${joined}/index.ts`];
  return candidates.find(exists);
}

/**
 * Every cycle of the import graph, one per strongly connected component, each written as the shortest
 * path from the component's first module back to itself: `a.ts -> b.ts -> a.ts`.
 */
export function findCycles(modules: ReadonlyMap<string, ModuleInfo>): string[] {
  const next = (path: string) =>
    [...new Set((modules.get(path)?.imports ?? []).flatMap((edge) => (edge.target && modules.has(edge.target) ? [edge.target] : [])))].sort();
  const cycles: string[] = [];
  for (const component of stronglyConnected([...modules.keys()].sort(), next)) {
    const start = component[0];
    if (start === undefined) continue;
    const members = new Set(component);
    if (component.length === 1 && !next(start).includes(start)) continue;
    cycles.push(shortestCycle(start, (path) => next(path).filter((target) => members.has(target))).join(' -> '));
  }
  return cycles;
}

/** Tarjan's algorithm, iterative so a deep chain of imports cannot overflow the stack; components sorted. */
function stronglyConnected(nodes: readonly string[], next: (node: string) => string[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: { node: string; targets: string[]; at: number }[] = [];
    const open = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, targets: next(node), at: 0 });
    };
    open(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const target = frame.targets[frame.at];
      if (target !== undefined) {
        frame.at += 1;
        if (!index.has(target)) open(target);
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      components.push(component.sort());
    }
  }
  return components.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

/** Breadth-first from `start` to the first path that returns to it. */
function shortestCycle(start: string, next: (node: string) => string[]): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  for (let at = 0; at < queue.length; at += 1) {
    const node = queue[at]!;
    for (const target of next(node)) {
      if (target === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (previous.has(target)) continue;
      previous.set(target, node);
      queue.push(target);
    }
  }
  return [start, start];
}
