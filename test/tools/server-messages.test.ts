import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { messagePatterns, sentencesOf } from '../../src/web/i18n/message-patterns';

/*
 * Every message the server or a shared schema can send to the web app, and every message the
 * web app's own form schemas write, is known to the `errors` catalog (keyed by the English
 * message), so the message translator can give it in the reader's language. The messages are
 * found in the source, where they are written:
 * - the message given to `new AppError(code, message)` (and to its subclasses' `super`), to
 *   `new RateLimitedError(message, seconds)` and to the web app's `new ApiRequestError(status, code, message)`;
 * - a `message` or `error` property of an object literal: an answer's `{ error: { code, message } }`,
 *   an AI draft's error event, zod's `{ error: … }` and `addIssue({ message })`;
 * - the message argument of zod's checks: `.min(n, message)`, `.max`, `.regex`, `.refine`, `.int(message)` …;
 * - a constant named `…_MESSAGE`, or `…_REASON` (a reason the server writes itself, stored and shown like an
 *   administrator's).
 * A message is followed through constants (imported ones too), object literals, conditionals,
 * `+`, template literals and the functions that return it; a function's parameter is read from
 * each of the function's calls (`requiredText('A reason', …)` gives "A reason is required.").
 * What cannot be known in advance (a number from a constant, a name, a list) is a variable part,
 * which a catalog key's placeholder (`{{max}}`) stands for. A message is known when the catalog
 * has it exactly, or when each of its sentences is known exactly or by a key with placeholders,
 * as the translator reads a message the server joined from several sentences.
 */

const ROOTS = ['src/server', 'src/shared', 'src/web'];
/**
 * Set aside: the catalogs themselves; the configuration's messages, which go to the operator's
 * terminal when the server starts; and the log's records.
 */
const SKIPPED = ['src/web/i18n/', 'src/server/config.ts', 'src/server/lib/log-errors.ts'];
const ENGLISH_CATALOG = 'src/web/i18n/locales/en/errors.json';

/** Messages no reader of the web app meets, each with the reason. */
const NOT_FOR_THE_WEB_APP = new Map<string, string>([
  [
    'Send the metrics token as Authorization: Bearer <token>.',
    'the metrics endpoint answers a monitoring system, never the web app',
  ],
  [
    'No such file in this build',
    'answers a request for a script or style no build has: the browser loading it reads the status, and the app says the page cannot be loaded',
  ],
  ...[
    'Send the request body as JSON (Content-Type: application/json).',
    'Send the picture as multipart/form-data with the file in the field "file".',
    'The upload could not be read. Send the picture as multipart/form-data with the file in the field "file".',
    'Send one picture and nothing else, in the field "file".',
  ].map((message): [string, string] => [
    message,
    'tells a client other than the web app how to call the API: the web app’s requests are always so',
  ]),
  [
    'Before this is published, please check it: we found \u{E000}. Edit it, or send it again with "Submit anyway".',
    'the review and response forms show the screen’s notice from the findings the answer lists, never this text',
  ],
]);

/** Stands for a variable part in a message found in the source. */
const VARIABLE = '\u{E000}';

/** zod checks whose second argument is the message, and those whose first is. */
const MESSAGE_SECOND = new Set(['min', 'max', 'length', 'gt', 'gte', 'lt', 'lte', 'regex', 'refine', 'custom', 'enum']);
const MESSAGE_FIRST = new Set([
  'int',
  'positive',
  'nonnegative',
  'nonempty',
  'email',
  'uuid',
  'url',
  'date',
  'datetime',
]);

interface Binding {
  node: ts.Expression;
  env: Env;
}
/** A function's parameters as given at one of its calls. */
type Env = Map<ts.ParameterDeclaration, Binding>;

const files = new Map<string, ts.SourceFile>();

function collect(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (SKIPPED.some((skipped) => `${file}/`.startsWith(skipped))) continue;
    if (entry.isDirectory()) collect(file);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      files.set(
        file,
        ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX),
      );
  }
}

function* descendants(node: ts.Node): Generator<ts.Node> {
  yield node;
  for (const child of node.getChildren()) yield* descendants(child);
}

function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isNonNullExpression(current)
  )
    current = current.expression;
  return current;
}

/** The module an import points at, among the scanned files. */
function importedFile(from: ts.SourceFile, specifier: string): ts.SourceFile | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.join(path.dirname(from.fileName), specifier);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    const file = files.get(candidate);
    if (file) return file;
  }
  return undefined;
}

type Declaration = ts.VariableDeclaration | ts.FunctionDeclaration | ts.ParameterDeclaration;

