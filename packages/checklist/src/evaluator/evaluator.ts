/**
 * The evaluator: given a document and answers, each item's visibility, enablement, requirement,
 * color, value, score and rating. The graph is built once; `update` re-evaluates only the items
 * that read, directly or not, the changed answer, in topological order, and stops where nothing
 * changes. Items inside a repeatable are evaluated once per repeat instance.
 */
import { roundTo } from '../calculations/expression.ts';
import { toNumber } from '../calculations/numbers.ts';
import type { ChecklistMessageCode } from '../messages.ts';
import { combine, evaluateCondition, isBlank } from '../rules/conditions.ts';
import { RULE_COLOR_VALUES, type RequiredActionKind } from '../rules/constants.ts';
import { wallClock } from '../rules/dates.ts';
import { answerKey, parseAnswerKey, type Answer, type Answers, type Item, type TemplateDocument } from '../schema.ts';
import { scoreItem, toPercentage, type Points } from '../scoring/score.ts';
import { buildPlan, type CompiledRule, type EvaluationPlan } from './plan.ts';

export interface ItemState {
  key: string;
  item_id: string;
  instance_id: string | null;
  /** Shown to the inspector. */
  visible: boolean;
  /** Not hidden by a rule (on itself or a container): its value counts for others. */
  active: boolean;
  enabled: boolean;
  required: boolean;
  color: string | null;
  value: unknown;
  answered: boolean;
  require_media: boolean;
  require_note: boolean;
  require_action: RequiredActionKind[];
  exclude_report: boolean;
  score: number | null;
  max_score: number | null;
  rating: number | null;
  /** A calculation whose formula cannot run. */
  error: ChecklistMessageCode | null;
}

export interface Total extends Points {
  percentage: number | null;
}

export interface EvaluatorOptions {
  answers?: Answers;
  /** Instance ids per repeatable item id; by default those found in the answers, else one (`'1'`). */
  instances?: Record<string, readonly string[]>;
  /** The clock, injected (the current-date and relative-date functions read it). */
  now?: () => Date;
  /** The inspector's offset from UTC, for wall-clock dates. */
  utcOffsetMinutes?: number;
}

export interface Evaluator {
  readonly plan: EvaluationPlan;
  get(itemId: string, instanceId?: string | null): ItemState | undefined;
  states(): ReadonlyMap<string, ItemState>;
  /** Sets (or with null clears) one answer; returns the keys whose state changed. */
  update(key: string, answer: Answer | null): string[];
  addInstance(repeatableId: string, instanceId: string): string[];
  removeInstance(repeatableId: string, instanceId: string): string[];
  instances(repeatableId: string): readonly string[];
  /** Re-evaluates the items whose rules read the clock (call when time has moved on). */
  refreshClock(): string[];
  /** Score totals: the template's, or a page's or section's (summed over repeat instances). */
  total(containerId?: string): Total;
}

export const DEFAULT_INSTANCE_ID = '1';
const TEMPLATE_TOTAL = '';

/** A min-heap of node keys by rank. */
class Queue {
  private heap: { rank: number; key: string }[] = [];
  private queued = new Set<string>();
  get size(): number {
    return this.heap.length;
  }
  push(rank: number, key: string): void {
    if (this.queued.has(key)) return;
    this.queued.add(key);
    const heap = this.heap;
    heap.push({ rank, key });
    let i = heap.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (heap[p].rank <= rank) break;
      heap[i] = heap[p]!;
      i = p;
    }
    heap[i] = { rank, key };
  }
  pop(): string {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        let lowest = last.rank;
        if (l < heap.length && heap[l].rank < lowest) lowest = heap[(m = l)].rank;
        if (r < heap.length && heap[r].rank < lowest) lowest = heap[(m = r)].rank;
        if (m === i) break;
        heap[i] = heap[m]!;
        i = m;
      }
      heap[i] = last;
    }
    this.queued.delete(top.key);
    return top.key;
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether a change of this state can change what others read from it. */
function feedsOthers(a: ItemState | undefined, b: ItemState): boolean {
  return (
    !a ||
    a.active !== b.active ||
    a.visible !== b.visible ||
    a.enabled !== b.enabled ||
    a.exclude_report !== b.exclude_report ||
    !sameValue(a.value, b.value)
  );
}

