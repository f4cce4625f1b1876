/**
 * The length of every function in the club's product code (issue 30, item
 * 6): declarations, expressions, arrows, methods, constructors and getters,
 * read with the TypeScript parser. Product code is each package's src,
 * scripts and bench and the root scripts, less tests, end-to-end drivers,
 * test helpers and the store's conformance suite.
 * `npx tsx scripts/function-sizes.ts [min]` prints those of `min` lines or
 * more (80 by default), longest first; function-sizes.test.ts holds the
 * ceiling.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export interface FunctionSize {
  /** The function's name, or its variable's or property's; '(anonymous)' when it has none. */
  readonly name: string;
  /** `path:line` of its first line. */
  readonly at: string;
  readonly lines: number;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PRODUCT = ['packages/*/src/**.ts', 'packages/*/scripts/**.ts', 'packages/*/bench/**.ts', 'scripts/**.ts'];
const NOT_PRODUCT = /\.test\.ts$|\.d\.ts$|\/e2e\/|\/testing\/|\/conformance\//;

/** The functions of one source text. */
export function sizesIn(path: string, text: string): FunctionSize[] {
  const src = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const out: FunctionSize[] = [];
  const visit = (n: ts.Node): void => {
    if (
      ts.isFunctionDeclaration(n) ||
      ts.isFunctionExpression(n) ||
      ts.isArrowFunction(n) ||
      ts.isMethodDeclaration(n) ||
      ts.isConstructorDeclaration(n) ||
      ts.isGetAccessorDeclaration(n)
    ) {
      const first = src.getLineAndCharacterOfPosition(n.getStart(src)).line;
      const last = src.getLineAndCharacterOfPosition(n.getEnd()).line;
      out.push({ name: nameOf(n, src), at: `${path}:${first + 1}`, lines: last - first + 1 });
    }
    ts.forEachChild(n, visit);
  };
  visit(src);
  return out;
}

function nameOf(n: ts.SignatureDeclaration, src: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(n)) return 'constructor';
  if (n.name) return n.name.getText(src);
  const p = n.parent;
  if (p && (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p))) return p.name.getText(src);
  return '(anonymous)';
}

/** Every function of the product code (the files git tracks), longest first. */
export function productFunctionSizes(root = ROOT): FunctionSize[] {
  const files = execFileSync('git', ['ls-files', ...PRODUCT], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f !== '' && !NOT_PRODUCT.test(f));
  return files.flatMap((f) => sizesIn(f, readFileSync(`${root}/${f}`, 'utf8'))).sort((a, b) => b.lines - a.lines);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const min = Number(process.argv[2] ?? 80);
  const all = productFunctionSizes();
  for (const f of all.filter((s) => s.lines >= min)) console.log(`${String(f.lines).padStart(4)}  ${f.name.padEnd(28)} ${f.at}`);
  console.log(`${all.length} functions; ${all.filter((s) => s.lines >= 80).length} of 80 lines or more, ${all.filter((s) => s.lines > 150).length} over 150`);
}
