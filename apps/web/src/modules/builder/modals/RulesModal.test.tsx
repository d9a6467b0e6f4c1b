import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { RuleSet, TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import type { Plan } from '@vigil/contracts';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { RulesModal } from './RulesModal.tsx';

function sample(ruleSet?: RuleSet): TemplateDocument {
  return buildDocument(
    [
      {
        id: 'p1',
        type: 'page',
        children: [
          { id: 'q1', type: 'yesno', title: 'Guard fitted?', options: ruleSet ? { rule_set_id: ruleSet.uuid } : {} },
          { id: 'q2', type: 'textAnswer', title: 'What is missing?' },
          { id: 'q3', type: 'oknot', title: 'Tagged out?' },
        ],
      },
    ],
    { title: 'Forklift', rule_sets: ruleSet ? [ruleSet] : [] },
  );
}

const ruleSet = (actions: RuleSet['rules'][number]['actions']): RuleSet => ({
  uuid: 'rs1',
  has_visibility: false,
  related_items: [],
  action_items: [],
  rules: [{ uuid: 'r1', logic: 'and', conditions: [{ item_id: 'q1', operator: 'equals', value: 'no' }], actions }],
});

async function open(doc: TemplateDocument, itemId: string, plan: Plan = 'standard') {
  const onApply = vi.fn();
  const onClose = vi.fn();
  await renderWithSession(<RulesModal document={doc} itemId={itemId} open onApply={onApply} onClose={onClose} />, makeSession({ plan }));
  return { onApply, onClose };
}

describe('RulesModal', { timeout: 20_000 }, () => {
  it('refuses a rule without actions with the domain message', async () => {
    const { onApply } = await open(sample(), 'q1');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Actions must not be empty');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('refuses a rule set without rules', async () => {
    const { onApply } = await open(sample(), 'q1');
    fireEvent.click(screen.getByRole('button', { name: 'Remove rule 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('A rule set needs at least one rule');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('offers the operators of a yes/no question and its own responses as values', async () => {
    await open(sample(ruleSet([{ type: 'required', item_id: 'q2' }])), 'q1');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rule 1 Question 1 Operator' }));
    await screen.findAllByRole('option');
    const operators = [...document.querySelectorAll('.ant-select-item-option-content')].map((option) => option.textContent);
    expect(operators).toEqual(['is', 'is not', 'is one of', 'is none of', 'is not answered', 'is answered']);
    expect(screen.getAllByText('No').length).toBeGreaterThan(0);
  });

  it('names the built-in yes/no and ok/not ok responses in the interface language', async () => {
    await open(sample(ruleSet([{ type: 'set_value', item_id: 'q3', value: 'not_ok' }])), 'q1');
    await act(() => changeLanguage('ar'));
    try {
      const value = (name: string) => screen.getByRole('combobox', { name }).closest('.ant-select-content')?.getAttribute('title');
      expect(value('القاعدة 1 السؤال 1 القيمة')).toBe('لا');
      expect(value('القاعدة 1 الإجراء 1 القيمة')).toBe('غير مقبول');
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('adds an action on the next question and applies the rule set through the domain', async () => {
    const { onApply } = await open(sample(), 'q1');
    fireEvent.click(screen.getByRole('button', { name: 'Add action' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    const next = onApply.mock.calls[0][0] as TemplateDocument;
    const owner = next.items.find((item) => item.id === 'q1')!;
    const saved = next.rule_sets.find((set) => set.uuid === owner.options.rule_set_id)!;
    expect(saved.rules[0].actions).toEqual([{ type: 'set_hidden', item_id: 'q2', value: false }]);
    expect(saved).toMatchObject({ related_items: ['q1'], action_items: ['q2'], has_visibility: true });
  });

  it('offers a value fitting the target of a set value action', async () => {
    const { onApply } = await open(sample(ruleSet([{ type: 'set_value', item_id: 'q3', value: '' }])), 'q1');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rule 1 Action 1 Value' }));
    await screen.findAllByRole('option');
    expect([...document.querySelectorAll('.ant-select-item-option-content')].map((option) => option.textContent)).toContain('Not OK');
    fireEvent.click(document.querySelector('.ant-select-item-option[title="Not OK"]')!);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const next = onApply.mock.calls[0][0] as TemplateDocument;
    expect(next.rule_sets[0].rules[0].actions).toEqual([{ type: 'set_value', item_id: 'q3', value: 'not_ok' }]);
  });

  it('refuses showing or hiding the question the condition reads', async () => {
    const { onApply } = await open(sample(ruleSet([{ type: 'set_hidden', item_id: 'q1', value: true }])), 'q1');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Visibility cannot be changed on an item used inside a logical condition',
    );
    expect(onApply).not.toHaveBeenCalled();
  });

  it('refuses a dependency on a later question', async () => {
    const later: RuleSet = { ...ruleSet([{ type: 'set_value', item_id: 'q1', value: 'yes' }]) };
    later.rules[0].conditions = [{ item_id: 'q2', operator: 'equals', value: 'x' }];
    const { onApply } = await open(sample(later), 'q1');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Dependencies may only refer to earlier questions');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('takes dates as YYYY-MM-DDTHH:mm:ss, the current date or a relative date', async () => {
    const dated = (value: unknown): TemplateDocument => {
      const set: RuleSet = { ...ruleSet([{ type: 'required', item_id: 'q2' }]) };
      set.rules[0].conditions = [{ item_id: 'when', operator: 'greater', value }];
      const doc = buildDocument(
        [
          {
            id: 'p1',
            type: 'page',
            children: [
              { id: 'when', type: 'datetime', title: 'Last service', options: { rule_set_id: 'rs1' } },
              { id: 'q2', type: 'textAnswer' },
            ],
          },
        ],
        { title: 'Service', rule_sets: [set] },
      );
      return doc;
    };
    const refused = await open(dated('2024-05-01 10:00'), 'when');
    expect(screen.getByRole('combobox', { name: 'Rule 1 Question 1 Value Date' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Dates must be written as YYYY-MM-DDTHH:mm:ss');
    expect(refused.onApply).not.toHaveBeenCalled();
    cleanup();
    const relative = await open(dated({ fn: 'relative_date', amount: -1, unit: 'month' }), 'when');
    expect(screen.getByRole('spinbutton', { name: 'Rule 1 Question 1 Value Amount' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(relative.onApply).toHaveBeenCalledTimes(1);
  });

  it('removes every rule of the item', async () => {
    const { onApply } = await open(sample(ruleSet([{ type: 'required', item_id: 'q2' }])), 'q1');
    fireEvent.click(screen.getByRole('button', { name: 'Remove all rules' }));
    const next = onApply.mock.calls[0][0] as TemplateDocument;
    expect(next.rule_sets).toEqual([]);
    expect(next.items.find((item) => item.id === 'q1')!.options.rule_set_id).toBe('');
  });

  it('shows the upgrade prompt without ckl_rule', async () => {
    await open(sample(), 'q1', 'free');
    expect(screen.queryByTestId('rules-modal')).toBeNull();
  });
});
