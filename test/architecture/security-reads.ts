import ts from 'typescript';

/** The keys under which an OpenAPI document (or a Swagger 2.0 one) states its security. */
const SECURITY_KEYS = new Set(['security', 'securitySchemes', 'securityDefinitions']);
/** A JSON pointer (or a piece of one) that names one of those keys as a segment. */
const POINTER = /(^|[#/])(security|securitySchemes|securityDefinitions)(\/|$)/;

/** A place where a module reads the document's security itself. */
export interface SecurityRead {
  path: string;
  line: number;
  /** The expression, as written. */
  text: string;
}

/**
 * Every place in `sources` (root-relative path -> text) that reads the security of a raw document:
 * a string naming one of its keys (`'security'`, `'#/components/securitySchemes'`: an element access,
 * a JSON pointer), or a property `security`, `securitySchemes` or `securityDefinitions` read (or
 * destructured) whose value is not of a type the model declares (`modelTypes`, e.g. `model/types.ts`:
 * `op.security` reads the model's description; `document.security`, of type `unknown`, the
 * document). Assigning such a property is no read. Types come from a program of `sources` alone.
 */
export function securityReads(sources: Readonly<Record<string, string>>, modelTypes: string): SecurityRead[] {
  const files = new Map(Object.entries(sources).map(([path, text]) => [`/root/${path}`, text]));
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noResolve: true,
    lib: ['lib.es2023.d.ts'],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, version, ...rest) => {
    const text = files.get(name);
    return text === undefined ? getSourceFile(name, version, ...rest) : ts.createSourceFile(name, text, version, true, ts.ScriptKind.TS);
  };
  host.fileExists = (name) => files.has(name) || fileExists(name);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  const folders = new Set(
    [...files.keys()].flatMap((name) =>
      name
        .split('/')
        .slice(1, -1)
        .map((_, i, parts) => `/${parts.slice(0, i + 1).join('/')}`),
    ),
  );
  host.directoryExists = (name) => folders.has(name.replace(/\/$/, ''));
  host.realpath = (name) => name;
  host.getCurrentDirectory = () => '/root';
  const program = ts.createProgram({ rootNames: [...files.keys()], options, host });
  const checker = program.getTypeChecker();
  const declaredByModel = (type: ts.Type): boolean => {
    if (type.isUnion()) return type.types.filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null))).every(declaredByModel);
    const symbol = type.aliasSymbol ?? type.getSymbol();
    if (symbol?.declarations?.some((d) => d.getSourceFile().fileName === `/root/${modelTypes}`)) return true;
    const [element] = checker.isArrayType(type) ? checker.getTypeArguments(type as ts.TypeReference) : [];
    return element !== undefined && declaredByModel(element);
  };
  const found: SecurityRead[] = [];
  for (const source of program.getSourceFiles()) {
    if (!files.has(source.fileName)) continue;
    const path = source.fileName.slice('/root/'.length);
    const note = (node: ts.Node) =>
      found.push({ path, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text: node.getText(source).slice(0, 80) });
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
      if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
        // A string in a type (`Pick<OperationModel, 'security'>`) names a field of a type, not of the document.
        if ((SECURITY_KEYS.has(node.text) || POINTER.test(node.text)) && !ts.isLiteralTypeNode(node.parent)) note(node);
      } else if (ts.isPropertyAccessExpression(node) && SECURITY_KEYS.has(node.name.text) && !isAssigned(node)) {
        if (!declaredByModel(checker.getTypeAtLocation(node))) note(node);
      } else if (ts.isBindingElement(node) && SECURITY_KEYS.has((node.propertyName ?? node.name).getText(source))) {
        if (!declaredByModel(checker.getTypeAtLocation(node))) note(node);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function isAssigned(node: ts.Node): boolean {
  const parent = node.parent;
  return ts.isBinaryExpression(parent) && parent.left === node && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken;
}

/** The text of every string of a module, a template's pieces each apart (comments left out). */
export function stringPieces(text: string): string[] {
  const source = ts.createSourceFile('module.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const pieces: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) pieces.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return pieces;
}
