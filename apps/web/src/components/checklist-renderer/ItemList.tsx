import { DeleteOutlined, DownOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { answerKey, isBlank, parseAnswerKey, type Item, type ItemState } from '@vigil/checklist';
import { App, Button, Typography } from 'antd';
import { memo, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useChecklistScope } from './ChecklistScope.ts';
import { Question } from './Question.tsx';
import { errorsOf, useRenderFrame } from './render-frame.ts';
import { ScoreTag } from './ScoreTag.tsx';
import { useSectionState } from './section-state.ts';

interface ListProps {
  items: readonly Item[];
  childrenOf: ReadonlyMap<string, readonly Item[]>;
  /** The repeat instance these items belong to, inside a repeatable section. */
  instanceId: string | null;
}

/**
 * The visible children of a page or section, read from the evaluator on every render (after each
 * answer); questions whose state object did not change skip their render (memo). ItemList, Section and
 * Repeated render each other, so they share this file (docs/architecture.md, "No file cycle").
 */
export function ItemList({ items, childrenOf, instanceId }: ListProps) {
  const { evaluator, keyOf, answerOf } = useChecklistScope();
  const { touched, errors, stamps } = useRenderFrame();
  return (
    <>
      {items.map((item) => {
        const scope = evaluator.plan.scope.get(item.id) ?? null;
        if (scope === item.id && item.type !== 'repeating_group') {
          return <Repeated key={item.id} item={item} childrenOf={childrenOf} />;
        }
        const key = scope === null ? item.id : instanceId !== null ? answerKey(item.id, instanceId) : keyOf(item.id);
        const state = evaluator.get(item.id, parseAnswerKey(key).instanceId);
        if (!state || !state.visible) return null;
        if (item.type === 'section') {
          return (
            <Section
              key={item.id}
              item={item}
              state={state}
              sectionKey={key}
              childrenOf={childrenOf}
              instanceId={parseAnswerKey(key).instanceId}
              stamp={stamps.get(key) ?? 0}
            />
          );
        }
        return (
          <Question
            key={item.id}
            item={item}
            state={state}
            answer={answerOf(key)}
            answerKey={key}
            touched={touched.has(key)}
            errors={errorsOf(errors, key)}
          />
        );
      })}
    </>
  );
}

interface SectionProps extends Omit<ListProps, 'items'> {
  item: Item;
  state: ItemState;
  sectionKey: string;
  /** "Entry 2" before a repeat instance's title. */
  entry?: string;
  /** Moves when something inside changed (render-frame.ts): the section renders again only then. */
  stamp: number;
}

/**
 * A section and its visible children, folded and unfolded by its title (a button that says whether it
 * is open). Memoised on its stamp, its state and the document's tree.
 */
const Section = memo(function Section({ item, state, sectionKey, childrenOf, instanceId, entry }: SectionProps) {
  const { t } = useTranslation('checklist-renderer');
  const { evaluator } = useChecklistScope();
  const { collapsed, toggle } = useSectionState();
  const bodyId = useId();
  const open = !collapsed.has(sectionKey);
  const title = item.title.trim() || t('untitled');
  return (
    <fieldset
      className="checklist-section"
      data-testid="checklist-item"
      data-item-id={item.id}
      data-answer-key={sectionKey}
      disabled={!state.enabled}
      style={state.color ? { borderInlineStartColor: state.color } : undefined}
    >
      <legend>
        <button
          type="button"
          className="checklist-section-toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => toggle(sectionKey)}
        >
          {open ? <DownOutlined aria-hidden /> : <RightOutlined aria-hidden className="checklist-flip-rtl" />}
          <span>
            {entry && <span className="checklist-entry-label">{entry} · </span>}
            {title}
          </span>
        </button>
        <ScoreTag total={evaluator.total(item.id)} testId="checklist-section-score" />
      </legend>
      <div id={bodyId} hidden={!open}>
        {open && <ItemList items={childrenOf.get(item.id) ?? []} childrenOf={childrenOf} instanceId={instanceId} />}
      </div>
    </fieldset>
  );
});

interface RepeatedProps {
  item: Item;
  childrenOf: ReadonlyMap<string, readonly Item[]>;
}

/**
 * A repeatable section or question: each repeat instance in turn (its answers keyed `itemId@instanceId`),
 * with "Add" at the end and "Remove" on each, within the repeat settings' minimum and maximum. Removing
 * an instance that holds answers asks first. Without the session's addInstance, the instances it has show.
 */
function Repeated({ item, childrenOf }: RepeatedProps) {
  const { t } = useTranslation('checklist-renderer');
  const { touched, errors, stamps } = useRenderFrame();
  const { modal } = App.useApp();
  const { evaluator, answerOf, addInstance, removeInstance, readOnly } = useChecklistScope();
  const addRef = useRef<HTMLButtonElement>(null);
  const groupRef = useRef<HTMLDivElement>(null);
  const focusAfter = useRef<'added' | 'removed' | null>(null);
  const instances = evaluator.instances(item.id);
  const settings = item.options.repeatable_settings;
  const min = Math.max(1, settings?.min ?? 1);
  const max = settings?.max ?? null;
  const title = item.title.trim() || t('untitled');
  const count = instances.length;

  useEffect(() => {
    if (focusAfter.current === null) return;
    const group = groupRef.current;
    if (focusAfter.current === 'added') {
      const last = group?.querySelectorAll<HTMLElement>('[data-repeat-entry]');
      last?.[last.length - 1]?.querySelector<HTMLElement>('[data-entry-heading], .checklist-section-toggle')?.focus();
    } else (addRef.current ?? group)?.focus();
    focusAfter.current = null;
  }, [count]);

  const shown = instances
    .map((instanceId) => ({ instanceId, state: evaluator.get(item.id, instanceId) }))
    .filter((entry): entry is { instanceId: string; state: ItemState } => entry.state?.visible === true);
  if (shown.length === 0) return null;

  const hasAnswers = (instanceId: string) =>
    (evaluator.plan.scopeMembers.get(item.id) ?? []).some((member) => {
      const answer = answerOf(answerKey(member, instanceId));
      return answer !== undefined && (!isBlank(answer.value) || !!answer.note?.trim() || (answer.media?.length ?? 0) > 0);
    });
  const remove = (instanceId: string, entry: string) => {
    if (!removeInstance) return;
    const go = () => {
      focusAfter.current = 'removed';
      removeInstance(item.id, instanceId);
    };
    if (!hasAnswers(instanceId)) return go();
    modal.confirm({
      title: t('repeat.remove_title', { entry, title }),
      content: t('repeat.remove_content'),
      okText: t('repeat.remove'),
      okButtonProps: { danger: true },
      cancelText: t('repeat.keep'),
      onOk: go,
    });
  };
  const editable = !readOnly && shown.every((entry) => entry.state.enabled);
  const canRemove = editable && !!removeInstance && count > min;
  const canAdd = editable && !!addInstance && (max === null || count < max);

  return (
    <div
      className="checklist-repeat"
      role="group"
      aria-label={title}
      ref={groupRef}
      tabIndex={-1}
      data-testid="checklist-repeat"
      data-item-id={item.id}
    >
      {shown.map(({ instanceId, state }, index) => {
        const entry = t('repeat.entry', { number: index + 1 });
        const key = answerKey(item.id, instanceId);
        return (
          <div key={instanceId} className="checklist-repeat-entry" data-repeat-entry={instanceId}>
            {(item.type !== 'section' || canRemove) && (
              <div className="checklist-repeat-bar">
                {/* A section names its entry in its own title. */}
                {item.type !== 'section' ? (
                  <Typography.Text type="secondary" data-entry-heading tabIndex={-1}>
                    {entry}
                  </Typography.Text>
                ) : (
                  <span />
                )}
                {canRemove && (
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={t('repeat.remove_named', { entry, title })}
                    onClick={() => remove(instanceId, entry)}
                  >
                    {t('repeat.remove')}
                  </Button>
                )}
              </div>
            )}
            {item.type === 'section' ? (
              <Section
                item={item}
                state={state}
                sectionKey={key}
                childrenOf={childrenOf}
                instanceId={instanceId}
                entry={entry}
                stamp={stamps.get(key) ?? 0}
              />
            ) : (
              <Question
                item={item}
                state={state}
                answer={answerOf(key)}
                answerKey={key}
                touched={touched.has(key)}
                errors={errorsOf(errors, key)}
              />
            )}
          </div>
        );
      })}
      {canAdd && (
        <Button
          ref={addRef}
          icon={<PlusOutlined aria-hidden />}
          onClick={() => {
            focusAfter.current = 'added';
            addInstance(item.id);
          }}
        >
          {t('repeat.add', { title })}
        </Button>
      )}
      {!readOnly && (settings?.min || max !== null) && (
        <Typography.Text type="secondary" className="checklist-repeat-limits">
          {max !== null ? t('repeat.between', { min, max }) : t('repeat.at_least', { count: min })}
        </Typography.Text>
      )}
    </div>
  );
}
