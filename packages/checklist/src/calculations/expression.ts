/**
 * The calculation language: arithmetic over variables and plain numbers, parsed by a limited
 * mathjs instance. Only an allow-list of syntax nodes and functions is accepted, so there is no
 * property access, assignment, function definition, `import` or `evaluate` reachable from a formula;
 * nothing is ever run through `eval`.
 */
import {
  absDependencies,
  ceilDependencies,
  compileDependencies,
  create,
  divideDependencies,
  floorDependencies,
  maxDependencies,
  minDependencies,
  modDependencies,
  multiplyDependencies,
  parseDependencies,
  powDependencies,
  roundDependencies,
  sqrtDependencies,
  subtractDependencies,
  addDependencies,
  unaryMinusDependencies,
  unaryPlusDependencies,
  type EvalFunction,
  type MathNode,
} from 'mathjs/number';
import type { ChecklistMessageCode } from '../messages.ts';

const math = create(
  {
    parseDependencies,
    compileDependencies,
    addDependencies,
    subtractDependencies,
    multiplyDependencies,
    divideDependencies,
    powDependencies,
    modDependencies,
    unaryMinusDependencies,
    unaryPlusDependencies,
    absDependencies,
    roundDependencies,
    floorDependencies,
    ceilDependencies,
    sqrtDependencies,
    minDependencies,
    maxDependencies,
  },
  { number: 'number' },
);

/** Functions a formula may call. */
export const CALCULATION_FUNCTIONS = ['abs', 'round', 'floor', 'ceil', 'sqrt', 'min', 'max', 'mod', 'pow'] as const;
const FUNCTIONS: ReadonlySet<string> = new Set(CALCULATION_FUNCTIONS);
const OPERATORS: ReadonlySet<string> = new Set(['add', 'subtract', 'multiply', 'divide', 'pow', 'mod', 'unaryMinus', 'unaryPlus']);
/** Variable keys: a letter or underscore, then letters, digits or underscores. */
export const VARIABLE_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const MAX_EXPRESSION_LENGTH = 1000;

export type ExpressionCheck = { ok: true; variables: string[] } | { ok: false; code: ChecklistMessageCode; params: Record<string, string> };

export interface CompiledExpression {
  variables: string[];
  evaluate(scope: Readonly<Record<string, number | null>>): number | null;
}

type Parsed = { node: MathNode } | { node: null; position: number | null };

/** The formula's syntax tree, or where the parser stopped (1-based, within the formula) when it could tell. */
function parse(expression: string): Parsed {
  if (expression.trim() === '' || expression.length > MAX_EXPRESSION_LENGTH) return { node: null, position: null };
  try {
    return { node: math.parse(expression) };
  } catch (error) {
    const char = (error as { char?: unknown }).char;
    return { node: null, position: typeof char === 'number' ? Math.min(Math.max(char, 1), expression.length) : null };
  }
}

/** Walks the tree; returns the symbols read as variables, or null if any node is not allowed. */
function inspect(root: MathNode): string[] | null {
  const variables: string[] = [];
  let allowed = true;
  root.traverse((node, _path, parent) => {
    if (!allowed) return;
    switch (node.type) {
      case 'ConstantNode': {
        if (typeof (node as MathNode & { value: unknown }).value !== 'number') allowed = false;
        break;
      }
      case 'ParenthesisNode':
        break;
      case 'OperatorNode': {
        if (!OPERATORS.has((node as MathNode & { fn: string }).fn)) allowed = false;
        break;
      }
      case 'FunctionNode': {
        const fn = (node as MathNode & { fn: MathNode }).fn;
        if (fn.type !== 'SymbolNode' || !FUNCTIONS.has((fn as MathNode & { name: string }).name)) allowed = false;
        break;
      }
      case 'SymbolNode': {
        const isCallee = parent?.type === 'FunctionNode' && (parent as MathNode & { fn: MathNode }).fn === node;
        const name = (node as MathNode & { name: string }).name;
        if (!isCallee && !variables.includes(name)) variables.push(name);
        break;
      }
      default:
        allowed = false;
    }
  });
  return allowed ? variables : null;
}

/**
 * Checks a formula against the variable keys it may use: "Equation is invalid at character {position}"
 * where the parser stopped, "Equation is invalid" for forbidden syntax, "Variable {var} unknown" for an
 * unknown key.
 */
export function checkExpression(expression: string, knownVariables: readonly string[]): ExpressionCheck {
  const parsed = parse(expression);
  if (!parsed.node && parsed.position !== null)
    return { ok: false, code: 'CKL_EQUATION_INVALID_AT', params: { position: String(parsed.position) } };
  const variables = parsed.node ? inspect(parsed.node) : null;
  if (!variables) return { ok: false, code: 'CKL_EQUATION_INVALID', params: {} };
  for (const variable of variables) {
    if (!knownVariables.includes(variable)) return { ok: false, code: 'CKL_VARIABLE_UNKNOWN', params: { var: variable } };
  }
  return { ok: true, variables };
}

/** Compiles a checked formula. A missing variable, or a result that is not finite, gives null. */
export function compileExpression(expression: string): CompiledExpression | null {
  const { node } = parse(expression);
  const variables = node ? inspect(node) : null;
  if (!node || !variables) return null;
  let compiled: EvalFunction;
  try {
    compiled = node.compile();
  } catch {
    return null;
  }
  return {
    variables,
    evaluate(scope) {
      const values: Record<string, number> = {};
      for (const variable of variables) {
        const value = scope[variable];
        if (value === null || value === undefined || !Number.isFinite(value)) return null;
        values[variable] = value;
      }
      try {
        const result: unknown = compiled.evaluate(values);
        return typeof result === 'number' && Number.isFinite(result) ? result : null;
      } catch {
        return null;
      }
    },
  };
}

/** Rounds to the item's decimal places when it has them. */
export function roundTo(value: number, decimals: number | null | undefined): number {
  if (decimals === null || decimals === undefined) return value;
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