/** Where a name is declared in a module's top level, following imports and re-exports. */
function topLevelDeclaration(file: ts.SourceFile, name: string, depth = 0): Declaration | undefined {
  if (depth > 5) return undefined;
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return declaration;
    } else if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return statement;
    else if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      const element = bindings.elements.find((imported) => imported.name.text === name);
      const target = element && importedFile(file, statement.moduleSpecifier.text);
      if (target) return topLevelDeclaration(target, (element.propertyName ?? element.name).text, depth + 1);
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      const element = statement.exportClause.elements.find((exported) => exported.name.text === name);
      const target = element && importedFile(file, statement.moduleSpecifier.text);
      if (target) return topLevelDeclaration(target, (element.propertyName ?? element.name).text, depth + 1);
    }
  }
  return undefined;
}

/** Where an identifier is declared: a parameter or a local constant of an enclosing function, else the module's. */
function declarationOf(identifier: ts.Identifier): Declaration | undefined {
  const name = identifier.text;
  for (let scope: ts.Node | undefined = identifier.parent; scope; scope = scope.parent) {
    if (ts.isFunctionLike(scope)) {
      const parameter = scope.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === name);
      if (parameter) return parameter;
    }
    if (ts.isBlock(scope) || ts.isCaseClause(scope)) {
      for (const statement of scope.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        for (const declaration of statement.declarationList.declarations)
          if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return declaration;
      }
    }
  }
  return topLevelDeclaration(identifier.getSourceFile(), name);
}

/** The expressions a function returns (its body, for an arrow function without braces). */
function returnedExpressions(fn: ts.SignatureDeclaration): ts.Expression[] {
  const body = (fn as ts.FunctionLikeDeclarationBase).body;
  if (!body) return [];
  if (!ts.isBlock(body)) return [body];
  const returned: ts.Expression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isReturnStatement(node) && node.expression) returned.push(node.expression);
    else if (!ts.isFunctionLike(node)) node.forEachChild(visit);
  };
  body.forEachChild(visit);
  return returned;
}

/** The function a callee names, when it is one declared in the scanned files. */
function calledFunction(callee: ts.Expression): ts.SignatureDeclaration | undefined {
  if (!ts.isIdentifier(callee)) return undefined;
  const declaration = declarationOf(callee);
  if (declaration && ts.isFunctionDeclaration(declaration)) return declaration;
  if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) {
    const initializer = unwrap(declaration.initializer);
    if (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer)) return initializer;
  }
  return undefined;
}

/** The parameters of `fn` bound to the arguments of one call. */
function bind(fn: ts.SignatureDeclaration, args: readonly ts.Expression[], callerEnv: Env): Env {
  const env: Env = new Map();
  fn.parameters.forEach((parameter, index) => {
    const argument = args[index];
    if (argument) env.set(parameter, { node: argument, env: callerEnv });
    else if (parameter.initializer) env.set(parameter, { node: parameter.initializer, env });
  });
  return env;
}

/**
 * Parameters read from one call of their function while the messages of a site are listed: a
 * function's call may pass on a parameter of the function it is in, read from that one's calls.
 */
let assumed: Env = new Map();

/** Raised when a message depends on a parameter no call has given: it is read again from each call. */
class UnboundParameter {
  constructor(readonly parameter: ts.ParameterDeclaration) {}
}

const product = (parts: string[][]): string[] =>
  parts.reduce<string[]>((texts, options) => texts.flatMap((text) => options.map((option) => text + option)), ['']);

