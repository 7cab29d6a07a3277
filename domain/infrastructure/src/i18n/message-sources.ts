import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The texts of the server's sources that may reach a user: every string and template literal that
 * reads as words, except where it is plainly not said to anyone (a log line, the API's own
 * description, a programmer's error, a comparison, a key). Checked by server-messages.unit.spec.ts:
 * each must be a message (or a term messages are made of) of the catalogs, so none is left
 * untranslated. A template literal is given with its substitutions as holes: `${name} is required`
 * is ['', ' is required'].
 */
export interface SourceText {
  file: string;
  line: number;
  /** The literal parts, the holes between them. A string literal has one part. */
  parts: string[];
}

/** Where the API's messages are written: the domain, the HTTP edge of the adapters, the services. */
export const MESSAGE_SOURCE_FOLDERS = ['domain/src', 'domain/infrastructure/src/http', 'command-api/src', 'query-api/src', 'projector/src/research'];

/** Files whose texts never reach an API answer: command lines, test data. */
const SKIPPED_FILES = /([/\\]events[/\\].*|\.spec\.ts|\.fixture\.ts|\.schemas\.ts|[/\\]cli[/\\].*|research-cli\.ts|research-tables-writer\.ts|api-description\.ts)$/;

/** Calls whose arguments are not said to the user: logs, descriptions of the API (`named` schemas), programmers' errors. */
const QUIET_CALLEE = /(^console\.|\.(log|info|warn|error|debug|trace|fatal|describe)$|^(Error|RangeError|TypeError|SyntaxError|ConfigError|mediaAnswer|named)$)/;

/** Object properties that describe the API or name things rather than say something (`plain`: why a kind's text field is not sealed). */
const QUIET_PROPERTIES = new Set(['description', 'summary', 'title', 'tags', 'name', 'contentType', 'text', 'plain']);

/** Constants that hold the API's description: its tags and the texts its routes share. */
const QUIET_CONSTANT = /^(TAGS|TZ)$|[dD]escription$/;

/** Reads as words: two or more, one of them lowercase, and not a path, a URL or a query. */
function readsAsWords(parts: readonly string[]): boolean {
  const text = parts.join(' ');
  if (!/\s/.test(text.trim()) || !/[a-z]{2,}/.test(text)) return false;
  return !/^(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|WITH|DROP)\b|https?:\/\//.test(text.trim());
}

function isQuiet(node: ts.Node): boolean {
  for (let at: ts.Node = node, parent = node.parent; parent; at = parent, parent = parent.parent) {
    if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isLiteralTypeNode(parent)) return true;
    if (ts.isCaseClause(parent) && parent.expression === at) return true;
    if (ts.isTypeNode(parent) && !ts.isExpressionWithTypeArguments(parent)) return true;
    if (ts.isPropertyAssignment(parent) && (parent.name === at || QUIET_PROPERTIES.has(parent.name.getText()))) return true;
    if (ts.isElementAccessExpression(parent) && parent.argumentExpression === at) return true;
    if (ts.isBinaryExpression(parent) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.InKeyword].includes(parent.operatorToken.kind)) return true;
    if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && at !== parent.expression && QUIET_CALLEE.test(parent.expression.getText())) return true;
    if (ts.isTaggedTemplateExpression(parent)) return true;
    if (ts.isVariableDeclaration(parent) && QUIET_CONSTANT.test(parent.name.getText())) return true;
  }
  return false;
}

function partsOf(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression): string[] {
  if (!ts.isTemplateExpression(node)) return [node.text];
  return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
}

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    // The catalogs' own code names messages to translate them, and says nothing itself.
    if (statSync(file).isDirectory()) {
      if (name !== 'i18n') yield* sourceFiles(file);
    } else if (file.endsWith('.ts') && !SKIPPED_FILES.test(file)) yield file;
  }
}

/** Every text of the message sources under `root` (the repository) that reads as words and may reach a user. */
export function sourceTexts(root: string): SourceText[] {
  const found: SourceText[] = [];
  for (const folder of MESSAGE_SOURCE_FOLDERS) {
    for (const file of sourceFiles(path.join(root, folder))) {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
          const parts = partsOf(node);
          if (readsAsWords(parts) && !isQuiet(node)) {
            found.push({ file: path.relative(root, file), line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, parts });
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return found;
}
