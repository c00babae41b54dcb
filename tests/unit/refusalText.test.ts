import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The SPA tells refusals apart by their `code` and puts them under their `field`, never by
 * the words of their message: a reworded message must not break a form. This reads every
 * file of src/ and fails on code that matches a message's text, and on a regular expression
 * that spells out words of a sentence the server or the contract writes.
 */

const ROOT = join(__dirname, '../..');

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name));
}

const parse = (path: string) =>
  ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);

function walk(node: ts.Node, visit: (node: ts.Node) => void) {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** The functions of src/api/errors.ts that give a refusal's message. */
const MESSAGE_CALLS = new Set(['serverMessage', 'failureMessage', 'loadErrorMessage']);
/** What matches text: a string's methods, and a regular expression's. */
const TEXT_METHODS = new Set([
  'includes',
  'startsWith',
  'endsWith',
  'match',
  'matchAll',
  'search',
  'indexOf',
  'localeCompare',
]);
const REGEX_METHODS = new Set(['test', 'exec']);

/**
 * The places in a file that match a message's text: a message is a call of MESSAGE_CALLS,
 * a `.message` property, or a name given one of those; it is matched when a regular
 * expression tests it, a text method reads it, it is compared with anything but '' or
 * undefined, or switched on.
 */
function messageMatches(source: ts.SourceFile): string[] {
  const tainted = new Set<string>();
  const isMessage = (e: ts.Expression): boolean => {
    const node = ts.skipPartiallyEmittedExpressions(e);
    if (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node))
      return isMessage(node.expression);
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression))
      return MESSAGE_CALLS.has(node.expression.text);
    if (ts.isPropertyAccessExpression(node)) return node.name.text === 'message';
    if (ts.isIdentifier(node)) return tainted.has(node.text);
    if (ts.isConditionalExpression(node))
      return isMessage(node.whenTrue) || isMessage(node.whenFalse);
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken
    )
      return isMessage(node.left) || isMessage(node.right);
    return false;
  };
  // Names given a message, wherever in the file (a first pass, so that order does not matter).
  walk(source, (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      if (isMessage(node.initializer)) tainted.add(node.name.text);
    }
  });
  const harmless = (e: ts.Expression) =>
    (ts.isStringLiteral(e) && e.text === '') ||
    e.kind === ts.SyntaxKind.NullKeyword ||
    (ts.isIdentifier(e) && e.text === 'undefined');
  const found: string[] = [];
  const at = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${source.fileName.slice(ROOT.length + 1)}:${line + 1}: ${node.getText()}`);
  };
  walk(source, (node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      if (TEXT_METHODS.has(method) && isMessage(node.expression.expression)) at(node);
      if (REGEX_METHODS.has(method) && node.arguments.some(isMessage)) at(node);
    }
    if (
      ts.isBinaryExpression(node) &&
      [
        ts.SyntaxKind.EqualsEqualsEqualsToken,
        ts.SyntaxKind.ExclamationEqualsEqualsToken,
        ts.SyntaxKind.EqualsEqualsToken,
        ts.SyntaxKind.ExclamationEqualsToken,
      ].includes(node.operatorToken.kind) &&
      ((isMessage(node.left) && !harmless(node.right)) ||
        (isMessage(node.right) && !harmless(node.left)))
    )
      at(node);
    if (ts.isSwitchStatement(node) && isMessage(node.expression)) at(node.expression);
  });
  return found;
}

/** The sentences the server and the contract write (literals and templates' fixed parts). */
function sentences(): string[] {
  const out = new Set<string>();
  for (const path of [...filesUnder('server'), ...filesUnder('contract')]) {
    walk(parse(path), (node) => {
      const text =
        ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
          ? node.text
          : ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)
            ? node.text
            : undefined;
      // A sentence: words with a space between them, not a path, a query or a pattern.
      if (text && /^[A-Za-z][\w'’-]* [\w'’-]+/.test(text) && !/[{}\\]/.test(text)) out.add(text);
    });
  }
  return [...out];
}

describe('the SPA never reads a refusal’s words', () => {
  const sources = filesUnder('src').map(parse);

  it('matches no message with a regular expression, a text method or a comparison', () => {
    expect(sources.flatMap(messageMatches)).toEqual([]);
  });

  it('has no regular expression that spells out a sentence the server writes', () => {
    const said = sentences();
    expect(said.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const source of sources) {
      walk(source, (node) => {
        if (!ts.isRegularExpressionLiteral(node)) return;
        const end = node.text.lastIndexOf('/');
        const pattern = node.text.slice(1, end);
        // Only a pattern that spells words out can be looking for a sentence.
        if (!/[A-Za-z]{2,} [A-Za-z]{2,}/.test(pattern)) return;
        const regex = new RegExp(pattern, node.text.slice(end + 1));
        const matched = said.find((s) => regex.test(s));
        if (matched !== undefined) found.push(`${source.fileName}: ${node.text} ~ "${matched}"`);
      });
    }
    expect(found).toEqual([]);
  });

  it('catches the matching it is meant to', () => {
    const code = `
      const message = serverMessage(error);
      if (/^Insufficient balance/.test(message)) show('amount');
      if (failureMessage(error, 'x').startsWith('An account')) show('email');
      if (serverMessage(error) === STALE_RECORD_MESSAGE) stale();
      if (refused.message.includes('taken')) show('email');
      if (typeof data.message === 'string' && data.message !== '') keep();
    `;
    const found = messageMatches(
      ts.createSourceFile(join(ROOT, 'x.ts'), code, ts.ScriptTarget.Latest, true),
    );
    expect(found.map((f) => f.split(': ')[1])).toEqual([
      '/^Insufficient balance/.test(message)',
      "failureMessage(error, 'x').startsWith('An account')",
      'serverMessage(error) === STALE_RECORD_MESSAGE',
      "refused.message.includes('taken')",
    ]);
  });
});