/** Every text an expression can be, with VARIABLE for what cannot be known in advance. */
function textsOf(expression: ts.Expression, env: Env, depth = 0): string[] {
  if (depth > 12) return [VARIABLE];
  const node = unwrap(expression);
  const again = (next: ts.Expression, nextEnv = env) => textsOf(next, nextEnv, depth + 1);

  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node))
    return product([
      [node.head.text],
      ...node.templateSpans.flatMap((span) => [again(span.expression), [span.literal.text]]),
    ]);
  if (ts.isConditionalExpression(node)) return [...again(node.whenTrue), ...again(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const operator = node.operatorToken.kind;
    if (operator === ts.SyntaxKind.PlusToken) return product([again(node.left), again(node.right)]);
    if (operator === ts.SyntaxKind.QuestionQuestionToken || operator === ts.SyntaxKind.BarBarToken)
      return [...again(node.left), ...again(node.right)];
    return [VARIABLE];
  }
  if (ts.isObjectLiteralExpression(node)) {
    // `{ message: '…', path: […] }` given where a message goes (zod's refine).
    const property = node.properties.find(
      (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ['message', 'error'].includes(p.name.getText()),
    );
    return property ? again(property.initializer) : [VARIABLE];
  }
  if (ts.isIdentifier(node)) {
    const declaration = declarationOf(node);
    if (!declaration) return [VARIABLE];
    if (ts.isParameter(declaration)) {
      const bound = env.get(declaration) ?? assumed.get(declaration);
      if (bound) return again(bound.node, bound.env);
      if (ts.isFunctionLike(declaration.parent) && !ts.isConstructorDeclaration(declaration.parent))
        throw new UnboundParameter(declaration);
      return [VARIABLE];
    }
    if (ts.isVariableDeclaration(declaration) && declaration.initializer && ts.isIdentifier(declaration.name))
      return again(declaration.initializer);
    return [VARIABLE];
  }
  if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
    const values = objectValues(node.expression, env, depth);
    if (!values) return [VARIABLE];
    const name = ts.isPropertyAccessExpression(node)
      ? node.name.text
      : ts.isStringLiteral(node.argumentExpression)
        ? node.argumentExpression.text
        : undefined;
    const chosen = name === undefined ? [...values.values()] : values.has(name) ? [values.get(name)!] : [];
    return chosen.flatMap((value) => again(value));
  }
  if (ts.isCallExpression(node)) {
    const callee = unwrap(node.expression);
    // `refusals[name].replace('{wait}', …)`: the placeholder becomes a variable part.
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'replace' && node.arguments.length === 2) {
      const [placeholder] = node.arguments;
      if (placeholder && ts.isStringLiteral(placeholder))
        return again(callee.expression).map((text) => text.split(placeholder.text).join(VARIABLE));
    }
    const fn = calledFunction(callee);
    if (fn) return returnedExpressions(fn).flatMap((returned) => again(returned, bind(fn, node.arguments, env)));
    return [VARIABLE];
  }
  return [VARIABLE];
}

/** An object literal's property values, when the expression names one (a constant or a property of one). */
function objectValues(expression: ts.Expression, env: Env, depth: number): Map<string, ts.Expression> | undefined {
  if (depth > 12) return undefined;
  let node = unwrap(expression);
  if (ts.isIdentifier(node)) {
    const declaration = declarationOf(node);
    if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
    node = unwrap(declaration.initializer);
  } else if (ts.isPropertyAccessExpression(node)) {
    const value = objectValues(node.expression, env, depth + 1)?.get(node.name.text);
    if (!value) return undefined;
    node = unwrap(value);
  }
  if (!ts.isObjectLiteralExpression(node)) return undefined;
  const values = new Map<string, ts.Expression>();
  for (const property of node.properties)
    if (ts.isPropertyAssignment(property))
      values.set(property.name.getText().replace(/^['"]|['"]$/g, ''), property.initializer);
  return values;
}

/** The expressions in a file that hold a message a reader may see (see the comment at the top). */
function messageSites(file: ts.SourceFile): ts.Expression[] {
  const sites: ts.Expression[] = [];
  for (const node of descendants(file)) {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
      const index = { AppError: 1, RateLimitedError: 0, ApiRequestError: 2 }[node.expression.text];
      const argument = index === undefined ? undefined : node.arguments?.[index];
      if (argument) sites.push(argument);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword) {
      const inClass = node.parent && ts.findAncestor(node, ts.isClassDeclaration);
      const extendsAppError = inClass?.heritageClauses?.some((clause) =>
        clause.types.some((type) => type.expression.getText() === 'AppError'),
      );
      if (extendsAppError && node.arguments[1]) sites.push(node.arguments[1]);
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const argument = MESSAGE_SECOND.has(method)
        ? node.arguments[1]
        : MESSAGE_FIRST.has(method)
          ? node.arguments[0]
          : undefined;
      if (argument) sites.push(argument);
    } else if (
      (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) &&
      ts.isObjectLiteralExpression(node.parent) &&
      ['message', 'error'].includes(node.name.getText())
    ) {
      sites.push(ts.isPropertyAssignment(node) ? node.initializer : node.name);
    } else if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      /_(MESSAGE|REASON)$/.test(node.name.text) &&
      node.initializer
    ) {
      sites.push(node.initializer);
    }
  }
  return sites;
}

/** The calls of the function a parameter belongs to, across the scanned files. */
function callsOf(parameter: ts.ParameterDeclaration): { fn: ts.SignatureDeclaration; call: ts.CallExpression }[] {
  const fn = parameter.parent as ts.SignatureDeclaration;
  const name = ts.isFunctionDeclaration(fn)
    ? fn.name?.text
    : ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)
      ? fn.parent.name.text
      : undefined;
  if (!name) return [];
  const calls: { fn: ts.SignatureDeclaration; call: ts.CallExpression }[] = [];
  for (const file of files.values())
    for (const node of descendants(file))
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name)
        calls.push({ fn, call: node });
  return calls;
}

