import ts from 'typescript';
import { SUBSCHEMA_KEYWORDS } from '../../generator/subschemas.js';

/**
 * The compositions, read each for its own meaning (`allOf` merges, `oneOf` picks one) by code that
 * is no walk: a list of them alone says nothing of where schemas sit.
 */
const COMPOSITIONS = new Set(['allOf', 'anyOf', 'oneOf']);

/** The keywords a spelled list counts: those that hold subschemas (subschemas.ts), the compositions aside. */
const COUNTED = new Set(Object.keys(SUBSCHEMA_KEYWORDS).filter((keyword) => !COMPOSITIONS.has(keyword)));

/** Where a module spells two or more keywords that hold subschemas as one list. */
export interface SpelledList {
  path: string;
  line: number;
  /** The named declarations around it, outermost first (`REF_PLACES.names`, `hasUncheckedKeyword`). */
  owner: string;
  /** How it is spelled: an array literal, the keys of an object literal, the cases of a switch, or `key === 'a' || key === 'b'`. */
  form: 'array' | 'object' | 'switch' | 'comparisons';
  keywords: string[];
}

/**
 * An object literal is a table keyed by keyword from this many such keys on: a schema written as a
 * literal (`{ properties, additionalProperties: false }`) has a few, a table of keywords has them all.
 */
const OBJECT_KEYS = 4;

/**
 * Every list of subschema keywords a module spells, in four forms: an array literal (a `new Set`'s
 * too), the string cases of one `switch`, a chain of `||` comparing one expression with strings, and
 * the keys of an object literal. A list counts when two or more of its strings (four or more of an
 * object's keys) are keywords that hold subschemas, the compositions aside; other strings beside them
 * do not excuse it (that is what allowances, with their reasons, are for).
 */
export function spelledSubschemaLists(path: string, text: string): SpelledList[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: SpelledList[] = [];
  const add = (node: ts.Node, form: SpelledList['form'], strings: readonly string[]) => {
    const keywords = [...new Set(strings.filter((s) => COUNTED.has(s)))];
    if (keywords.length < (form === 'object' ? OBJECT_KEYS : 2)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push({ path, line, owner: ownerOf(node), form, keywords });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isArrayLiteralExpression(node))
      add(
        node,
        'array',
        node.elements.filter(ts.isStringLiteralLike).map((e) => e.text),
      );
    else if (ts.isObjectLiteralExpression(node))
      add(
        node,
        'object',
        node.properties.flatMap((p) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteralLike(p.name)) ? [p.name.text] : [])),
      );
    else if (ts.isSwitchStatement(node)) {
      const cases = node.caseBlock.clauses.flatMap((clause) =>
        ts.isCaseClause(clause) && ts.isStringLiteralLike(clause.expression) ? [clause.expression.text] : [],
      );
      add(node, 'switch', cases);
    } else if (isOrChain(node) && !isOrChain(node.parent)) add(node, 'comparisons', comparedStrings(node));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function isOrChain(node: ts.Node | undefined): node is ts.BinaryExpression {
  return !!node && ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.BarBarToken;
}

/** The strings an `||` chain compares one and the same expression with (`key === 'items' || key === 'not'`). */
function comparedStrings(chain: ts.BinaryExpression): string[] {
  const operands: ts.Expression[] = [];
  const flatten = (node: ts.Expression) => {
    const inner = ts.isParenthesizedExpression(node) ? node.expression : node;
    if (isOrChain(inner)) {
      flatten(inner.left);
      flatten(inner.right);
    } else operands.push(inner);
  };
  flatten(chain);
  const bySubject = new Map<string, string[]>();
  for (const operand of operands) {
    if (!ts.isBinaryExpression(operand)) continue;
    const kind = operand.operatorToken.kind;
    if (kind !== ts.SyntaxKind.EqualsEqualsEqualsToken && kind !== ts.SyntaxKind.EqualsEqualsToken) continue;
    const [subject, value] = ts.isStringLiteralLike(operand.right) ? [operand.left, operand.right] : [operand.right, operand.left];
    if (!ts.isStringLiteralLike(value)) continue;
    const key = subject.getText();
    bySubject.set(key, [...(bySubject.get(key) ?? []), value.text]);
  }
  return [...bySubject.values()].reduce((most, strings) => (strings.length > most.length ? strings : most), [] as string[]);
}

/** The names of the declarations around a node, outermost first, joined with dots; `(module)` at the top level. */
function ownerOf(node: ts.Node): string {
  const names: string[] = [];
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    const name = (at as { name?: ts.Node }).name;
    const named =
      ts.isVariableDeclaration(at) ||
      ts.isPropertyAssignment(at) ||
      ts.isFunctionDeclaration(at) ||
      ts.isMethodDeclaration(at) ||
      ts.isClassDeclaration(at) ||
      ts.isPropertyDeclaration(at);
    if (named && name && (ts.isIdentifier(name) || ts.isStringLiteralLike(name))) names.unshift(name.text);
  }
  return names.length > 0 ? names.join('.') : '(module)';
}