function sameState(a: ItemState, b: ItemState): boolean {
  return (
    !feedsOthers(a, b) &&
    a.required === b.required &&
    a.color === b.color &&
    a.answered === b.answered &&
    a.require_media === b.require_media &&
    a.require_note === b.require_note &&
    a.require_action.join() === b.require_action.join() &&
    a.score === b.score &&
    a.max_score === b.max_score &&
    a.rating === b.rating &&
    a.error === b.error
  );
}

export function createEvaluator(doc: TemplateDocument, options: EvaluatorOptions = {}): Evaluator {
  const plan = buildPlan(doc);
  const now = options.now ?? (() => new Date(0));
  const offset = options.utcOffsetMinutes ?? 0;
  const answers = new Map<string, Answer>(Object.entries(options.answers ?? {}));
  const states = new Map<string, ItemState>();
  const contributions = new Map<string, Points>();
  const totals = new Map<string, Points>();
  const instanceLists = new Map<string, string[]>();

  for (const scopeId of plan.scopeMembers.keys()) {
    const given = options.instances?.[scopeId];
    if (given) {
      instanceLists.set(scopeId, [...given]);
      continue;
    }
    const members = new Set(plan.scopeMembers.get(scopeId));
    const found: string[] = [];
    for (const key of answers.keys()) {
      const { itemId, instanceId } = parseAnswerKey(key);
      if (instanceId !== null && members.has(itemId) && !found.includes(instanceId)) found.push(instanceId);
    }
    instanceLists.set(scopeId, found.length > 0 ? found : [DEFAULT_INSTANCE_ID]);
  }

  const scopeOf = (id: string) => plan.scope.get(id) ?? null;

  function nodeKeys(itemId: string): string[] {
    const scope = scopeOf(itemId);
    if (scope === null) return [itemId];
    return (instanceLists.get(scope) ?? []).map((instance) => answerKey(itemId, instance));
  }

  /** The states of `readId` as seen from a node of `readerId` in `instance`. */
  function read(readId: string, readerId: string, instance: string | null): ItemState[] {
    const readScope = scopeOf(readId);
    if (readScope === null) {
      const state = states.get(readId);
      return state ? [state] : [];
    }
    if (readScope === scopeOf(readerId) && instance !== null) {
      const state = states.get(answerKey(readId, instance));
      return state ? [state] : [];
    }
    // Read from outside the repeatable (counters): every instance.
    return nodeKeys(readId)
      .map((key) => states.get(key))
      .filter((state): state is ItemState => state !== undefined);
  }

  function effectiveValue(readId: string, readerId: string, instance: string | null): unknown {
    const [state] = read(readId, readerId, instance);
    return state && state.active ? state.value : null;
  }

  /** A rule acting on `readerId`; a condition on the reader itself reads its fresh own value. */
  function ruleMatches(rule: CompiledRule, readerId: string, instance: string | null, ownValue: unknown): boolean {
    const clock = wallClock(now(), offset);
    return combine(
      rule.logic,
      rule.conditions.map(({ itemId, kind, condition }) =>
        evaluateCondition(kind, condition, itemId === readerId ? ownValue : effectiveValue(itemId, readerId, instance), {
          now: clock,
          utcOffsetMinutes: offset,
        }),
      ),
    );
  }

  function computeValue(
    item: Item,
    answer: Answer | undefined,
    instance: string | null,
  ): { value: unknown; error: ChecklistMessageCode | null } {
    switch (item.type) {
      case 'constant':
        return { value: toNumber(item.options.default_value), error: null };
      case 'calculation': {
        const calc = plan.calculations.get(item.id)!;
        if (!calc.expression) return { value: null, error: 'CKL_EQUATION_INVALID' };
        const scope: Record<string, number | null> = {};
        for (const variable of calc.variables) scope[variable.key] = toNumber(effectiveValue(variable.itemId, item.id, instance));
        const result = calc.expression.evaluate(scope);
        return { value: result === null ? null : roundTo(result, item.options.decimal), error: null };
      }
      case 'counter': {
        let count = 0;
        for (const id of plan.counters.get(item.id) ?? []) {
          for (const state of read(id, item.id, instance)) if (state.active && !isBlank(state.value)) count++;
        }
        return { value: count, error: null };
      }
      default:
        return { value: answer?.value ?? null, error: null };
    }
  }

  function compute(key: string): ItemState | undefined {
    const { itemId, instanceId } = parseAnswerKey(key);
    const item = plan.byId.get(itemId);
    if (!item) return undefined;
    const parentId = plan.parent.get(itemId) ?? null;
    const parent = parentId ? read(parentId, itemId, instanceId)[0] : undefined;
    const answer = answers.get(key);
    const o = item.options;

    let hideMatched = false;
    let showMatched = false;
    let hasShow = false;
    let enabled = !(o.read_only === true);
    let required = o.required === true;
    let color: string | null = null;
    let requireMedia = o.require_media === true;
    let requireNote = o.require_note === true;
    const requireAction: RequiredActionKind[] = o.require_issue === true ? ['issue'] : [];
    let excludeReport = o.exclude_report === true;
    let setValue: { value: unknown } | null = null;
    let setValueIfEmpty: { value: unknown } | null = null;
    let scoreOverride: number | null = null;
    let rating: number | null = null;

    // The own value comes first: rules may read it (a color on the question itself), and
    // validation keeps rules from setting the value or visibility of their own dependency.
    const computed = computeValue(item, answer, instanceId);
    const ownValue = parent && !parent.active ? null : computed.value;
    const matches = new Map<CompiledRule, boolean>();
    for (const { rule, action } of plan.targeting.get(itemId) ?? []) {
      let matched = matches.get(rule);
      if (matched === undefined) matches.set(rule, (matched = ruleMatches(rule, itemId, instanceId, ownValue)));
      switch (action.type) {
        case 'set_hidden':
          if (!action.value) hasShow = true;
          if (matched) {
            if (action.value) hideMatched = true;
            else showMatched = true;
          }
          break;
        case 'enable':
          if (matched) enabled = true;
          break;
        case 'disable':
          if (matched) enabled = false;
          break;
        case 'enable_else_disable':
          enabled = matched;
          break;
        case 'disable_else_enable':
          enabled = !matched;
          break;
        case 'required':
          if (matched) required = true;
          break;
        case 'not_required':
          if (matched) required = false;
          break;
        case 'required_else_not_required':
          required = matched;
          break;
        case 'set_color':
          if (matched) color = action.color === 'custom' ? (action.custom_color ?? null) : RULE_COLOR_VALUES[action.color];
          break;
        case 'require_media':
          if (matched) requireMedia = true;
          break;
        case 'require_note':
          if (matched) requireNote = true;
          break;
        case 'require_action':
          if (matched && !requireAction.includes(action.value)) requireAction.push(action.value);
          break;
        case 'set_value':
          if (matched) setValue = { value: action.value };
          break;
        case 'set_value_not_answered':
          if (matched) setValueIfEmpty = { value: action.value };
          break;
        case 'set_score':
          if (matched) scoreOverride = action.value;
          break;
        case 'set_rating':
          if (matched) rating = action.value;
          break;
        case 'exclude_report':
          if (matched) excludeReport = action.value;
          break;
      }
    }

    const ruleHidden = hideMatched || (!showMatched && hasShow);
    const optionHidden = o.hidden === true || o.not_visible === true;
    const active = (parent ? parent.active : true) && !ruleHidden;
    const visible = (parent ? parent.visible : true) && active && (showMatched || !optionHidden);
    const answered = !isBlank(answer?.value);
    let value = computed.value;
    if (setValueIfEmpty && !answered) value = setValueIfEmpty.value;
    if (setValue) value = setValue.value;

    if (color === null) {
      const choices = plan.choices.get(itemId);
      if (choices && typeof value === 'string') color = choices.find((choice) => choice.uuid === value)?.color ?? null;
    }
    const points = visible ? scoreItem(item, value, plan.choices.get(itemId) ?? [], scoreOverride) : null;

    return {
      key,
      item_id: itemId,
      instance_id: instanceId,
      visible,
      active,
      enabled: (parent ? parent.enabled : true) && enabled,
      required: visible && required,
      color,
      value,
      answered,
      require_media: visible && requireMedia,
      require_note: visible && requireNote,
      require_action: visible ? requireAction : [],
      exclude_report: (parent ? parent.exclude_report : false) || excludeReport,
      score: points ? points.score : null,
      max_score: points ? points.max : null,
      rating: rating ?? answer?.rating ?? null,
      error: computed.error,
    };
  }

  function applyContribution(key: string, itemId: string, state: ItemState | undefined): void {
    const before = contributions.get(key);
    const after: Points | undefined =
      state && state.score !== null && state.max_score !== null ? { score: state.score, max: state.max_score } : undefined;
    if (before?.score === after?.score && before?.max === after?.max) return;
    const dScore = (after?.score ?? 0) - (before?.score ?? 0);
    const dMax = (after?.max ?? 0) - (before?.max ?? 0);
    if (after) contributions.set(key, after);
    else contributions.delete(key);
    for (const container of [...(plan.containers.get(itemId) ?? []), TEMPLATE_TOTAL]) {
      const total = totals.get(container) ?? { score: 0, max: 0 };
      totals.set(container, { score: total.score + dScore, max: total.max + dMax });
    }
  }

  function pushDependents(queue: Queue, itemId: string, instanceId: string | null): void {
    const scope = scopeOf(itemId);
    for (const reader of plan.dependents.get(itemId) ?? []) {
      const readerScope = scopeOf(reader);
      const rank = plan.rank.get(reader)!;
      if (readerScope === null) queue.push(rank, reader);
      else if (readerScope === scope && instanceId !== null) queue.push(rank, answerKey(reader, instanceId));
      else if (scope === null) for (const key of nodeKeys(reader)) queue.push(rank, key);
    }
  }

  function run(queue: Queue): string[] {
    const changed: string[] = [];
    while (queue.size > 0) {
      const key = queue.pop();
      const { itemId, instanceId } = parseAnswerKey(key);
      const before = states.get(key);
      const after = compute(key);
      if (!after) continue;
      if (before && sameState(before, after)) continue;
      states.set(key, after);
      applyContribution(key, itemId, after);
      changed.push(key);
      if (feedsOthers(before, after)) pushDependents(queue, itemId, instanceId);
    }
    return changed;
  }

  function addInstance(repeatableId: string, instanceId: string): string[] {
    const list = instanceLists.get(repeatableId);
    if (!list || list.includes(instanceId)) return [];
    list.push(instanceId);
    const queue = new Queue();
    for (const member of plan.scopeMembers.get(repeatableId) ?? []) {
      queue.push(plan.rank.get(member)!, answerKey(member, instanceId));
      for (const reader of plan.dependents.get(member) ?? []) {
        if (scopeOf(reader) === null) queue.push(plan.rank.get(reader)!, reader);
      }
    }
    return run(queue);
  }

  // First evaluation: every node, in rank order.
  {
    const queue = new Queue();
    for (const item of plan.items) for (const key of nodeKeys(item.id)) queue.push(plan.rank.get(item.id)!, key);
    run(queue);
  }

  return {
    plan,
    get(itemId, instanceId = null) {
      return states.get(answerKey(itemId, instanceId));
    },
    states() {
      return states;
    },
    update(key, answer) {
      const { itemId } = parseAnswerKey(key);
      if (!plan.byId.has(itemId)) return [];
      if (answer === null) answers.delete(key);
      else answers.set(key, answer);
      if (!states.has(key)) {
        // An answer for a repeat instance not seen yet opens that instance.
        const { instanceId } = parseAnswerKey(key);
        const scope = scopeOf(itemId);
        return scope !== null && instanceId !== null && answer !== null ? addInstance(scope, instanceId) : [];
      }
      const queue = new Queue();
      queue.push(plan.rank.get(itemId)!, key);
      return run(queue);
    },
    addInstance,
    removeInstance(repeatableId, instanceId) {
      const list = instanceLists.get(repeatableId);
      const at = list ? list.indexOf(instanceId) : -1;
      if (!list || at < 0) return [];
      list.splice(at, 1);
      const removed: string[] = [];
      const queue = new Queue();
      for (const member of plan.scopeMembers.get(repeatableId) ?? []) {
        const key = answerKey(member, instanceId);
        if (states.delete(key)) removed.push(key);
        applyContribution(key, member, undefined);
        answers.delete(key);
        for (const reader of plan.dependents.get(member) ?? []) {
          if (scopeOf(reader) === null) queue.push(plan.rank.get(reader)!, reader);
        }
      }
      return [...removed, ...run(queue)];
    },
    instances(repeatableId) {
      return instanceLists.get(repeatableId) ?? [];
    },
    refreshClock() {
      const queue = new Queue();
      for (const id of plan.dateSensitive) for (const key of nodeKeys(id)) queue.push(plan.rank.get(id)!, key);
      return run(queue);
    },
    total(containerId = TEMPLATE_TOTAL) {
      const points = totals.get(containerId) ?? { score: 0, max: 0 };
      return { ...points, percentage: toPercentage(points) };
    },
  };
}

/** One-shot evaluation: every item's state for these answers. */
export function evaluateDocument(doc: TemplateDocument, options: EvaluatorOptions = {}): ReadonlyMap<string, ItemState> {
  return createEvaluator(doc, options).states();
}