/** The messages a site can hold: once, or once per call of the function whose parameter it reads. */
function messagesAt(site: ts.Expression): string[] {
  const texts = (given: Env, tries = 0): string[] => {
    assumed = given;
    try {
      return textsOf(site, new Map());
    } catch (error) {
      if (!(error instanceof UnboundParameter)) throw error;
      const calls = tries < 4 ? callsOf(error.parameter) : [];
      if (calls.length === 0) return [VARIABLE];
      return calls.flatMap(({ fn, call }) =>
        texts(new Map([...given, ...bind(fn, call.arguments, new Map())]), tries + 1),
      );
    }
  };
  // Only texts with words of their own: a variable alone (a message passed along) is found where it is written.
  return texts(new Map()).filter((text) => /\p{L}{2,}/u.test(text.replaceAll(VARIABLE, ' ')));
}

interface Found {
  message: string;
  where: string;
}

function findMessages(): Found[] {
  for (const root of ROOTS) collect(root);
  const found = new Map<string, Found>();
  for (const file of files.values())
    for (const site of messageSites(file))
      for (const message of messagesAt(site)) {
        const { line } = file.getLineAndCharacterOfPosition(site.getStart());
        if (!found.has(message)) found.set(message, { message, where: `${file.fileName}:${line + 1}` });
      }
  return [...found.values()];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the catalog knows a message, as the translator reads it: whole, or sentence by sentence. */
function isKnown(message: string, keys: ReadonlySet<string>): boolean {
  if (keys.has(message)) return true;
  const patterns = messagePatterns(keys);
  return sentencesOf(message).every((sentence) => {
    // Nothing but variable parts (a provider's status in brackets): nothing to translate.
    if (!/\p{L}/u.test(sentence.replaceAll(VARIABLE, ''))) return true;
    if (!sentence.includes(VARIABLE)) return keys.has(sentence) || patterns.some(({ regex }) => regex.test(sentence));
    // A sentence with a variable part: some key reads as it does, with anything where the variable
    // is ("Please try again in 5 minutes."), or a key's placeholders take the variable parts in.
    const shape = new RegExp(`^${sentence.split(VARIABLE).map(escapeRegExp).join('.+')}$`, 's');
    return [...keys].some((key) => shape.test(key)) || patterns.some(({ regex }) => regex.test(sentence));
  });
}

const shown = (message: string) => message.replaceAll(VARIABLE, '…');

describe('messages a reader of the web app can meet', () => {
  const english = JSON.parse(readFileSync(ENGLISH_CATALOG, 'utf8')) as Record<string, string>;
  const keys = new Set(Object.keys(english));
  const found = findMessages();

  test('are found in the source', () => {
    // The scan itself works: some messages of each kind are among those found.
    const messages = found.map(({ message }) => message);
    expect(messages).toContain('Invalid email or password.');
    expect(messages).toContain(`Name must be at most ${VARIABLE} characters.`);
    expect(messages).toContain('A reason is required.');
    expect(messages).toContain('Choose a kind of action from the list.');
    expect(messages).toContain(`Too many failed login attempts. Please try again in ${VARIABLE}.`);
    expect(messages).toContain('The passwords do not match.');
    expect(found.length).toBeGreaterThan(150);
  });

  test('are each in the English errors catalog, exactly or by a key with placeholders', () => {
    const missing = found
      .filter(({ message }) => !NOT_FOR_THE_WEB_APP.has(message) && !isKnown(message, keys))
      .map(({ message, where }) => `${where}: ${shown(message)}`);
    expect(missing, 'messages missing from src/web/i18n/locales/en/errors.json').toEqual([]);
  });

  test('the catalog’s English is its keys, and a key with placeholders is one sentence', () => {
    expect(Object.entries(english).filter(([key, text]) => key !== text)).toEqual([]);
    const multiSentence = messagePatterns(keys)
      .map(({ key }) => key)
      .filter((key) => sentencesOf(key).length > 1);
    expect(multiSentence, 'the translator matches placeholders sentence by sentence').toEqual([]);
  });

  test('the messages set aside are still there', () => {
    const messages = new Set(found.map(({ message }) => message));
    expect([...NOT_FOR_THE_WEB_APP.keys()].filter((message) => !messages.has(message)).map(shown)).toEqual([]);
  });
});
